import type { EntitiesMetaTable, EntityTable } from '../schema/index'
import type { NormalizedResult } from '../schema/index'
import { BATCH, EXPIRE_ALL, FETCH, GC, HYDRATE, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RECEIVE, REPLACE_STATE, RESET, SUBSCRIBE, UNSUBSCRIBE } from './actionTypes'
import type { SerializedError, State } from './state'

/** Timing every response carries. */
export interface ReceiveMeta {
  readonly date: number
  readonly fetchedAt: number
  readonly expiresAt: number
  /** How long the data is kept once nobody reads it, when the endpoint sets its own `gcTime`. */
  readonly gcTime?: number
}

/**
 * Why a request went out, recorded on its fetch action so that "why did this refetch?" is
 * answered by reading the action log: 'manual' (a `controller.fetch` call), 'first-read' (nothing
 * cached yet), 'args-changed' (a reader moved to new arguments), 'stale', 'invalidated', 'focus' /
 * 'reconnect' (revalidation of what is on screen), 'poll', 'retry' (a failed request tried
 * again) and 'queued' (a mutation made offline, sent now).
 */
export type FetchCause = 'first-read' | 'args-changed' | 'stale' | 'invalidated' | 'focus' | 'reconnect' | 'poll' | 'retry' | 'queued' | 'manual'

/**
 * A request started, or started again: a retry (`attempt` 1, 2, …) or a queued mutation being
 * sent repeats the `key` and `fetchedAt` of the request it continues, so its answer still
 * settles that request (and its optimistic layer).
 */
export interface FetchAction {
  readonly type: typeof FETCH
  readonly key: string
  readonly args: readonly unknown[]
  readonly meta: { readonly fetchedAt: number }
  /** Why it was sent; absent in logs recorded before causes existed. */
  readonly cause?: FetchCause
  /** For a retry, which one (1 for the first retry). */
  readonly attempt?: number
}

/** What a receive action carries: a normalized result for one endpoint key. */
export interface NormalizedPayload {
  readonly key: string
  readonly args: readonly unknown[]
  readonly result: unknown
  readonly entities: EntityTable
  readonly entitiesMeta: EntitiesMetaTable
}

/** A response was normalized and is ready to be written to the cache. */
export interface ReceiveAction extends NormalizedPayload {
  readonly type: typeof RECEIVE
  readonly meta: ReceiveMeta
  /** New results for other keys (pagination appending to its list), computed before dispatch. */
  readonly updates?: { readonly [key: string]: unknown }
  readonly error?: undefined
  /**
   * The pks normalize wrote, per entity key, for the reducer (it then lists no table). Not part
   * of the action's JSON (non-enumerable): a logged or replayed action is the same without it.
   */
  readonly pks?: { readonly [key: string]: readonly string[] }
}

/** A request failed; the last good data stays. */
export interface ReceiveErrorAction {
  readonly type: typeof RECEIVE
  readonly key: string
  readonly args: readonly unknown[]
  readonly error: true
  readonly payload: SerializedError
  readonly errorPolicy?: 'hard' | 'soft'
  readonly meta: ReceiveMeta
}

/**
 * A mutation started whose result is guessed until it answers. Carries the call only: the guess
 * is recomputed from the endpoint's `getOptimisticResponse` on every read, against the newest
 * data, so the action stays plain JSON and a failed layer leaves nothing behind.
 */
export interface OptimisticAction {
  readonly type: typeof OPTIMISTIC
  readonly key: string
  readonly args: readonly unknown[]
  readonly meta: { readonly fetchedAt: number }
}

/** One endpoint key must be fetched again before it is shown. */
export interface InvalidateAction {
  readonly type: typeof INVALIDATE
  readonly key: string
  /** When it happened: only a request started later makes the key valid again. */
  readonly meta: { readonly date: number }
}

/** Several keys at once; the controller resolves a filter function into the list of keys. */
export interface InvalidateAllAction {
  readonly type: typeof INVALIDATE_ALL
  readonly keys: readonly string[]
  readonly meta: { readonly date: number }
}

/** Several keys become stale (shown, and refetched in the background). */
export interface ExpireAllAction {
  readonly type: typeof EXPIRE_ALL
  readonly keys: readonly string[]
}

/** Everything is forgotten; responses to requests started before `date` land nowhere. */
export interface ResetAction {
  readonly type: typeof RESET
  readonly date: number
}

/**
 * The whole state was put in place (a Redux DevTools jump, a saved session restored). Carries
 * the state, so a log that contains it replays to the same place.
 */
export interface ReplaceStateAction {
  readonly type: typeof REPLACE_STATE
  readonly state: State
}

/**
 * Data nobody reads any more is dropped: endpoint keys (result and meta), and entity records no
 * remaining key refers to. One bounded slice per action, so it shows in DevTools and replays.
 */
export interface GCAction {
  readonly type: typeof GC
  readonly keys: readonly string[]
  /** Entity pks to drop, by entity key. */
  readonly entities: { readonly [entityKey: string]: readonly string[] }
  readonly meta: { readonly date: number }
}

/**
 * Responses received elsewhere (a server render, a saved session) merged into this cache, in
 * order, each exactly as if it had just arrived here: newer data is never overwritten, and
 * nothing is replaced wholesale. One action per batch, so it shows (and replays) as one step.
 */
export interface HydrateAction {
  readonly type: typeof HYDRATE
  readonly actions: readonly ReceiveAction[]
  /**
   * True for the data the page's HTML was rendered with (`receiveServerData` sets it): from the
   * first such batch on, the store keeps the state React hydrates against (`store.getServerState`).
   */
  readonly server?: true
}

/**
 * The changes made inside one `store.batch(run)` (responses, `set`s, invalidations, …), in the
 * order they were made: reduced one after the other, exactly as if each had been dispatched, but
 * applied and shown as one action, so subscribers (and React) hear of them once.
 */
export interface BatchAction {
  readonly type: typeof BATCH
  readonly actions: readonly Action[]
}

/**
 * A reader of `key` subscribed (or, `tessera/unsubscribe`, went away). Seen by middleware only:
 * the store's registry of mounted reads takes it after the last one, and no listener gets it.
 */
export interface SubscribeAction {
  readonly type: typeof SUBSCRIBE | typeof UNSUBSCRIBE
  readonly key: string
  readonly args: readonly unknown[]
}

/** Every action the reducer understands (and the subscriptions middleware sees). All of them are plain JSON. */
export type Action =
  | GCAction
  | HydrateAction
  | BatchAction
  | ReplaceStateAction
  | FetchAction
  | ReceiveAction
  | ReceiveErrorAction
  | OptimisticAction
  | InvalidateAction
  | InvalidateAllAction
  | ExpireAllAction
  | ResetAction
  | SubscribeAction

/** A request for `key` started at `fetchedAt` (again, for a retry: `attempt`), because of `cause`. */
export function createFetch(key: string, args: readonly unknown[], fetchedAt: number, cause?: FetchCause, attempt?: number): FetchAction {
  return { type: FETCH, key, args: toJSON(args), meta: { fetchedAt }, cause, ...(attempt && { attempt }) }
}

/** A reader of `key` subscribed, or (`type` UNSUBSCRIBE) went away. */
export function createSubscribe(type: SubscribeAction['type'], key: string, args: readonly unknown[]): SubscribeAction {
  return { type, key, args: toJSON(args) }
}

/** A normalized response for `key`. */
export function createReceive(
  key: string,
  args: readonly unknown[],
  { result, entities, entitiesMeta, pks }: NormalizedResult,
  meta: ReceiveMeta,
  updates?: { readonly [key: string]: unknown },
): ReceiveAction {
  const action = { type: RECEIVE, key, args: toJSON(args), result, entities, entitiesMeta, meta, ...(updates && { updates }) }
  // The pks normalize wrote, for the reducer (saves it an Object.keys per table): not part of the
  // action's JSON, so a logged or replayed action is the same without it.
  return pks ? Object.defineProperty(action, 'pks', { value: pks }) : action
}

/** A failed request for `key`. */
export function createReceiveError(
  key: string,
  args: readonly unknown[],
  error: SerializedError,
  errorPolicy: 'hard' | 'soft' | undefined,
  meta: ReceiveMeta,
): ReceiveErrorAction {
  return { type: RECEIVE, key, args: toJSON(args), error: true, payload: error, meta, ...(errorPolicy && { errorPolicy }) }
}

/** A mutation call whose result is guessed until it answers. */
export function createOptimistic(key: string, args: readonly unknown[], fetchedAt: number): OptimisticAction {
  return { type: OPTIMISTIC, key, args: toJSON(args), meta: { fetchedAt } }
}

/** Invalidate one endpoint key at `date`. */
export function createInvalidate(key: string, date: number): InvalidateAction {
  return { type: INVALIDATE, key, meta: { date } }
}

/** Invalidate many endpoint keys at `date`. */
export function createInvalidateAll(keys: readonly string[], date: number): InvalidateAllAction {
  return { type: INVALIDATE_ALL, keys: [...keys], meta: { date } }
}

/** Expire many endpoint keys. */
export function createExpireAll(keys: readonly string[]): ExpireAllAction {
  return { type: EXPIRE_ALL, keys: [...keys] }
}

/** Drop these keys and entity records. */
export function createGC(keys: readonly string[], entities: { readonly [entityKey: string]: readonly string[] }, date: number): GCAction {
  return { type: GC, keys: [...keys], entities, meta: { date } }
}

/** Put `state` in place. */
export function createReplaceState(state: State): ReplaceStateAction {
  return { type: REPLACE_STATE, state }
}

/** Empty the cache at `date`. */
export function createReset(date: number): ResetAction {
  return { type: RESET, date }
}

/** Turns an Error (or anything thrown) into plain data. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status
    return { name: error.name, message: error.message, ...(typeof status === 'number' && { status }) }
  }
  return { name: 'Error', message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error) }
}

/** Arguments travel as JSON (undefined becomes null, dates become strings), exactly as on replay. */
function toJSON(args: readonly unknown[]): unknown[] {
  return args.length === 0 ? [] : JSON.parse(JSON.stringify(args, (_k, v) => (v === undefined ? null : v)))
}
