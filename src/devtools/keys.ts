import type { WaitingRequest } from '../offline/retry'
import { FETCH, RECEIVE } from '../store/actionTypes'
import { selectMeta, type ResponseMeta, type SerializedError } from '../store/state'
import { tableKeys } from '../schema/table'
import type { RecordedAction, Recorder } from './recorder'

/**
 * Where a key stands, most urgent first: `error` (its last answer failed), `paused` (a request is
 * waiting for the network: offline), `fetching`, `invalid` (invalidated: the next read refetches
 * before showing), `stale` (shown, and refetched on the next read), `fresh`.
 */
export type KeyStatus = 'error' | 'paused' | 'fetching' | 'invalid' | 'stale' | 'fresh'

/** One endpoint key as the Keys tab lists it; times are on the store's clock, durations in ms. */
export interface KeyRow {
  readonly key: string
  readonly status: KeyStatus
  readonly meta: ResponseMeta | undefined
  readonly error: SerializedError | undefined
  /** Until the data goes stale: negative once it has; Infinity when it never does; undefined without an expiry. */
  readonly staleIn: number | undefined
  /**
   * Until the collector may remove it: undefined while something reads or fetches it (it is kept),
   * `Infinity` when its gcTime is.
   */
  readonly collectIn: number | undefined
  /** Components (and subscriptions) reading it now. */
  readonly readers: number
  /** Its endpoint's `pollFrequency`, while it is read (polling follows readers). */
  readonly pollEvery: number | undefined
  /** Until the next poll, counted from its last request (a poll runs every `pollEvery` from the first subscription). */
  readonly nextPollIn: number | undefined
  /** Retries since its last request that was no retry. */
  readonly retries: number
  /** When the latest retry was sent, if any. */
  readonly lastRetryAt: number | undefined
  /**
   * The retry its request waits out a backoff for (the OfflineManager's `waiting()`): which
   * attempt, and until it is sent (ms). Undefined when no retry is waiting.
   */
  readonly nextRetry: { readonly attempt: number; readonly in: number } | undefined
  /** Whether a read of it waits for the network to come back (the OfflineManager holds it while offline). */
  readonly waitsForNetwork: boolean
  /** The recorded actions about this key, oldest first (requests with their causes and durations). */
  readonly history: readonly RecordedAction[]
}

/** What `describeKeys` needs besides the recorder. */
export interface KeysContext {
  /** The store's clock now. */
  readonly now: number
  /** Whether requests can go out; false shows requests in flight as `paused`. Default: true. */
  readonly online?: boolean
  /** The requests the store's OfflineManager holds back (its `waiting()`), if it has one. */
  readonly waiting?: readonly WaitingRequest[]
}

/** The default gcTime (5 minutes), when the store reports none. */
const GC_TIME = 5 * 60_000
/** "Never", as actions carry it: the largest Date (Infinity does not survive JSON). */
const NEVER = 8.64e15

/**
 * Every endpoint key the store holds, or reads, or recorded an action about, with its status and
 * its timers at `now`. Takes a fresh sample of the readers first (`recorder.sample()`); otherwise
 * pure: the same recording, state and `now` give the same rows, which the countdown tests rely on.
 */
export function describeKeys(recorder: Recorder, { now, online = true, waiting = [] }: KeysContext): KeyRow[] {
  recorder.sample()
  const { store } = recorder
  const state = store.getState()
  const inspection = store.inspect()
  const readers = new Map<string, { count: number; poll: number | undefined }>()
  for (const read of inspection.readers.entries()) readers.set(read.key, { count: read.count, poll: read.endpoint.pollFrequency || undefined })
  const history = new Map<string, RecordedAction[]>()
  for (const entry of recorder.actions()) for (const key of entry.keys) (history.get(key) ?? history.set(key, []).get(key)!).push(entry)
  const keys = new Set([...tableKeys(state.meta), ...tableKeys(state.endpoints), ...readers.keys()])
  const defaultGcTime = inspection.collector?.gcTime ?? GC_TIME
  return [...keys].sort().map((key) => {
    const meta = selectMeta(state, key)
    const read = readers.get(key)
    const mine = history.get(key) ?? []
    const fetching = !!meta?.pending || inspection.requests.isFetching(key)
    const waits = waiting.filter((wait) => wait.key === key)
    const backoff = waits.find((wait) => wait.reason === 'backoff')
    const waitsForNetwork = waits.some((wait) => wait.reason === 'network')
    const status: KeyStatus = meta?.error
      ? 'error'
      : waitsForNetwork || (fetching && !online)
        ? 'paused'
        : fetching
          ? 'fetching'
          : meta?.invalidated
            ? 'invalid'
            : meta?.expiresAt === undefined || now > meta.expiresAt
              ? 'stale'
              : 'fresh'
    // The collector keeps a key while it is read or fetched; then its gcTime counts from the later
    // of its last answer and the moment its last reader left.
    let collectIn: number | undefined
    if (!read && !fetching) {
      const gcTime = lastGcTime(mine) ?? defaultGcTime
      const since = Math.max(meta?.date ?? 0, recorder.readersLeftAt(key) ?? 0)
      collectIn = gcTime >= NEVER ? Infinity : since + gcTime - now
    }
    const { retries, lastRetryAt } = retriesOf(mine)
    const pollEvery = read?.poll
    const lastRequest = meta?.fetchedAt
    return {
      key,
      status,
      meta,
      error: meta?.error,
      staleIn: meta?.expiresAt === undefined ? undefined : meta.expiresAt >= NEVER ? Infinity : meta.expiresAt - now,
      collectIn,
      readers: read?.count ?? 0,
      pollEvery,
      nextPollIn: pollEvery === undefined || lastRequest === undefined ? undefined : lastRequest + pollEvery - now,
      retries,
      lastRetryAt,
      nextRetry: backoff && { attempt: backoff.attempt, in: (backoff.retryAt ?? now) - now },
      waitsForNetwork,
      history: mine,
    }
  })
}

/** The gcTime the key's latest response set for itself, if it did. */
function lastGcTime(history: readonly RecordedAction[]): number | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const action = history[i]!.action
    if (action.type === RECEIVE) return action.meta.gcTime
  }
  return undefined
}

/** The retries after the key's last fetch that was not one. */
function retriesOf(history: readonly RecordedAction[]): { retries: number; lastRetryAt: number | undefined } {
  let retries = 0
  let lastRetryAt: number | undefined
  for (const entry of history) {
    if (entry.action.type !== FETCH) continue
    if (entry.cause === 'retry') {
      retries++
      lastRetryAt = entry.time
    } else {
      retries = 0
      lastRetryAt = undefined
    }
  }
  return { retries, lastRetryAt }
}

/**
 * A duration for a countdown: `12 s`, `4 min 05 s`, `1 h 02 min`; `now` within a second of zero,
 * `never` for Infinity, and `3 s ago` for a time past.
 */
export function formatCountdown(ms: number): string {
  if (ms === Infinity) return 'never'
  const past = ms < 0
  const seconds = Math.floor(Math.abs(ms) / 1000)
  if (seconds === 0) return 'now'
  const pad = (n: number) => String(n).padStart(2, '0')
  const text =
    seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s` : `${Math.floor(seconds / 3600)} h ${pad(Math.floor(seconds / 60) % 60)} min`
  return past ? `${text} ago` : text
}
