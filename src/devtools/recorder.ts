import type { Action, FetchAction } from '../store/actions'
import { BATCH, FETCH, HYDRATE, RECEIVE } from '../store/actionTypes'
import type { Store } from '../store/createStore'
import type { State } from '../store/state'
import { createReaderLog, type KnownRead } from './readerLog'
import { createTravel } from './travel'

export type { KnownRead } from './readerLog'

/** A session replayed through the reducer, ready for `recorder.load` (see `replaySession`). */
export interface ReplayedSession {
  readonly name: string
  readonly initialState: State
  readonly actions: readonly RecordedAction[]
}

/** One action the store applied, as the devtools show it. */
export interface RecordedAction {
  /** Its place in the recording (1, 2, …), stable while it is kept. */
  readonly id: number
  /** When the store applied it, on the store's clock (`controller.now()`). */
  readonly time: number
  /** The action type without its `tessera/` prefix (`receive`, `fetch`…); a failed response reads `receive error`. */
  readonly label: string
  /** The endpoint keys it is about (a batch: those of the actions in it). */
  readonly keys: readonly string[]
  /** Why a request went out (`first-read`, `poll`, `retry`…), for a fetch; on a batch, the first one's. */
  readonly cause?: string
  /** For a retry, which attempt (1 for the first retry). */
  readonly attempt?: number
  /** For a response or an error: how long its request took (arrival minus start), in whole ms. */
  readonly duration?: number
  readonly action: Action
  /** The state right after it: what time travel puts back. */
  readonly state: State
}

/** Options of `createRecorder`. */
export interface RecorderOptions {
  /** The name shown in the panel's store picker (default "store"). */
  readonly name?: string
  /** How many actions are kept; older ones are dropped, the oldest kept state becoming the start (default 500). */
  readonly maxActions?: number
}

/**
 * The devtools' model of one store: every action it applies, with the time, keys, cause, request
 * duration and the state after it; time travel over those states; and what the store's services
 * said about mounted readers (the moment the last reader of a key left, which the store's registry
 * reports as it happens, for the countdown to collection). Headless: the panel renders it, a test drives it. Everything is read through the
 * store's public API (`subscribe`, `getState`, `replaceState`, `inspect`).
 */
export interface Recorder {
  readonly name: string
  readonly store: Store
  /** The state before the first kept action (what a session replays from). */
  readonly initialState: State
  /** The kept actions, oldest first; a new array whenever something changes. */
  actions(): readonly RecordedAction[]
  /** Calls `listener` after each change of `actions()` or of the travel position; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
  /** The id of the action whose state the store shows, or undefined when it shows the present. */
  readonly position: number | undefined
  /**
   * Puts the state after action `id` in the store (`store.replaceState`, which sends no request;
   * a mounted read that finds its data missing or stale there fetches as usual), or,
   * with undefined, goes back to the present: the state when travel began, with every action the
   * store applied meanwhile (a response that arrived) applied to it.
   * @throws {RangeError} for an id that is not kept.
   */
  travel(id: number | undefined): void
  /**
   * Looks at the store's mounted readers now: remembers the endpoint of every read it sees (so a
   * key can be refetched after its readers left).
   */
  sample(): void
  /** When the last reader of `key` went away (store clock, told by the store's registry as it happened), if it did while recorded. */
  readersLeftAt(key: string): number | undefined
  /** The endpoint and arguments behind `key`, if a reader of it was ever seen. */
  readOf(key: string): KnownRead | undefined
  /**
   * Shows a replayed session (see `replaySession`) instead of the recording: its actions become
   * `actions()`, the store shows the state after its last one, and `travel` steps through it.
   * `travel(undefined)` leaves it: the recording and the present come back.
   */
  load(session: ReplayedSession): void
  /** The name of the loaded session, while one is shown. */
  readonly loaded: string | undefined
  /** Stops recording (the store is left as it is; a travel in progress goes back to the present first). */
  detach(): void
}

/** The type without its namespace, and `receive error` for a failed response. */
export function labelOf(action: Action): string {
  const name = action.type.replace(/^tessera\//, '')
  return action.type === RECEIVE && action.error === true ? `${name} error` : name
}

/** The endpoint keys an action is about. */
export function keysOf(action: Action): string[] {
  if (action.type === BATCH || action.type === HYDRATE) return [...new Set(action.actions.flatMap(keysOf))]
  if ('key' in action) return [action.key]
  if ('keys' in action) return [...action.keys]
  return []
}

/** The first fetch in an action (itself, or the first of a batch). */
function fetchIn(action: Action): FetchAction | undefined {
  if (action.type === FETCH) return action
  if (action.type === BATCH) for (const inner of action.actions) if (inner.type === FETCH) return inner
  return undefined
}

/** Describes one applied action (`id`, `time`, the state after it). */
export function describeAction(id: number, time: number, action: Action, state: State): RecordedAction {
  const fetch = fetchIn(action)
  const receive = action.type === RECEIVE ? action : undefined
  return {
    id,
    time,
    label: labelOf(action),
    keys: keysOf(action),
    ...(fetch?.cause !== undefined && { cause: fetch.cause }),
    ...(fetch?.attempt !== undefined && { attempt: fetch.attempt }),
    // Arrival minus start, both on the store's clock, so a replayed log shows the same figure.
    ...(receive && { duration: Math.max(0, Math.round(receive.meta.date - receive.meta.fetchedAt)) }),
    action,
    state,
  }
}

/** Starts recording what `store` applies from now on. */
export function createRecorder(store: Store, options: RecorderOptions = {}): Recorder {
  const max = Math.max(1, options.maxActions ?? 500)
  const listeners = new Set<() => void>()
  let kept: RecordedAction[] = []
  let snapshot: readonly RecordedAction[] = []
  let initialState = store.getState()
  let nextId = 1
  const travel = createTravel(store)
  // While a session is shown: the recording it stands in for, and the session's name.
  let live: { kept: RecordedAction[]; initialState: State } | undefined
  let loaded: string | undefined
  // A key losing its last reader redraws the panel at once: its countdown to collection starts.
  const readers = createReaderLog(store, () => notify())

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }
  const stop = store.subscribe((action) => {
    // The travel's own jumps are no change to record.
    if (travel.jumping) return
    travel.observe(action)
    const into = live?.kept ?? kept
    into.push(describeAction(nextId++, store.controller.now(), action, store.getState()))
    if (into.length > max) {
      const start = into.splice(0, into.length - max).pop()!.state
      if (live) live.initialState = start
      else initialState = start
    }
    if (!live) snapshot = kept.slice()
    recorder.sample()
    notify()
  })

  const recorder: Recorder = {
    name: options.name ?? 'store',
    store,
    get initialState() {
      return initialState
    },
    actions: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    get position() {
      return travel.position
    },
    travel(id) {
      if (id === undefined) {
        if (!travel.back()) return
        // Leaving a loaded session: the recording comes back.
        if (live) ({ kept, initialState } = live)
        live = loaded = undefined
        snapshot = kept.slice()
        return notify()
      }
      const target = kept.find((entry) => entry.id === id)
      if (target === undefined) throw new RangeError(`Tessera devtools: no action #${id} is kept (the recording holds #${kept[0]?.id ?? 0} to #${nextId - 1}).`)
      travel.go(id, target.state)
      notify()
    },
    load(session) {
      const last = session.actions[session.actions.length - 1]
      live ??= { kept, initialState }
      kept = [...session.actions]
      initialState = session.initialState
      snapshot = kept.slice()
      loaded = session.name
      travel.go(last?.id, last?.state ?? session.initialState)
      notify()
    },
    get loaded() {
      return loaded
    },
    sample: readers.sample,
    readersLeftAt: readers.leftAt,
    readOf: readers.readOf,
    detach() {
      recorder.travel(undefined)
      stop()
      readers.stop()
      listeners.clear()
    },
  }
  return recorder
}
