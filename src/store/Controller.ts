import { INVALID, type Denormalize, type DenormalizeNullable, type EntityPath, type Schema } from '../schema/index'
import type { Invalidate } from '../schema/Invalidate'
import { NEVER } from '../schema/normalize'
import { tableKeys } from '../schema/table'
import { sameList } from '../schema/sameList'
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types'
import { AbortOptimistic } from '../endpoint/AbortOptimistic'
import type { Query } from '../endpoint/Query'
import { createExpireAll, createFetch, createInvalidate, createInvalidateAll, createOptimistic, createReset, createSubscribe, type Action, type FetchCause, type ReceiveAction, type ReceiveErrorAction } from './actions'
import { SUBSCRIBE, UNSUBSCRIBE } from './actionTypes'
import { createKernel, type Kernel } from './kernel'
import type { Args, ArgsOrNull, FetchReturn, KeyFilter, ManagerAPI, ReadRest, SetValue, WriteRest } from './Manager'
import { origins } from './origins'
import { queryFor } from './query'
import { ExpiryStatus, selectErrorOf, selectPaths, selectResponse, type ResponseInfo } from './selectors'
import { createInitialState, selectMeta, type State } from './state'
import { errorAction, guessAction, receiveAction, snapshotOf, type Guess } from './toAction'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only code;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

export { DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY } from './toAction'
// "Never expires" as a JSON-safe number: one definition, in the schema layer (normalize's default).
export { NEVER }
export type { FetchReturn, KeyFilter } from './Manager'

/** Rejects a fetch whose response arrived after `resetEntireStore`: it was not written. */
export class ResetError extends Error {
  override name = 'ResetError'
}

/**
 * What a Controller needs from its store. Every option has a default (as in data-client), so
 * `new Controller()` works: without a store it holds an empty state, and dispatching throws.
 */
export interface ControllerOptions {
  /** Default: throws, since no store would apply the action (a store passes its own). */
  dispatch?: (action: Action) => void
  /** Default: an empty state. */
  getState?: () => State
  /** The store's `batch` (see `Store.batch`). Default: runs `run`, every change applied as it is made. */
  batch?: <T>(run: () => T) => T
  now?: () => number
  /**
   * The store's services (read side, request table, registry of mounted reads, collector, the
   * hooks that run requests), which `createStore` builds once. Default: a kernel of its own with
   * no collector and no plugins.
   */
  kernel?: Kernel
}

/** The dispatch of a controller made without a store: there is nothing to apply an action to. */
function notConnected(action: Action): never {
  throw new Error(
    process.env.NODE_ENV !== 'production'
      ? `This Controller is not connected to a store, so '${action.type}' cannot be applied: use createStore().controller, or useController() inside a DataProvider`
      : `Tessera E200: ${action.type}`,
  )
}

/**
 * The imperative side of the cache: fetch, mutate, invalidate and read endpoints. A facade over
 * pure parts: every change goes through `dispatch` as a plain action built by `toAction` (whether
 * the data came from the network, `setResponse` or an optimistic guess), reads are selectors over
 * the optimistic view, and the store's kernel (see `Kernel`) only tracks the requests this starts and who reads what. Calls go
 * down: no part calls back into the controller, except managers through the `ManagerAPI` every
 * manager is given. Methods are bound: destructure them freely.
 */
export class Controller implements ManagerAPI {
  // `declare`: set in the constructor, so no field initializer is emitted for them.
  /** Sends an action through the managers to the reducer. */
  declare dispatch: (action: Action) => void
  /** The current state (optimistic layers not applied; `getResponse` applies them). */
  declare readonly getState: () => State
  /** The store's clock. */
  declare readonly now: () => number
  /** The store's `batch`: the changes `run` makes are applied as one action at its end, or none if it throws (see `Store.batch`). */
  declare readonly batch: <T>(run: () => T) => T
  /** The store's services (see `Kernel`): what reads go through, what requests are tracked in, who reads what. */
  #kernel: Kernel
  /** The read side (memo cache, schema registry, optimistic view), the kernel's. */
  #reads: Kernel['reads']
  /** The requests in flight, the kernel's. */
  #requests: Kernel['requests']
  #lastTick = -Infinity
  /** The key `fetchIfStale` computed for the call it hands to `fetch`, so that it is computed once. */
  #known: [EndpointInterface, readonly unknown[], string] | undefined
  /** Why the next `fetch` is made (`because`, or `fetchIfStale`'s reading of the cache); 'manual' when unset. */
  #cause: FetchCause | undefined

  constructor(options: ControllerOptions = {}) {
    this.dispatch = options.dispatch ?? notConnected
    // Without a store: one empty state, the same object every call.
    this.getState = options.getState ?? ((state) => () => state)(createInitialState())
    this.now = options.now ?? Date.now
    this.batch = options.batch ?? ((run) => run())
    const kernel = (this.#kernel = options.kernel ?? createKernel([], {}).kernel)
    this.#reads = kernel.reads
    this.#requests = kernel.requests
    // Methods an app takes off the controller (`const { fetch } = useController()`): bound once.
    for (const name of Object.getOwnPropertyNames(Controller.prototype)) {
      if (name !== 'constructor') (this as any)[name] = (this as any)[name].bind(this)
    }
  }

  /**
   * A strictly increasing timestamp for ordering requests: two requests started in the same
   * millisecond still have a first and a second, so "the later fetch wins" is always decidable.
   */
  #tick(): number {
    const now = this.now()
    return (this.#lastTick = now > this.#lastTick ? now : this.#lastTick + 0.001)
  }

  /**
   * Runs an endpoint and writes its response to the cache. Identical concurrent reads share one
   * request; mutations (`sideEffect`) always run, showing their optimistic guess meanwhile.
   * @returns the denormalized response (for a delete, the deleted entity built from what the
   * endpoint returned, as in data-client; for schema-less endpoints, what it returned). @throws whatever the request or normalization threw.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E> {
    const known = this.#known
    // Taken at once: a fetch this one sets off (a middleware's) has its own cause.
    const cause = this.#cause ?? 'manual'
    this.#cause = undefined
    let key: string
    try {
      key = known && known[0] === endpoint && sameList(known[1], args) ? known[2] : endpoint.key(...args)
    } catch (error) {
      // Bad arguments (a missing path parameter): reject like any failed call, before any request.
      return Promise.reject(error) as FetchReturn<E>
    }
    const read = !endpoint.sideEffect
    const running = read ? this.#requests.running(key) : undefined
    if (running) return running as FetchReturn<E>
    const fetchedAt = this.#tick()
    this.#send(createFetch(key, args, fetchedAt, cause), endpoint, args)
    if (!read && typeof endpoint.getOptimisticResponse === 'function') this.#addOptimistic(endpoint, key, args, fetchedAt)
    const abort = new AbortController()
    return this.#requests.track(key, read, this.#request(endpoint, key, args, fetchedAt, abort.signal), abort) as FetchReturn<E>
  }

  /** Fetches only when the cached data is missing, stale or invalid; otherwise resolves to it. */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E> {
    let key: string
    try {
      key = endpoint.key(...args)
    } catch (error) {
      return Promise.reject(error) as FetchReturn<E>
    }
    const response = this.#read(endpoint, args, this.getState(), key)
    if (response.expiryStatus === ExpiryStatus.Valid) return Promise.resolve(response.data) as FetchReturn<E>
    // Through `this.fetch` (a subclass or tessera/test may wrap it), with the key already known,
    // and why: a cause given by `because` (focus, reconnect) wins over the cache's reading.
    const meta = selectMeta(this.getState(), key)
    this.#known = [endpoint, args, key]
    this.#cause ??= meta === undefined ? 'first-read' : meta.invalidated ? 'invalidated' : 'stale'
    try {
      return this.fetch(endpoint, ...args)
    } finally {
      this.#known = this.#cause = undefined
    }
  }

  /**
   * Runs `run`, recording `cause` on the fetch action of the `fetch` or `fetchIfStale` call it
   * makes, so the action log says why each request went out (polling, focus, a retry…).
   * @returns what `run` returns.
   */
  because<T>(cause: FetchCause, run: () => T): T {
    this.#cause = cause
    try {
      return run()
    } finally {
      this.#cause = undefined
    }
  }

  /**
   * Makes the next read of this argument set suspend and refetch; other argument sets are
   * untouched. A request for it already in flight no longer counts: only one started after this
   * makes the data valid again.
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] === null) return
    const key = endpoint.key(...args)
    this.#requests.unshare(key)
    this.#send(createInvalidate(key, this.#tick()), endpoint, args)
  }

  /** Invalidates every cached key the filter accepts (an endpoint accepts all of its keys). */
  invalidateAll(filter: KeyFilter): void {
    const keys = this.#keysMatching(filter)
    for (const key of keys) this.#requests.unshare(key)
    this.dispatch(createInvalidateAll(keys, this.#tick()))
  }

  /** Marks every cached key the filter accepts as stale: shown, and refetched in the background. */
  expireAll(filter: KeyFilter): void {
    this.dispatch(createExpireAll(this.#keysMatching(filter)))
  }

  /** Empties the cache. Responses to requests started before this never land. */
  resetEntireStore(): void {
    this.#requests.unshare()
    this.forget()
    this.dispatch(createReset(this.#tick()))
  }

  /** Writes a response as if the endpoint had returned it (for tests, websockets, SSR). */
  setResponse<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, any>): void {
    this.#write(endpoint, rest, false)
  }

  /**
   * Writes a value of any schema (an Entity by its arguments, a list, a Collection) from outside a
   * fetch, data-client's `ctrl.set(Todo, { id }, todo)`; a function gets the current value and
   * returns the new one. It travels as a response does (a receive action under the key
   * `set <query key>`, timed now), so it merges by time (a request started before it does not
   * overwrite it), shows in DevTools, replays, and its records are collected once nothing reads
   * them. @throws the schema's error for a value that does not fit; nothing is written.
   */
  set<S extends Schema>(schema: S, ...rest: readonly [...unknown[], SetValue<S>]): void {
    const args = rest.slice(0, -1)
    const state = this.getState()
    let value = rest[args.length]
    if (typeof value === 'function') value = (value as (previous: unknown) => unknown)(this.get(schema, ...args, state))
    const endpoint = queryFor(schema)
    this.#send(receiveAction({ schema } as EndpointInterface, 'set ' + endpoint.key(...args), args, value, this.#tick(), this.now(), state, this.#reads.schemas), endpoint, args, value, schema)
  }

  /** Records an error for an endpoint as if its request had failed. */
  setError<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, Error>): void {
    this.#write(endpoint, rest, true)
  }

  /**
   * Reads an endpoint from a state, pending optimistic updates applied: `{ data, expiryStatus,
   * expiresAt }`. The last argument is the state. Memoized: an unchanged state gives the same
   * data object, and an entity that did not change keeps its object across states.
   */
  getResponse<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): ResponseInfo<DenormalizeNullable<E['schema']>> {
    return this.#readRest(endpoint, rest)
  }

  /**
   * The error to show for an endpoint read, if any (the last argument is the state): the very
   * error the request failed with in this session (`instanceof NetworkError`, with `response`);
   * after a replay or hydration, one rebuilt from the stored copy. Soft errors (a 5xx while data
   * is cached) are not shown: the data is.
   */
  getError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined {
    return this.#errorOf(endpoint, rest, false)
  }

  /**
   * The error the last request for this read failed with, soft ones included: a 5xx while data
   * was cached leaves the data on screen, and this says why it was not refreshed (`useDLE`
   * returns it). Cleared by the next successful response.
   */
  getLastError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined {
    return this.#errorOf(endpoint, rest, true)
  }

  /**
   * Looks a schema up in the entity tables, whatever endpoint filled them: an Entity by the pk
   * its arguments give (`{ id }`), `schema.All` as every entity of its type. The last argument
   * is the state. A `Query` gives its processed result. Never fetches.
   */
  get<S extends Schema | Query<any, any, any>>(schema: S, ...rest: readonly [...unknown[], State]): Read<S> | undefined {
    return this.#readRest(queryFor(schema as object), rest).data as Read<S> | undefined
  }

  /** The read-only endpoint behind `get` and `useQuery` for a schema (one per schema). */
  queryFor(schema: object): EndpointInterface {
    return queryFor(schema)
  }

  /**
   * Keeps this argument set live while something shows it (data-client's `subscribe`, which
   * `useSubscription` and `useLive` call): its data is not garbage-collected, and a `tessera/subscribe`
   * action goes through the managers' middleware (data-client's SUBSCRIBE, for managers written on
   * its protocol). One may take the subscription over by not passing it on (a socket that streams
   * the data); past the last middleware it joins the mounted reads, which the managers that
   * follow readers hear of (with a `PollingManager`, an endpoint with `pollFrequency` is polled,
   * one timer per key). Call `unsubscribe` with the same arguments when done.
   */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    // Polling is opt-in (so apps that never poll do not bundle it): says how, once per endpoint.
    if (process.env.NODE_ENV !== 'production' && endpoint.pollFrequency && !this.#kernel.readers.followers.some((hooks) => hooks.polls !== false) && warnOnce(endpoint)) {
      console.warn(
        `${endpoint.name}: pollFrequency is ${endpoint.pollFrequency} ms, but this store has no PollingManager, so nothing polls. ` +
          "Add one, imported from 'tessera': createStore({ managers: [new PollingManager()] }) or <DataProvider managers={[new PollingManager()]}>.",
      )
    }
    this.#subscription(SUBSCRIBE, endpoint, args)
  }

  /** A reader went away; with the last one, polling stops and the data's gcTime starts. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    this.#subscription(UNSUBSCRIBE, endpoint, args)
  }

  #subscription(type: typeof SUBSCRIBE | typeof UNSUBSCRIBE, endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (args[0] !== null) this.#send(createSubscribe(type, endpoint.key(...args), args), endpoint, args)
  }

  /**
   * A component shows this argument set (the reading hooks call this on mount): its data is not
   * garbage-collected while it does, and it counts as a mounted read for the managers that follow
   * readers (a live stream, retries, a refetch on focus), with no action; polling follows
   * subscriptions (`subscribe`), as in data-client. Call `release` when done.
   */
  retain<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] !== null) this.#kernel.readers.retain(endpoint.key(...args), endpoint, args, this)
  }

  /**
   * Refetches every mounted read (hooks' reads and subscriptions) whose data is no longer Valid,
   * recording `cause` on each fetch: 'focus' by default (DataProvider calls it when the page
   * becomes visible, and with 'reconnect' when the network comes back). A failure is in the
   * cache, where the reading component shows it.
   */
  revalidate(cause: FetchCause = 'focus'): void {
    for (const { endpoint, args } of this.#kernel.readers.entries()) this.because(cause, () => this.fetchIfStale(endpoint, ...args)).catch(() => undefined)
  }

  /** The component that `retain`ed this argument set (or a subscription) no longer shows it. */
  release<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] !== null) this.#kernel.readers.release(endpoint.key(...args))
  }

  /** Dispatches an action made here, its endpoint (and value) kept beside it (see `origins`). */
  #send(action: Action, endpoint: EndpointInterface, args: readonly unknown[], value?: unknown, schema?: unknown): void {
    origins.set(action, { endpoint, args, value, schema })
    this.dispatch(action)
  }

  /**
   * Runs one garbage-collection slice now (the store also runs them by itself when idle):
   * dispatches a `tessera/gc` action removing up to `gcBatch` keys that nobody reads, nothing is
   * fetching, and whose `gcTime` has passed, with the entity records no remaining key refers to.
   * @returns true when more keys are due (call again to continue).
   */
  sweep(): boolean {
    return this.#kernel.collector?.sweep() ?? false
  }

  /** The entity records a read of this argument set is built from (pending guesses applied). */
  pathsOf(endpoint: EndpointInterface, args: readonly unknown[], state: State): readonly EntityPath[] {
    return selectPaths(this.view(state), endpoint, endpoint.key(...args), args, this.#reads.memo)
  }

  /** Aborts the in-flight read for this argument set; its response is ignored. */
  abort<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): boolean {
    return this.#requests.abort(endpoint.key(...args))
  }

  /** True while a read for this argument set is in flight. */
  isFetching<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): boolean {
    return args[0] !== null && this.#requests.isFetching(endpoint.key(...args))
  }

  /**
   * Everything a hook shows for one read, from one key and one view of `state`: the response,
   * the error to show (`getError`) and the last error (`getLastError`). What the React bindings
   * select on every store change; `key` is the endpoint's key for `args` ('' when skipped with
   * `null`), computed here when not given.
   */
  select(endpoint: EndpointInterface, args: readonly unknown[], state: State, key?: string): ResponseInfo<any> & { readonly error: Error | undefined; readonly lastError: Error | undefined } {
    const view = this.view(state)
    const response = selectResponse(view, endpoint, args, this.now(), this.#reads.memo, key)
    // The error shown is the last error unless that one was soft: none without a last error, so
    // the usual read looks errors up once.
    const lastError = selectErrorOf(view, response.key, true)
    return { ...response, error: lastError && selectErrorOf(view, response.key, false), lastError }
  }

  /** A read-only view of a state (optimistic layers applied), for optimistic updaters. */
  snapshot(state: State, fetchedAt = this.now()): SnapshotInterface {
    return snapshotOf(this.view(state), this.#reads.memo, this.now(), fetchedAt)
  }

  /** The state readers see: `state` with every pending optimistic layer applied. */
  view(state: State): State {
    return this.#reads.view(state, this.now())
  }

  /** Lets go of every cache this controller keeps (after a reset, or when the store is cleaned up). */
  forget(): void {
    this.#reads.clear()
  }

  /** One read (the key computed here unless given), pending guesses applied. */
  #read(endpoint: EndpointInterface, args: readonly unknown[], state: State, key?: string): ResponseInfo<any> {
    return selectResponse(this.view(state), endpoint, args, this.now(), this.#reads.memo, key)
  }

  /** A read whose last argument is the state. */
  #readRest(endpoint: EndpointInterface, rest: readonly unknown[]): ResponseInfo<any> {
    return this.#read(endpoint, rest.slice(0, -1), rest[rest.length - 1] as State)
  }

  /** `setResponse` (a value) or `setError` (`failed`): the arguments, then what to write. */
  #write(endpoint: EndpointInterface, rest: readonly unknown[], failed: boolean): void {
    const args = rest.slice(0, -1)
    const key = endpoint.key(...args)
    const value = rest[args.length]
    this.#send(
      failed
        ? errorAction(endpoint, key, args, value, this.#tick(), this.now())
        : receiveAction(endpoint, key, args, value, this.#tick(), this.now(), this.getState(), this.#reads.schemas),
      endpoint,
      args,
      value,
    )
  }

  #errorOf(endpoint: EndpointInterface, rest: readonly unknown[], soft: boolean): Error | undefined {
    const args = rest.slice(0, -1)
    return args[0] === null ? undefined : selectErrorOf(this.view(rest[args.length] as State), endpoint.key(...args), soft)
  }

  /** Runs one request and dispatches its outcome; the network manager only tracks it. */
  async #request(endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number, signal: AbortSignal): Promise<unknown> {
    // The response, or what the request failed with (`failed`).
    let value: unknown
    let action: ReceiveAction | ReceiveErrorAction
    let failed = false
    try {
      const run = () => callWithSignal(endpoint, args, signal)
      // A manager with the `request` hook (OfflineManager) decides when, and how often, it runs.
      const requester = this.#kernel.requester
      value = await (requester ? requester.request!({ endpoint, key, args, fetchedAt, signal, read: !endpoint.sideEffect }, run) : run())
      if (signal.aborted) throw signal.reason
      action = receiveAction(endpoint, key, args, value, fetchedAt, this.now(), this.getState(), this.#reads.schemas)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      // A failed request, or a response of the wrong shape: record it, keep the cached data.
      action = errorAction(endpoint, key, args, error, fetchedAt, this.now())
      value = error
      failed = true
    }
    // Its optimistic layer (if any) goes with the answer.
    this.#reads.settle(key, fetchedAt)
    this.#send(action, endpoint, args, value)
    if (failed) throw value
    if (endpoint.schema === undefined || endpoint.schema === null) return value
    const state = this.getState()
    // The cache was reset while this request was out: its answer was dropped, and the caller is told.
    if (fetchedAt < state.lastReset) {
      throw new ResetError(
        process.env.NODE_ENV !== 'production' ? `The store was reset while ${key} was loading` : `Tessera E201: ${key}`,
      )
    }
    // The shared memo cache, so the resolved value is the very object later reads return.
    const data = this.#reads.memo.denormalize(endpoint.schema, (action as ReceiveAction).result, this.view(state).entities, args).data
    // A delete (schema.Invalidate) reads back as the INVALID marker, which is internal to reads:
    // the caller gets the deleted entity built from what the endpoint returned, as data-client
    // denormalizes it (for createResource's delete, the response object or the params).
    return data === INVALID ? deletedEntity(endpoint.schema as Invalidate, value) : data
  }

  /**
   * Adds the optimistic layer of a mutation with its guess, made once, now, over what readers see
   * (the view reuses it, and keeps its values for the fields later responses write). A guess that
   * throws or fails validation adds no layer (with a warning in development); the request is sent
   * either way and the call settles with the server's answer.
   */
  #addOptimistic(endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number): void {
    let guess: Guess
    try {
      guess = guessAction(endpoint, { key, args, fetchedAt }, args, this.view(this.getState()), this.#reads.memo, this.now())
    } catch (error) {
      // Once per endpoint (a warning per call would flood the console).
      if (process.env.NODE_ENV !== 'production' && !(error instanceof AbortOptimistic) && warnOnce(endpoint)) {
        console.warn(
          `${endpoint.name}: getOptimisticResponse failed, so this mutation shows nothing until the server answers ` +
            `(further failures of this endpoint are not reported): ${describeThrown(error)}. ` +
            'Return only the fields the mutation changes, with the primary key, and throw snapshot.abort when there is nothing to guess.',
        )
      }
      return
    }
    this.#reads.register(key, fetchedAt, endpoint, args, guess)
    this.#send(createOptimistic(key, args, fetchedAt), endpoint, args)
  }

  #keysMatching(filter: KeyFilter): string[] {
    const test = typeof (filter as { testKey?: unknown }).testKey === 'function' ? (key: string) => (filter as { testKey: (key: string) => boolean }).testKey(key) : (filter as (key: string) => boolean)
    return tableKeys(this.getState().meta).filter(test)
  }
}

/**
 * An instance of the entity a delete's response names (the Invalidate's entity, or the member its
 * schemaAttribute picks) with the response's fields; anything else (a bare pk) as it came.
 */
function deletedEntity({ schema, schemaAttribute: by }: Invalidate, value: unknown): unknown {
  const entity = by === undefined ? schema : schema?.[typeof by === 'function' ? by(value, undefined, undefined) : (value as Record<string, any>)?.[by]]
  return typeof value === 'object' && typeof entity?.fromJS === 'function' ? entity.fromJS(value) : value
}

/** What `get` reads: a Query's result, or a schema's denormalized value. */
type Read<S> = S extends Query<any, any, infer R> ? R : Denormalize<S>

// Endpoints already warned about (a pollFrequency no manager acts on, a guess that failed).
let warned: WeakSet<object> | undefined

/** True the first time for an endpoint: development warnings are given once per endpoint (a warning per call would flood the console). */
function warnOnce(endpoint: EndpointInterface): boolean {
  return typeof console !== 'undefined' && !(warned ??= new WeakSet()).has(endpoint) && !!warned.add(endpoint)
}

/**
 * Calls the endpoint so that `this.signal` is the abort signal when it is one of our Endpoint
 * objects (its fetch can pass the signal on to `fetch`); plain functions are just called.
 */
function callWithSignal(endpoint: EndpointInterface, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
  const fetchFn = (endpoint as { fetch?: unknown }).fetch
  if (typeof fetchFn === 'function') {
    // An endpoint made with its own `signal` option keeps it: either one aborts the request.
    const own = (endpoint as { signal?: AbortSignal }).signal
    const both = own instanceof AbortSignal && typeof AbortSignal.any === 'function' ? AbortSignal.any([own, signal]) : signal
    return fetchFn.apply(Object.create(endpoint, { signal: { value: both } }), args)
  }
  return (endpoint as (...a: readonly unknown[]) => Promise<unknown>)(...args)
}

/** What a thrown value says, for a warning; never throws itself (`Object.create(null)` has no toString). */
function describeThrown(error: unknown): string {
  if (typeof (error as Error | undefined)?.message === 'string') return (error as Error).message
  try {
    return String(error)
  } catch {
    return Object.prototype.toString.call(error)
  }
}
