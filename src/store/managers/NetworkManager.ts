import { INVALID, normalize } from '../../schema/index'
import type { EndpointInterface } from '../../endpoint/types'
import { createFetch, createOptimistic, createReceive, createReceiveError, serializeError } from '../actions'
import type { Controller } from '../Controller'
import type { Manager } from '../Manager'
import { selectOptimisticState } from '../selectors'

/** Default freshness of a response, in ms. */
export const DEFAULT_DATA_EXPIRY = 60_000
/** Default time before a failed read is retried, in ms. */
export const DEFAULT_ERROR_EXPIRY = 1_000

interface InFlight {
  readonly promise: Promise<unknown>
  readonly abort: AbortController
  readonly fetchedAt: number
}

/** Rejects a fetch whose response arrived after `resetEntireStore`: it was not written. */
export class ResetError extends Error {
  override name = 'ResetError'
}

/** Thrown (as a rejection) by `controller.abort` to whoever awaits the aborted fetch. */
export class AbortError extends Error {
  override name = 'AbortError'
}

/**
 * Runs requests: deduplicates identical reads while one is in flight, normalizes responses
 * against the current state and dispatches the results. Holds the only non-serializable state
 * (promises, abort controllers), keyed by the endpoint key.
 */
export class NetworkManager implements Manager {
  private readonly inflight = new Map<string, InFlight>()

  /** Starts (or joins) a request and resolves to its denormalized result. */
  fetch(controller: Controller, endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown> {
    let key: string
    try {
      key = endpoint.key(...args)
    } catch (error) {
      // Bad arguments (a missing path parameter): reject like any failed call, before any request.
      return Promise.reject(error)
    }
    if (!endpoint.sideEffect) {
      const running = this.inflight.get(key)
      if (running !== undefined) return running.promise
    }
    const fetchedAt = controller.tick()
    controller.dispatch(createFetch(key, args, fetchedAt))
    if (endpoint.sideEffect && endpoint.getOptimisticResponse) {
      try {
        this.applyOptimistic(controller, endpoint, key, args, fetchedAt)
      } catch (error) {
        // A broken updater fails this call like a failed request would, and leaves no pending key.
        this.fail(controller, endpoint, key, args, fetchedAt, error)
        return Promise.reject(error)
      }
    }

    const abort = new AbortController()
    const promise = this.run(controller, endpoint, key, args, fetchedAt, abort)
    if (!endpoint.sideEffect) {
      this.inflight.set(key, { promise, abort, fetchedAt })
      const forget = () => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key)
      }
      promise.then(forget, forget)
    }
    return promise
  }

  /** True while a read for `key` is in flight. */
  isFetching(key: string): boolean {
    return this.inflight.has(key)
  }

  /** Rejects the in-flight read for `key` with an AbortError; its response will be ignored. */
  abort(key: string): boolean {
    const running = this.inflight.get(key)
    if (running === undefined) return false
    running.abort.abort(new AbortError(`The request for ${key} was aborted`))
    this.inflight.delete(key)
    return true
  }

  /** Forgets every in-flight request (after a reset, a new read must not join an old request). */
  forgetAll(): void {
    this.inflight.clear()
  }

  cleanup(): void {
    for (const running of this.inflight.values()) running.abort.abort(new AbortError('The store was cleaned up'))
    this.inflight.clear()
  }

  private async run(
    controller: Controller,
    endpoint: EndpointInterface,
    key: string,
    args: readonly unknown[],
    fetchedAt: number,
    abort: AbortController,
  ): Promise<unknown> {
    let value: unknown
    try {
      // Raced with the signal: a fetch that ignores its signal must not keep an aborted caller waiting.
      value = await Promise.race([callWithSignal(endpoint, args, abort.signal), rejectOnAbort(abort.signal)])
    } catch (error) {
      if (abort.signal.aborted) throw abort.signal.reason
      this.fail(controller, endpoint, key, args, fetchedAt, error)
      throw error
    }
    if (abort.signal.aborted) throw abort.signal.reason
    const now = controller.now()
    let normalized
    try {
      const state = controller.getState()
      normalized = normalize(endpoint.schema, value, args, state, {
        fetchedAt,
        date: now,
        expiresAt: now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY),
      })
    } catch (error) {
      // A response of the wrong shape is a failed request: record it, keep the cached data.
      this.fail(controller, endpoint, key, args, fetchedAt, error)
      throw error
    }
    controller.dispatch(
      createReceive(
        key,
        args,
        normalized,
        { date: now, fetchedAt, expiresAt: now + (endpoint.dataExpiryLength ?? DEFAULT_DATA_EXPIRY) },
        computeUpdates(endpoint, normalized.result, args, controller.getState().endpoints),
      ),
    )
    if (endpoint.schema === undefined || endpoint.schema === null) return value
    const state = controller.getState()
    // The cache was reset while this request was out: its answer was dropped, and the caller is told.
    if (fetchedAt < state.lastReset) throw new ResetError(`The store was reset while ${key} was loading`)
    // The controller's memo cache, so the resolved value is the very object later reads return.
    const data = controller.denormalize(endpoint.schema, normalized.result, selectOptimisticState(state).entities, args)
    // A delete (schema.Invalidate) reads back as the INVALID marker, which is internal to reads:
    // the caller gets what the endpoint returned (for createResource's delete, the object or the params).
    return data === INVALID ? value : data
  }

  private fail(controller: Controller, endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number, error: unknown): void {
    const now = controller.now()
    const policy = endpoint.errorPolicy?.(error)
    controller.dispatch(
      createReceiveError(key, args, serializeError(error), policy, {
        date: now,
        fetchedAt,
        expiresAt: now + (endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY),
      }),
    )
  }

  private applyOptimistic(controller: Controller, endpoint: EndpointInterface, key: string, args: readonly unknown[], fetchedAt: number): void {
    const snapshot = controller.snapshot(controller.getState(), fetchedAt)
    const value = endpoint.getOptimisticResponse!(snapshot, ...args)
    const state = selectOptimisticState(controller.getState())
    const normalized = normalize(endpoint.schema, value, args, state, { fetchedAt, date: fetchedAt, expiresAt: fetchedAt }, { optimistic: true })
    controller.dispatch(createOptimistic(key, args, normalized, fetchedAt))
  }
}

/** Runs an endpoint's `update` against the current results, so the action carries plain values. */
export function computeUpdates(
  endpoint: EndpointInterface,
  result: unknown,
  args: readonly unknown[],
  endpoints: { readonly [key: string]: unknown },
): { [key: string]: unknown } | undefined {
  if (typeof endpoint.update !== 'function') return undefined
  const updaters = endpoint.update(result, ...args)
  const out: { [key: string]: unknown } = {}
  for (const key of Object.keys(updaters)) out[key] = updaters[key]!(endpoints[key])
  return out
}

/** Never resolves; rejects with the abort reason once `signal` aborts. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
}

/**
 * Calls the endpoint so that `this.signal` is the abort signal when it is one of our Endpoint
 * objects (its fetch can pass the signal on to `fetch`); plain functions are just called.
 */
function callWithSignal(endpoint: EndpointInterface, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
  const fetchFn = (endpoint as { fetch?: unknown }).fetch
  if (typeof fetchFn === 'function') {
    const self = Object.create(endpoint, { signal: { value: signal } })
    return Promise.resolve(fetchFn.apply(self, args))
  }
  return Promise.resolve((endpoint as (...a: readonly unknown[]) => Promise<unknown>)(...args))
}
