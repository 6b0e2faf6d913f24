import type { DenormalizeNullable, Denormalize, Schema } from '../schema/index'
import type { EndpointInterface } from '../endpoint/types'
import type { Action, FetchCause } from './actions'
import type { ResponseInfo } from './selectors'
import type { State } from './state'

/** Passes an action on to the next middleware (and finally to the reducer). */
export type Dispatch = (action: Action) => void

/** Selects endpoint keys: a predicate, `{ testKey }`, or an endpoint (all of its keys). */
export type KeyFilter = ((key: string) => boolean) | { testKey: (key: string) => boolean }

/**
 * What `controller.fetch` resolves to: the denormalized schema (for a delete, the deleted entity),
 * or what the endpoint returns when it has no schema.
 */
export type FetchReturn<E extends EndpointInterface> = E['schema'] extends undefined | null
  ? ReturnType<E>
  : Promise<Denormalize<E['schema']>>

/**
 * What `set` writes: the value, or a function of the current (denormalized) value returning it;
 * the current value is undefined when nothing is cached (typed as data-client types it).
 */
export type SetValue<S> = ((previous: Denormalize<S>) => unknown) | object | null

/** A call's arguments. */
export type Args<E extends EndpointInterface> = readonly [...Parameters<E>]
/** A call's arguments, or `null` for "not now". */
export type ArgsOrNull<E extends EndpointInterface> = readonly [...Parameters<E>] | readonly [null]
/** A read's arguments then the state; the arguments may be left out when all are optional. */
export type ReadRest<E extends EndpointInterface> =
  | readonly [...ArgsOrNull<E>, State]
  | ([] extends Parameters<E> ? readonly [State] : never)
/** A response's arguments then the value; the arguments may be left out when all are optional. */
export type WriteRest<E extends EndpointInterface, V> = readonly [...Parameters<E>, V] | ([] extends Parameters<E> ? readonly [V] : never)

/**
 * What a manager is given, as Redux gives middleware `{ dispatch, getState }`: the store's
 * dispatch and state, its clock, and the few controller calls data-client's managers make
 * (fetch, write a response or an error, invalidate, reset, read). The store passes its
 * Controller, which has all of these; a manager never needs (or names) the Controller class.
 */
export interface ManagerAPI {
  /** Sends an action through the middleware to the reducer. */
  readonly dispatch: Dispatch
  readonly getState: () => State
  /** The store's clock. */
  readonly now: () => number
  /**
   * Applies what `run` writes through this API (`set`, `setResponse`, `invalidate`…) as one
   * action at its end, or nothing if it throws (the error propagates): the store's `batch`. Reads
   * inside see the writes made so far. For a manager that turns a burst of outside events (a
   * frame of pushed messages) into one render: `api.batch(() => messages.forEach((m) => api.set(Post, m)))`.
   */
  readonly batch: <T>(run: () => T) => T
  fetch<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E>
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E>
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void
  invalidateAll(filter: KeyFilter): void
  expireAll(filter: KeyFilter): void
  resetEntireStore(): void
  setResponse<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, any>): void
  setError<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, Error>): void
  /** Writes a schema's value from outside a fetch (a pushed message), as `controller.set` does. */
  set<S extends Schema>(schema: S, ...rest: readonly [...unknown[], SetValue<S>]): void
  getResponse<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): ResponseInfo<DenormalizeNullable<E['schema']>>
  getError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined
  getLastError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined
  /** Aborts the in-flight read for this argument set (a manager cancelling a wait it started). */
  abort<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): boolean
  /**
   * Runs `run`, recording `cause` on the fetch action the `fetch` or `fetchIfStale` call it makes
   * dispatches: `api.because('poll', () => api.fetch(endpoint, ...args))`. Scoped to the call, so
   * a cause never leaks into a later fetch; without it, `fetch` records 'manual' and
   * `fetchIfStale` 'first-read', 'invalidated' or 'stale', read from the cache.
   */
  because<T>(cause: FetchCause, run: () => T): T
}

/**
 * One request, as the controller hands it to a manager's `request` hook: the endpoint and its
 * arguments, the key, when it started (its fetch action's `fetchedAt`), the signal that aborts it,
 * and whether it is a read (false for a mutation).
 */
export interface RequestCall {
  readonly endpoint: EndpointInterface
  readonly key: string
  readonly args: readonly unknown[]
  readonly fetchedAt: number
  readonly signal: AbortSignal
  readonly read: boolean
}

/**
 * What `next` is to a middleware: passes the action on. It may return a promise (data-client's
 * dispatch does, and its middlewares `await next(action)`); the store's own returns nothing.
 */
export type Next<A> = (action: A) => void | Promise<void>

/**
 * Sees every action before the reducer does; may act on it, log it, or hold it back (not call
 * `next`). `Actions` is what it sees: `any` unless named (as in data-client 0.10), so a middleware
 * written for either protocol type-checks; name data-client's `Middleware<ActionTypes>` or
 * Tessera's `Middleware<Action>` to have `action.type` narrow the payload (see `tesseraHooks` for
 * which actions a manager gets).
 */
export type Middleware<Actions = any> = (api: ManagerAPI) => (next: Next<Actions>) => Next<Actions>

/** Passes every action on untouched: `getMiddleware()` of managers that only hold requests or timers. */
export const passThrough: Middleware<Action> = () => (next) => next

/**
 * The key of a manager's Tessera hooks. A manager that has this member is a Tessera manager: its
 * middleware sees Tessera's own actions (`tessera/fetch`, `tessera/receive`, … plain JSON) and the
 * store calls the hooks in it. A symbol, so that no method an app names on its manager
 * (`subscribe`, `request`, `connect`, …) is ever taken for one of ours. A manager without it is
 * taken as written on data-client's protocol: its middleware sees data-client's actions
 * (`actionTypes`), built for it alone.
 */
export const tesseraHooks: unique symbol = Symbol.for('tessera.hooks')

/**
 * What a Tessera manager asks of the store, under `manager[tesseraHooks]` (an empty object just
 * asks for Tessera's actions). The store keeps one registry of mounted reads (hooks' reads and
 * `controller.subscribe`); `mount` and `unmount` follow it per argument set.
 */
export interface TesseraHooks {
  /**
   * The first reader of this argument set mounted. Lets a manager keep something alive while data
   * is on screen: `LiveManager` subscribes on its stream. (`PollingManager` follows subscriptions, in its middleware.)
   */
  mount?(api: ManagerAPI, endpoint: EndpointInterface, args: readonly unknown[]): void
  /** The last reader of this argument set went away; pairs with `mount`. */
  unmount?(endpoint: EndpointInterface, args: readonly unknown[]): void
  /**
   * `false` for hooks that follow readers for another reason than polling (OfflineManager): the
   * development warning that `pollFrequency` needs a PollingManager then still shows.
   */
  readonly polls?: boolean
  /**
   * Runs every request the controller sends (`run` makes it once; call it again to retry), so a
   * manager can retry, hold or queue requests: `OfflineManager` does. What it resolves to is the
   * response; what it rejects with is the request's error. One manager of a store at most may
   * have it (createStore throws a TypeError otherwise): two would disagree on when to send.
   */
  request?(call: RequestCall, run: () => Promise<unknown>): Promise<unknown>
}

/**
 * Extends the store the way data-client's managers do: a middleware over dispatch, `init` when the
 * store starts and `cleanup` when it stops. Promises, timers and sockets live in managers, never in
 * state. Written for data-client (0.10 to 0.18), a manager runs unchanged; Tessera's own carry
 * `[tesseraHooks]`.
 */
export interface Manager {
  /** The middleware as a property (data-client 0.14 on); used in preference to `getMiddleware()`, as data-client does. */
  middleware?: Middleware
  /** The middleware, data-client's earlier way (0.10 on), used when there is no `middleware` property. */
  getMiddleware?(): Middleware
  /** Called once with the state when the store starts (createStore), after every middleware is in place. */
  init?(state: State): void
  /** Called when the store stops (`store.cleanup()`, or the unmount of a DataProvider that made it). */
  cleanup?(): void
  /** Tessera's hooks (see `tesseraHooks`); absent on managers written for data-client. */
  readonly [tesseraHooks]?: TesseraHooks
}
