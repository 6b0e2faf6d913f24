'use client'
import { readEntry, type RecordTable } from '../schema/table'
import { selectResult } from '../store/state'
import { DataTree } from './DataTree'
import { keyActions } from './keyActions'
import { formatCountdown, type KeyRow } from './keys'
import type { Recorder } from './recorder'

/** When a store time happened, as the panel shows it: the time of day, to the millisecond. */
export function clockTime(time: number): string {
  return new Date(time).toISOString().slice(11, 23)
}

/** One key: its data (denormalized when a reader showed its endpoint), records, meta, request history and actions. */
export function KeyDetail({ recorder, row, now }: { recorder: Recorder; row: KeyRow; now: number }) {
  const { store } = recorder
  const state = store.getState()
  const read = recorder.readOf(row.key)
  const actions = keyActions(recorder, row.key)
  let data: unknown = selectResult(state, row.key)
  let records: unknown
  if (read) {
    data = store.controller.getResponse(read.endpoint, ...(read.args as []), state).data ?? data
    // The normalized records the data is built from, by type and pk, as the state holds them.
    records = Object.fromEntries(store.controller.pathsOf(read.endpoint, read.args, state).map((path) => [`${path.key} ${path.pk}`, readEntry((state.entities as Record<string, RecordTable>)[path.key], path.pk)]))
  }
  return (
    <section aria-label={`Key ${row.key}`}>
      <h3>{row.key}</h3>
      <div className="td-tools" role="group" aria-label="Key actions">
        <button type="button" onClick={actions.refetch} disabled={!actions.known}>
          Refetch
        </button>
        <button type="button" onClick={actions.invalidate}>
          Invalidate
        </button>
        <button type="button" onClick={actions.remove}>
          Remove
        </button>
        <button type="button" onClick={actions.forceLoading} disabled={!actions.known}>
          Force loading
        </button>
        <button type="button" onClick={actions.release} disabled={!actions.known}>
          Release loading
        </button>
        <button type="button" onClick={actions.forceError}>
          Force error
        </button>
      </div>
      <h3>Meta</h3>
      <table aria-label="Meta">
        <tbody>
          <tr>
            <th>Fetched</th>
            <td>{row.meta?.date === undefined ? '–' : `${clockTime(row.meta.date)} (${formatCountdown(row.meta.date - now)})`}</td>
          </tr>
          <tr>
            <th>Expires</th>
            <td>{row.meta?.expiresAt === undefined ? '–' : `${clockTime(row.meta.expiresAt)} (${formatCountdown(row.meta.expiresAt - now)})`}</td>
          </tr>
          <tr>
            <th>Error</th>
            <td>{row.error ? `${row.error.name}: ${row.error.message}` : '–'}</td>
          </tr>
        </tbody>
      </table>
      <h3>Data</h3>
      <DataTree value={data} label="data" />
      {records !== undefined && (
        <>
          <h3>Records</h3>
          <DataTree value={records} label="records" />
        </>
      )}
      <h3>Requests</h3>
      <ol aria-label="Request history">
        {row.history.map((entry) => (
          <li key={entry.id}>
            #{entry.id} {clockTime(entry.time)} {entry.label}
            {entry.cause && ` · cause: ${entry.cause}${entry.attempt ? ` ${entry.attempt}` : ''}`}
            {entry.duration !== undefined && ` · ${entry.duration} ms`}
          </li>
        ))}
      </ol>
    </section>
  )
}
