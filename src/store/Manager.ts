import type { DenormalizeNullable, Denormalize, Schema } from '../schema/index'
import type { EndpointInterface } from '../endpoint/types'
import type { Action, FetchCause } from './actions'
import type { ResponseInfo } from './selectors'
import type { State } from './state'

/** Passes an action on to the next middleware (and finally to the reducer). */
export type Dispatch = (action: Action) => void

/** Selects endpoint keys: a predicate, `{ testKey }`, or an endpoint (all of its keys). */
export type KeyFilter = ((key: string) => boolean) | { testKey: (key: string) => boolean }

/** What `controller.fetch` resolves to: the denormalized schema, or what the endpoint returns. */
export type FetchReturn<E extends EndpointInterface> = E['schema'] extends undefined | null
  ? ReturnType<E>
  : E['schema'] extends { readonly _deletes: true }
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

/** Sees every action before the reducer does; may act on it, log it, or hold it back. */
export type Middleware = (api: ManagerAPI) => (next: Dispatch) => Dispatch

/** Passes every action on untouched: `getMiddleware()` of managers that only hold requests or timers. */
export const passThrough: Middleware = () => (next) => next

/**
 * Extends the store the way data-client's managers do: a middleware over dispatch, and a cleanup
 * run when the store is torn down. Promises, timers and sockets live in managers, never in state.
 */
export interface Manager {
  /**
   * The middleware, data-client's way (`getMiddleware()`, which its managers implement); used in
   * preference to `middleware` when both are there.
   */
  getMiddleware?(): Middleware
  /** The middleware, as a property (Tessera's earlier form; still read when `getMiddleware` is absent). */
  middleware?: Middleware
  /**
   * A reader of this argument set mounted (`controller.subscribe`, which hooks call). Lets a
   * manager keep something alive while data is on screen: `PollingManager` refetches on a timer.
   */
  subscribe?(api: ManagerAPI, endpoint: EndpointInterface, args: readonly unknown[]): void
  /** One reader of this argument set went away (`controller.unsubscribe`); pairs with `subscribe`. */
  unsubscribe?(endpoint: EndpointInterface, args: readonly unknown[]): void
  /**
   * `false` for a manager that follows readers (`subscribe`) for another reason than polling
   * (OfflineManager): development builds then still say that `pollFrequency` needs a PollingManager.
   */
  readonly polls?: boolean
  /**
   * Runs every request the controller sends (`run` makes it once; call it again to retry), so a
   * manager can retry, hold or queue requests: `OfflineManager` does. What it resolves to is the
   * response; what it rejects with is the request's error. One manager of a store at most may
   * have it (the controller throws a TypeError otherwise): two would disagree on when to send.
   */
  request?(call: RequestCall, run: () => Promise<unknown>): Promise<unknown>
  cleanup?(): void
}
