import { INVALID, MemoCache, normalizeChanges, type Denormalize, type DenormalizeNullable, type EntityMeta, type EntityPath, type Schema } from '../schema/index'
import { NEVER } from '../schema/normalize'
import { readEntry, tableKeys } from '../schema/table'
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types'
import { AbortOptimistic } from '../endpoint/AbortOptimistic'
import type { Query } from '../endpoint/Query'
import {
  createExpireAll,
  createFetch,
  createInvalidate,
  createInvalidateAll,
  createOptimistic,
  createReceive,
  createReceiveError,
  createReset,
  serializeError,
  type Action,
  type ReceiveAction,
  type ReceiveErrorAction,
} from './actions'
import { GCManager } from './managers/GCManager'
import { NetworkManager } from './managers/NetworkManager'
import { RECEIVE } from './actionTypes'
import type { Manager } from './Manager'
import { OptimisticView, type Guess } from './optimistic'
import { queryEndpoint } from './query'
import { ExpiryStatus, selectError, selectInput, selectResponse, type ResponseInfo } from './selectors'
import { createInitialState, selectMeta, selectResult, type OptimisticLayer, type SerializedError, type State } from './state'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only code;
// `typeof process` keeps it safe where nothing defines `process` (then nothing is logged).
declare const process: { env: { NODE_ENV?: string } }

/** Default freshness of a response, in ms. */
export const DEFAULT_DATA_EXPIRY = 60_000
/** Default time before a failed read is retried, in ms. */
export const DEFAULT_ERROR_EXPIRY = 1_000
// "Never expires" as a JSON-safe number: one definition, in the schema layer (normalize's default).
export { NEVER }

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
  now?: () => number
  network?: NetworkManager
  gc?: GCManager
  /** The store's managers: those with `subscribe` / `unsubscribe` hear about readers (polling). */
  managers?: readonly Manager[]
}

/** The dispatch of a controller made without a store: there is nothing to apply an action to. */
function notConnected(action: Action): never {
  throw new Error(`This Controller is not connected to a store, so '${action.type}' cannot be applied: use createStore().controller, or useController() inside a DataProvider`)
}

/** The getState of a controller made without a store: one empty state, the same object every call. */
function emptyState(): () => State {
  const state = createInitialState()
  return () => state
}

/** Selects endpoint keys: a predicate, `{ testKey }`, or an endpoint (all of its keys). */
export type KeyFilter = ((key: string) => boolean) | { testKey: (key: string) => boolean }

/** What `controller.fetch` resolves to: the denormalized schema, or what the endpoint returns. */
export type FetchReturn<E extends EndpointInterface> = E['schema'] extends undefined | null
  ? ReturnType<E>
  : E['schema'] extends { readonly _deletes: true }
    ? ReturnType<E>
    : Promise<Denormalize<E['schema']>>

type Args<E extends EndpointInterface> = readonly [...Parameters<E>]
type ArgsOrNull<E extends EndpointInterface> = readonly [...Parameters<E>] | readonly [null]
/** A read's arguments then the state; the arguments may be left out when all are optional. */
type ReadRest<E extends EndpointInterface> =
  | readonly [...ArgsOrNull<E>, State]
  | ([] extends Parameters<E> ? readonly [State] : never)
/** A response's arguments then the value; the arguments may be left out when all are optional. */
type WriteRest<E extends EndpointInterface, V> = readonly [...Parameters<E>, V] | ([] extends Parameters<E> ? readonly [V] : never)
/** A read method called with arguments only known at run time. */
type AnyRead = (endpoint: EndpointInterface, ...rest: readonly unknown[]) => any

// Methods an app takes off the controller (`const { fetch } = useController()`): bound once.
const BOUND = [
  'fetch', 'fetchIfStale', 'invalidate', 'invalidateAll', 'expireAll', 'resetEntireStore', 'setResponse', 'setError',
  'getResponse', 'getError', 'getLastError', 'get', 'subscribe', 'unsubscribe', 'abort', 'isFetching', 'snapshot', 'tick', 'sweep',
] as const

/**
 * The imperative side of the cache: fetch, mutate, invalidate and read endpoints. Every change
 * goes through `dispatch` as a plain action, and every response or error becomes an action in
 * one place (`receiveAction` / `errorAction`), whether it came from the network, `setResponse`
 * or an optimistic guess. Methods are bound: destructure them freely.
 */
export class Controller {
  /** Sends an action through the managers to the reducer. */
  dispatch: (action: Action) => void
  /** The current state (optimistic layers not applied; `getResponse` applies them). */
  readonly getState: () => State
  /** The store's clock. */
  readonly now: () => number
  private readonly network: NetworkManager
  /** The managers that follow readers (PollingManager, or an app's own). */
  private readonly subscribers: readonly Manager[]
  /** Endpoints already warned about: a pollFrequency no manager acts on. */
  private unpolled: WeakSet<object> | undefined
  /** Endpoints already warned about: a getOptimisticResponse that failed. */
  private unguessed: WeakSet<object> | undefined
  private readonly gc: GCManager
  private memo = new MemoCache()
  private readonly optimistic: OptimisticView
  /** The errors requests of this session failed with, by the serialized copy the state holds. */
  private originals = new WeakMap<SerializedError, Error>()
  /** Every schema that wrote records, by entity key: what the GC reads a record's links with. */
  private readonly schemas = new Map<string, Set<unknown>>()
  private readonly queries = new WeakMap<object, EndpointInterface>()
  private lastTick = -Infinity
  private abortGuess: AbortOptimistic | undefined

  constructor(options: ControllerOptions = {}) {
    this.dispatch = options.dispatch ?? notConnected
    this.getState = options.getState ?? emptyState()
    this.now = options.now ?? Date.now
    this.network = options.network ?? new NetworkManager()
    this.subscribers = (options.managers ?? []).filter((manager) => manager.subscribe !== undefined || manager.unsubscribe !== undefined)
    this.gc = options.gc ?? new GCManager()
    this.gc.attach({ now: () => this.now(), getState: () => this.getState(), dispatch: (action) => this.dispatch(action), pathsOf: (endpoint, args, state) => this.pathsOf(endpoint, args, state), pathsFrom: (entityKey, pk, state) => this.pathsFrom(entityKey, pk, state) })
    this.optimistic = new OptimisticView((endpoint, layer, args, view) => this.guessAction(endpoint, layer, args, view))
    for (const name of BOUND) (this as any)[name] = (this as any)[name].bind(this)
  }

  /**
   * A strictly increasing timestamp for ordering requests: two requests started in the same
   * millisecond still have a first and a second, so "the later fetch wins" is always decidable.
   */
  tick(): number {
    const now = this.now()
    this.lastTick = now > this.lastTick ? now : this.lastTick + 0.001
    return this.lastTick
  }

  /**
   * Runs an endpoint and writes its response to the cache. Identical concurrent reads share one
   * request; mutations (`sideEffect`) always run, showing their optimistic guess meanwhile.
   * @returns the denormalized response (for deletes and schema-less endpoints, what the
   * endpoint returned). @throws whatever the request or normalization threw.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E> {
    let key: string
    try {
      key = endpoint.key(...args)
    } catch (error) {
      // Bad arguments (a missing path parameter): reject like any failed call, before any request.
      return Promise.reject(error) as FetchReturn<E>
    }
    const read = !endpoint.sideEffect
    if (read) {
      const running = this.network.running(key)
      if (running !== undefined) return running as FetchReturn<E>
    }
    const fetchedAt = this.tick()
    this.dispatch(createFetch(key, args, fetchedAt))
    if (!read && typeof endpoint.getOptimisticResponse === 'function') this.addOptimistic(endpoint, key, args, fetchedAt)
    return this.network.start(key, read, (signal) => this.request(endpoint, key, args, fetchedAt, signal)) as FetchReturn<E>
  }

  /** Fetches only when the cached data is missing, stale or invalid; otherwise resolves to it. */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): FetchReturn<E> {
    const response = this.getResponse(endpoint, ...args, this.getState())
    if (response.expiryStatus === ExpiryStatus.Valid) return Promise.resolve(response.data) as FetchReturn<E>
    return this.fetch(endpoint, ...args)
  }

  /**
   * Makes the next read of this argument set suspend and refetch; other argument sets are
   * untouched. A request for it already in flight no longer counts: only one started after this
   * makes the data valid again.
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] === null) return
    const key = endpoint.key(...(args as Args<E>))
    this.network.forget(key)
    this.dispatch(createInvalidate(key, this.tick()))
  }

  /** Invalidates every cached key the filter accepts (an endpoint accepts all of its keys). */
  invalidateAll(filter: KeyFilter): void {
    const keys = this.keysMatching(filter)
    for (const key of keys) this.network.forget(key)
    this.dispatch(createInvalidateAll(keys, this.tick()))
  }

  /** Marks every cached key the filter accepts as stale: shown, and refetched in the background. */
  expireAll(filter: KeyFilter): void {
    this.dispatch(createExpireAll(this.keysMatching(filter)))
  }

  /** Empties the cache. Responses to requests started before this never land. */
  resetEntireStore(): void {
    this.network.forgetAll()
    this.forget()
    this.dispatch(createReset(this.tick()))
  }

  /** Writes a response as if the endpoint had returned it (for tests, websockets, SSR). */
  setResponse<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, any>): void {
    const args = rest.slice(0, -1)
    const key = endpoint.key(...(args as Parameters<E>))
    this.dispatch(this.receiveAction(endpoint, key, args, rest[rest.length - 1], this.tick()))
  }

  /** Records an error for an endpoint as if its request had failed. */
  setError<E extends EndpointInterface>(endpoint: E, ...rest: WriteRest<E, Error>): void {
    const args = rest.slice(0, -1)
    const key = endpoint.key(...(args as Parameters<E>))
    this.dispatch(this.errorAction(endpoint, key, args, rest[rest.length - 1], this.tick()))
  }

  /**
   * Reads an endpoint from a state, pending optimistic updates applied: `{ data, expiryStatus,
   * expiresAt }`. The last argument is the state. Memoized: an unchanged state gives the same
   * data object, and an entity that did not change keeps its object across states.
   */
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...rest: ReadRest<E>
  ): ResponseInfo<DenormalizeNullable<E['schema']>> {
    const state = rest[rest.length - 1] as State
    return selectResponse(this.view(state), endpoint, rest.slice(0, -1), this.now(), this.memo)
  }

  /**
   * The error to show for an endpoint read, if any (the last argument is the state): the very
   * error the request failed with in this session (`instanceof NetworkError`, with `response`);
   * after a replay or hydration, one rebuilt from the stored copy. Soft errors (a 5xx while data
   * is cached) are not shown: the data is.
   */
  getError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined {
    return this.errorOf(endpoint, rest, false)
  }

  /**
   * The error the last request for this read failed with, soft ones included: a 5xx while data
   * was cached leaves the data on screen, and this says why it was not refreshed (`useDLE`
   * returns it). Cleared by the next successful response.
   */
  getLastError<E extends EndpointInterface>(endpoint: E, ...rest: ReadRest<E>): Error | undefined {
    return this.errorOf(endpoint, rest, true)
  }

  private errorOf(endpoint: EndpointInterface, rest: readonly unknown[], soft: boolean): Error | undefined {
    const state = rest[rest.length - 1] as State
    const args = rest.slice(0, -1)
    if (args[0] === null) return undefined
    const key = endpoint.key(...args)
    const view = this.view(state)
    const stored = selectMeta(view, key)?.error
    if (stored === undefined) return undefined
    const rebuilt = selectError(view, key, !soft && selectResult(view, key) !== undefined)
    if (rebuilt === undefined) return undefined
    return this.originals.get(stored) ?? rebuilt
  }

  /**
   * Looks a schema up in the entity tables, whatever endpoint filled them: an Entity by the pk
   * its arguments give (`{ id }`), `schema.All` as every entity of its type. The last argument
   * is the state. A `Query` gives its processed result. Never fetches.
   */
  get<S extends Schema | Query<any, any, any>>(schema: S, ...rest: readonly [...unknown[], State]): Read<S> | undefined {
    const state = rest[rest.length - 1] as State
    return this.getResponse(this.queryFor(schema as object), ...(rest.slice(0, -1) as []), state).data as Read<S> | undefined
  }

  /** The read-only endpoint behind `get` and `useQuery` for a schema (one per schema). */
  queryFor(schema: object): EndpointInterface {
    let endpoint = this.queries.get(schema)
    if (endpoint === undefined) this.queries.set(schema, (endpoint = queryEndpoint(schema)))
    return endpoint
  }

  /**
   * A reader of this argument set is on screen: its data is not garbage-collected while it is,
   * and the managers that follow readers hear of it (with a `PollingManager` in the store, an
   * endpoint with `pollFrequency` is polled, one timer per key). Hooks call this on mount; call
   * `unsubscribe` with the same arguments when done.
   */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] === null) return
    this.gc.retain(endpoint.key(...(args as Args<E>)), endpoint, args)
    for (const manager of this.subscribers) manager.subscribe?.(this, endpoint, args)
    if (endpoint.pollFrequency && this.subscribers.length === 0) this.warnUnpolled(endpoint)
  }

  /** Polling is opt-in (so apps that never poll do not bundle it): says how, once per endpoint. */
  private warnUnpolled(endpoint: EndpointInterface): void {
    // Tested here too, so a production build drops the whole body (its text included).
    if (!(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production')) return
    if ((this.unpolled ??= new WeakSet()).has(endpoint) || typeof console === 'undefined') return
    this.unpolled.add(endpoint)
    console.warn(
      `${endpoint.name}: pollFrequency is ${endpoint.pollFrequency} ms, but this store has no PollingManager, so nothing polls. ` +
        "Add one, imported from 'tessera': createStore({ managers: [new PollingManager()] }) or <DataProvider managers={[new PollingManager()]}>.",
    )
  }

  /** One reader went away; with the last one, polling stops and the data's gcTime starts. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): void {
    if (args[0] === null) return
    for (const manager of this.subscribers) manager.unsubscribe?.(endpoint, args)
    this.gc.release(endpoint.key(...(args as Args<E>)))
  }

  /**
   * Runs one garbage-collection slice now (the store also runs them by itself when idle):
   * dispatches a `tessera/gc` action removing up to `gcBatch` keys that nobody reads, nothing is
   * fetching, and whose `gcTime` has passed, with the entity records no remaining key refers to.
   * @returns true when more keys are due (call again to continue).
   */
  sweep(): boolean {
    return this.gc.sweep()
  }

  /** The entity records a read of this argument set is built from (pending guesses applied). */
  pathsOf(endpoint: EndpointInterface, args: readonly unknown[], state: State): readonly EntityPath[] {
    const view = this.view(state)
    const key = endpoint.key(...args)
    const schema = endpoint.schema
    if (schema === undefined || schema === null) return []
    const input = selectInput(view, endpoint, key, args)
    return input === undefined ? [] : this.memo.denormalize(schema, input, view.entities, args).paths
  }

  /**
   * The records a stored record points at, itself included, read with every schema that wrote
   * its entity key in this session (a summary and its detail share one). Empty for a key no
   * response normalized here (a hydrated or replayed state): nothing is known of its schema.
   */
  private pathsFrom(entityKey: string, pk: string, state: State): readonly EntityPath[] {
    const schemas = this.schemas.get(entityKey)
    if (schemas === undefined) return []
    const entities = this.view(state).entities
    // One schema per key is the common case: its paths as they are, no copy. (No spread when
    // there are more: a record may point at more records than a call takes arguments.)
    let paths: readonly EntityPath[] = []
    for (const schema of schemas) {
      const more = this.memo.denormalize(schema, pk, entities, []).paths
      paths = paths.length === 0 ? more : paths.concat(more)
    }
    return paths
  }

  /** Aborts the in-flight read for this argument set; its response is ignored. */
  abort<E extends EndpointInterface>(endpoint: E, ...args: Args<E>): boolean {
    return this.network.abort(endpoint.key(...args))
  }

  /** True while a read for this argument set is in flight. */
  isFetching<E extends EndpointInterface>(endpoint: E, ...args: ArgsOrNull<E>): boolean {
    return args[0] !== null && this.network.isFetching(endpoint.key(...(args as Args<E>)))
  }

  /** Memoized denormalization through the controller's cache (the one every read shares). */
  denormalize(schema: unknown, input: unknown, entities: State['entities'], args: readonly unknown[]): unknown {
    return this.memo.denormalize(schema, input, entities, args).data
  }

  /** A read-only view of a state (optimistic layers applied), for optimistic updaters. */
  snapshot(state: State, fetchedAt = this.now()): SnapshotInterface {
    return {
      fetchedAt,
      // One error for every snapshot: guesses are recomputed on each read, and building an
      // Error (its stack) each time would cost more than the guess.
      abort: (this.abortGuess ??= new AbortOptimistic('No optimistic guess for this call')),
      getResponse: (endpoint, ...args) => (this.getResponse as AnyRead)(endpoint, ...args, state),
      getError: (endpoint, ...args) => (this.getError as AnyRead)(endpoint, ...args, state),
      get: (schema, ...args) => this.get(schema, ...args, state),
    }
  }

  /** The state readers see: `state` with every pending optimistic layer applied. */
  view(state: State): State {
    return this.optimistic.view(state)
  }

  /** Lets go of every cache this controller keeps (after a reset, or when the store is cleaned up). */
  forget(): void {
    this.memo = new MemoCache()
    this.optimistic.clear()
    this.originals = new WeakMap()
    this.schemas.clear()
  }

  /**
   * The one place a response becomes an action: normalized against the current state (pending
   * guesses left out: they are not data), with its expiry, and the results of other keys it
   * extends (`update`, e.g. a page appended to its list).
   * @throws {SchemaError} when the response does not fit the endpoint's schema.
   */
  receiveAction(endpoint: EndpointInterface, key: string, args: readonly unknown[], value: unknown, fetchedAt: number): ReceiveAction {
    const now = this.now()
    const meta = withGcTime({ fetchedAt, date: now, expiresAt: expiry(now, endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) }, endpoint)
    const state = this.getState()
    const normalized = normalizeChanges(endpoint.schema, value, args, state, meta, { schemas: this.schemas })
    return createReceive(key, args, normalized, meta, computeUpdates(endpoint, normalized.result, args, state))
  }

  /** The one place a failure becomes an action; the original error is kept for readers of this session. */
  errorAction(endpoint: EndpointInterface, key: string, args: readonly unknown[], error: unknown, fetchedAt: number): ReceiveErrorAction {
    const now = this.now()
    const serialized = serializeError(error)
    if (error instanceof Error) this.originals.set(serialized, error)
    return createReceiveError(key, args, serialized, endpoint.errorPolicy?.(error), withGcTime({
      fetchedAt,
      date: now,
      expiresAt: expiry(now, endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
    }, endpoint))
  }

  /** Runs one request and writes its outcome; the network manager only tracks it. */
  private async request(endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number, signal: AbortSignal): Promise<unknown> {
    let value: unknown
    try {
      value = await callWithSignal(endpoint, args, signal)
    } catch (error) {
      if (signal.aborted) throw signal.reason
      this.settle(this.errorAction(endpoint, key, args, error, fetchedAt))
      throw error
    }
    if (signal.aborted) throw signal.reason
    let action: ReceiveAction
    try {
      action = this.receiveAction(endpoint, key, args, value, fetchedAt)
    } catch (error) {
      // A response of the wrong shape is a failed request: record it, keep the cached data.
      this.settle(this.errorAction(endpoint, key, args, error, fetchedAt))
      throw error
    }
    this.settle(action)
    if (endpoint.schema === undefined || endpoint.schema === null) return value
    const state = this.getState()
    // The cache was reset while this request was out: its answer was dropped, and the caller is told.
    if (fetchedAt < state.lastReset) throw new ResetError(`The store was reset while ${key} was loading`)
    // The controller's memo cache, so the resolved value is the very object later reads return.
    const data = this.denormalize(endpoint.schema, action.result, this.view(state).entities, args)
    // A delete (schema.Invalidate) reads back as the INVALID marker, which is internal to reads:
    // the caller gets what the endpoint returned (for createResource's delete, the object or the params).
    return data === INVALID ? value : data
  }

  /** Dispatches a request's outcome; its optimistic layer (if any) goes with it. */
  private settle(action: ReceiveAction | ReceiveErrorAction): void {
    this.optimistic.settle(action.key, action.meta.fetchedAt)
    this.dispatch(action)
  }

  /**
   * Adds the optimistic layer of a mutation, after checking that its guess can be made now. A
   * guess that throws or fails validation adds no layer (with a warning in development); the
   * request is sent either way and the call settles with the server's answer.
   */
  private addOptimistic(endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number): void {
    const layer: OptimisticLayer = { key, args, fetchedAt }
    try {
      this.guessAction(endpoint, layer, args, this.view(this.getState()))
    } catch (error) {
      if (!(error instanceof AbortOptimistic)) this.warnNoGuess(endpoint, error)
      return
    }
    this.optimistic.register(key, fetchedAt, endpoint, args)
    this.dispatch(createOptimistic(key, args, fetchedAt))
  }

  /** Once per endpoint: its guesses fail, and what to change (a warning per call would flood the console). */
  private warnNoGuess(endpoint: EndpointInterface, error: unknown): void {
    if (!(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production')) return
    if ((this.unguessed ??= new WeakSet()).has(endpoint) || typeof console === 'undefined') return
    this.unguessed.add(endpoint)
    console.warn(
      `${endpoint.name}: getOptimisticResponse failed, so this mutation shows nothing until the server answers ` +
        `(further failures of this endpoint are not reported): ${describeThrown(error)}. ` +
        'Return only the fields the mutation changes, with the primary key, and throw snapshot.abort when there is nothing to guess.',
    )
  }

  /** The receive action an optimistic guess stands for, computed against `view`. */
  private guessAction(endpoint: EndpointInterface, layer: OptimisticLayer, args: readonly unknown[], view: State): Guess {
    const fetchedAt = layer.fetchedAt
    const records: unknown[] = []
    const results: unknown[] = []
    const note = (entityKey: string, pk: string) =>
      records.push(entityKey, pk, readEntry(view.entities[entityKey], pk), readEntry(view.entitiesMeta[entityKey], pk))
    // The snapshot notes what the guess reads, so the view can tell when it would come out the same.
    const read = (endpoint: EndpointInterface, readArgs: readonly unknown[]) => {
      if (readArgs[0] === null) return
      const key = endpoint.key(...readArgs)
      results.push(key, selectResult(view, key), selectMeta(view, key))
      for (const { key: entityKey, pk } of this.pathsOf(endpoint, readArgs, view)) note(entityKey, pk)
    }
    const snapshot: SnapshotInterface = {
      fetchedAt,
      abort: (this.abortGuess ??= new AbortOptimistic('No optimistic guess for this call')),
      getResponse: (readEndpoint, ...readArgs) => {
        read(readEndpoint, readArgs)
        return (this.getResponse as AnyRead)(readEndpoint, ...readArgs, view)
      },
      getError: (readEndpoint, ...readArgs) => {
        read(readEndpoint, readArgs)
        return (this.getError as AnyRead)(readEndpoint, ...readArgs, view)
      },
      get: (schema, ...readArgs) => {
        read(this.queryFor(schema as object), readArgs)
        return this.get(schema, ...readArgs, view)
      },
    }
    const value = endpoint.getOptimisticResponse!(snapshot, ...args)
    const meta: EntityMeta = { fetchedAt, date: fetchedAt, expiresAt: expiry(fetchedAt, endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) }
    const normalized = normalizeChanges(endpoint.schema, value, args, view, meta, { optimistic: true })
    // What the guess was merged into, and the lists a push looked through.
    for (const entityKey of Object.keys(normalized.entities)) {
      const written = normalized.entities[entityKey]!
      let lists = false
      for (const pk of Object.keys(written)) {
        note(entityKey, pk)
        lists ||= Array.isArray(written[pk])
      }
      // A push into lists (Collections) depends on which lists there are: the whole table.
      if (lists) records.push(entityKey, undefined, view.entities[entityKey], undefined)
    }
    const updates = computeUpdates(endpoint, normalized.result, args, view)
    if (updates !== undefined) for (const key of Object.keys(updates)) results.push(key, selectResult(view, key), selectMeta(view, key))
    // Never dispatched (a view is computed from it), so the arguments need no JSON copy.
    const action: ReceiveAction = { type: RECEIVE, key: layer.key, args, ...normalized, meta, ...(updates === undefined ? {} : { updates }) }
    return { action, deps: { records, results } }
  }

  private keysMatching(filter: KeyFilter): string[] {
    const test = typeof filter === 'function' && typeof (filter as { testKey?: unknown }).testKey !== 'function'
      ? (filter as (key: string) => boolean)
      : (key: string) => (filter as { testKey: (key: string) => boolean }).testKey(key)
    return tableKeys(this.getState().meta).filter(test)
  }
}

/** What `get` reads: a Query's result, or a schema's denormalized value. */
type Read<S> = S extends Query<any, any, infer R> ? R : Denormalize<S>

/** The endpoint's own gcTime travels with its responses (JSON-safe: Infinity is NEVER). */
function withGcTime<M extends object>(meta: M, endpoint: EndpointInterface): M & { gcTime?: number } {
  const gcTime = endpoint.gcTime
  return gcTime === undefined ? meta : { ...meta, gcTime: gcTime === Infinity ? NEVER : gcTime }
}

/** `now + length`, kept finite so it survives JSON ("never" is NEVER, not Infinity). */
function expiry(now: number, length: number): number {
  const at = now + length
  return at > NEVER || Number.isNaN(at) ? NEVER : at
}

/** Runs an endpoint's `update` against the current results, so the action carries plain values. */
function computeUpdates(endpoint: EndpointInterface, result: unknown, args: readonly unknown[], state: State): { [key: string]: unknown } | undefined {
  if (typeof endpoint.update !== 'function') return undefined
  try {
    const updaters = endpoint.update(result, ...args)
    const out: { [key: string]: unknown } = Object.create(null)
    for (const key of Object.keys(updaters)) out[key] = updaters[key]!(selectResult(state, key))
    return out
  } catch (error) {
    // A bug in the app's update() costs the lists it would have extended, not the response:
    // that is written (and the call resolves), as in data-client.
    if (typeof console !== 'undefined') console.error(`${endpoint.name}: update() threw, so no other result was updated by this response:`, error)
    return undefined
  }
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
    const self = Object.create(endpoint, { signal: { value: both } })
    return Promise.resolve(fetchFn.apply(self, args))
  }
  return Promise.resolve((endpoint as (...a: readonly unknown[]) => Promise<unknown>)(...args))
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
