'use client'
import type { QueuedMutation } from '../offline/OfflineManager'
import { OPTIMISTIC } from '../store/actionTypes'
import { clockTime } from './KeyDetail'
import { describeWaitingMutations } from './mutations'
import type { RecordedAction, Recorder } from './recorder'

/**
 * One action in words: `#3 12:00:01.250 fetch GET /articles · cause: first-read · 120 ms`. A failed
 * answer to a mutation that had a guess (`guessed` holds the keys of those) says the guess was rolled back.
 */
export function describeEntry(entry: RecordedAction, guessed: ReadonlySet<string> = new Set()): string {
  const parts = [`#${entry.id}`, clockTime(entry.time), entry.action.type === OPTIMISTIC ? 'optimistic (guess)' : entry.label]
  if (entry.keys.length > 0) parts.push(entry.keys.join(', '))
  let text = parts.join(' ')
  if (entry.cause) text += ` · cause: ${entry.cause}${entry.attempt ? ` ${entry.attempt}` : ''}`
  if (entry.duration !== undefined) text += ` · ${entry.duration} ms`
  if (entry.label === 'receive error' && guessed.has(entry.keys[0]!)) text += ' · guess rolled back'
  return text
}

/**
 * The Timeline tab: every action, newest last; clicking one steps the app to the state after it
 * (nothing is fetched), "Back to the present" returns. Mutations waiting are listed above: those
 * in the OfflineManager's queue (`queued`, with or without a guess) and those sent, waiting for
 * their answer (shown by their guesses).
 */
export function TimelineTab({ recorder, online, queued }: { recorder: Recorder; online: boolean; queued: readonly QueuedMutation[] }) {
  const entries = recorder.actions()
  const position = recorder.position
  const waiting = describeWaitingMutations(recorder.store.getState(), queued)
  const guessed = new Set(entries.filter((entry) => entry.action.type === OPTIMISTIC).flatMap((entry) => entry.keys))
  return (
    <div>
      <div className="td-tools">
        {position === undefined ? (
          <span className="td-muted">Showing the present · {entries.length} actions</span>
        ) : (
          <>
            <strong>
              {recorder.loaded ? `Session "${recorder.loaded}": ` : ''}showing the state after #{position}
            </strong>
            <button type="button" onClick={() => recorder.travel(undefined)}>
              Back to the present
            </button>
          </>
        )}
      </div>
      {waiting.length > 0 && (
        <section aria-label="Waiting mutations">
          <h3>
            Waiting mutations ({waiting.length}){online ? '' : ' · queued until back online'}
          </h3>
          <ul>
            {waiting.map((mutation, i) => (
              <li key={i} data-status={mutation.status}>
                {mutation.key} · {mutation.guess ? `guess shown since ${clockTime(mutation.since)}` : `made at ${clockTime(mutation.since)}, no guess`}
                {mutation.status === 'sent' ? ' · waiting for its answer' : online ? ' · queued' : ' · queued (offline)'}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ol className="td-timeline" aria-label="Timeline">
        {entries.map((entry) => (
          <li key={entry.id} aria-current={entry.id === position ? 'step' : undefined}>
            <button type="button" title="Show the app in the state after this action" onClick={() => recorder.travel(entry.id)}>
              {describeEntry(entry, guessed)}
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}
