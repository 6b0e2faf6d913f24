import { MemoCache, normalize } from '../schema/index'
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types'
import { createExpireAll, createInvalidate, createInvalidateAll, createReceive, createReceiveError, createReset, serializeError } from './actions'
import type { Action } from './actions'
import { DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY, NetworkManager, computeUpdates } from './managers/NetworkManager'
import { PollingManager } from './managers/PollingManager'
import { ExpiryStatus, selectError, selectOptimisticState, selectResponse, type ResponseInfo } from './selectors'
import type { State } from './state'

/** What a Controller needs from its store. */
export interface ControllerOptions {
  dispatch: (action: Action) => void
  getState: () => State
  now?: () => number
  network?: NetworkManager
  polling?: PollingManager
}

type KeyFilter = ((key: string) => boolean) | { testKey: (key: string) => boolean }

/**
 * The imperative side of the cache: fetch, mutate, invalidate and read endpoints. Every change
 * goes through `dispatch` as a plain action, so whatever the controller does can be replayed.
 */
export class Controller {
  /** Sends an action through the managers to the reducer. */
  dispatch: (action: Action) => void
  /** The current state (optimistic layers not applied). */
  readonly getState: () => State
  /** The store's clock. */
  readonly now: () => number
  private readonly network: NetworkManager
  private readonly polling: PollingManager
  private readonly memo = new MemoCache()
  private lastTick = -Infinity

  constructor(options: ControllerOptions) {
    this.dispatch = options.dispatch
    this.getState = options.getState
    this.now = options.now ?? Date.now
    this.network = options.network ?? new NetworkManager()
    this.polling = options.polling ?? new PollingManager()
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
   * request; mutations (`sideEffect`) always run.
   * @returns the denormalized response. @throws whatever the request or normalization threw.
   */
  fetch<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): Promise<any> {
    return this.network.fetch(this, endpoint, args)
  }

  /** Fetches only when the cached data is missing, stale or invalid; otherwise resolves to it. */
  fetchIfStale<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): Promise<any> {
    const response = this.getResponse(endpoint, ...args, this.getState())
    if (response.expiryStatus === ExpiryStatus.Valid) return Promise.resolve(response.data)
    return this.fetch(endpoint, ...args)
  }

  /** Makes the next read of this argument set suspend and refetch; other argument sets are untouched. */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): void {
    if (args[0] === null) return
    this.dispatch(createInvalidate(endpoint.key(...args)))
  }

  /** Invalidates every cached key the filter accepts. */
  invalidateAll(filter: KeyFilter): void {
    this.dispatch(createInvalidateAll(this.keysMatching(filter)))
  }

  /** Marks every cached key the filter accepts as stale: shown, and refetched in the background. */
  expireAll(filter: KeyFilter): void {
    this.dispatch(createExpireAll(this.keysMatching(filter)))
  }

  /** Empties the cache. Responses to requests started before this never land. */
  resetEntireStore(): void {
    this.network.forgetAll()
    this.dispatch(createReset(this.tick()))
  }

  /** Writes a response as if the endpoint had returned it (for tests, websockets, SSR). */
  setResponse<E extends EndpointInterface>(endpoint: E, ...rest: readonly unknown[]): void {
    const args = rest.slice(0, -1)
    const response = rest[rest.length - 1]
    const key = endpoint.key(...args)
    const fetchedAt = this.tick()
    const now = this.now()
    const meta = { fetchedAt, date: now, expiresAt: now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) }
    const normalized = normalize(endpoint.schema, response, args, this.getState(), meta)
    this.dispatch(createReceive(key, args, normalized, meta, computeUpdates(endpoint, normalized.result, args, this.getState().endpoints)))
  }

  /** Records an error for an endpoint as if its request had failed. */
  setError<E extends EndpointInterface>(endpoint: E, ...rest: readonly unknown[]): void {
    const args = rest.slice(0, -1)
    const error = rest[rest.length - 1]
    const now = this.now()
    this.dispatch(
      createReceiveError(endpoint.key(...args), args, serializeError(error), endpoint.errorPolicy?.(error), {
        fetchedAt: this.tick(),
        date: now,
        expiresAt: now + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
      }),
    )
  }

  /**
   * Reads an endpoint from a state: `{ data, expiryStatus, expiresAt }`. The last argument is the
   * state. Memoized: an unchanged state gives the same data object.
   */
  getResponse<E extends EndpointInterface>(endpoint: E, ...rest: readonly unknown[]): ResponseInfo<any> {
    const state = rest[rest.length - 1] as State
    return selectResponse(state, endpoint, rest.slice(0, -1), this.now(), this.memo)
  }

  /** The error to show for an endpoint read, if any (the last argument is the state). */
  getError<E extends EndpointInterface>(endpoint: E, ...rest: readonly unknown[]): Error | undefined {
    const state = rest[rest.length - 1] as State
    const args = rest.slice(0, -1)
    if (args[0] === null) return undefined
    const key = endpoint.key(...args)
    const hasData = selectOptimisticState(state).endpoints[key] !== undefined
    return selectError(state, key, hasData)
  }

  /** Starts polling an endpoint (if it has `pollFrequency`); one timer per key. */
  subscribe<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): void {
    this.polling.subscribe(this, endpoint, args)
  }

  /** Stops one subscription; polling stops with the last one. */
  unsubscribe<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): void {
    this.polling.unsubscribe(endpoint, args)
  }

  /** Aborts the in-flight read for this argument set; its response is ignored. */
  abort<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): boolean {
    return this.network.abort(endpoint.key(...args))
  }

  /** True while a read for this argument set is in flight. */
  isFetching<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): boolean {
    return args[0] !== null && this.network.isFetching(endpoint.key(...args))
  }

  /** Memoized denormalization through the controller's cache (the one every read shares). */
  denormalize(schema: unknown, input: unknown, entities: State['entities'], args: readonly unknown[]): unknown {
    return this.memo.denormalize(schema, input, entities, args).data
  }

  /** A read-only view of a state, for optimistic updaters. */
  snapshot(state: State, fetchedAt = this.now()): SnapshotInterface {
    return {
      fetchedAt,
      getResponse: (endpoint, ...args) => this.getResponse(endpoint, ...args, state),
      getError: (endpoint, ...args) => this.getError(endpoint, ...args, state),
    }
  }

  private keysMatching(filter: KeyFilter): string[] {
    const test = typeof filter === 'function' ? filter : filter.testKey
    return Object.keys(this.getState().meta).filter(test)
  }
}
