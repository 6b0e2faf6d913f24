import { passThrough, tesseraHooks, type Manager, type Middleware } from '../Manager'

interface InFlight {
  readonly promise: Promise<unknown>
  readonly abort: AbortController
}

/** Thrown (as a rejection) by `controller.abort` to whoever awaits the aborted fetch. */
export class AbortError extends Error {
  override name = 'AbortError'
}

/**
 * Tracks requests, and only that: which reads are in flight (so identical reads share one),
 * and how to abort them. Holds the only non-serializable request state (promises, abort
 * controllers), keyed by the endpoint key. What a request does with its answer is the
 * Controller's business: this class knows nothing of responses, actions or the cache.
 */
export class NetworkManager implements Manager {
  /** A Tessera manager: the Controller calls it directly; its middleware passes Tessera's actions on. */
  readonly [tesseraHooks] = {}
  #inflight = new Map<string, InFlight>()
  #all = new Set<AbortController>()

  /** The promise of the read of `key` in flight, if there is one. */
  running(key: string): Promise<unknown> | undefined {
    return this.#inflight.get(key)?.promise
  }

  /**
   * Tracks a request the controller started with `abort`'s signal. A read (`dedupe`) is remembered
   * under `key` until it settles, so `running(key)` finds it; a mutation is never shared.
   * @returns `request`, except that it rejects with the abort reason as soon as the request is
   * aborted, even if the request ignores its signal.
   */
  track<T>(key: string, dedupe: boolean, request: Promise<T>, abort: AbortController): Promise<T> {
    this.#all.add(abort)
    const promise = Promise.race([request, rejectOnAbort(abort.signal)])
    const done = () => {
      this.#all.delete(abort)
      if (this.#inflight.get(key)?.promise === promise) this.#inflight.delete(key)
    }
    promise.then(done, done)
    if (dedupe) this.#inflight.set(key, { promise, abort })
    return promise
  }

  /** True while a read for `key` is in flight. */
  isFetching(key: string): boolean {
    return this.#inflight.has(key)
  }

  /** Rejects the in-flight read for `key` with an AbortError; its response will be ignored. */
  abort(key: string): boolean {
    const running = this.#inflight.get(key)
    if (running === undefined) return false
    running.abort.abort(new AbortError(`The request for ${key} was aborted`))
    this.#inflight.delete(key)
    return true
  }

  /** Stops sharing the read of `key`: the next read starts a new request; this one still answers. */
  forget(key: string): void {
    this.#inflight.delete(key)
  }

  /** Forgets every in-flight read (after a reset, a new read must not join an old request). */
  forgetAll(): void {
    this.#inflight.clear()
  }

  /**
   * data-client's `skipLogging`, which `DevToolsManager` is given (`new DevToolsManager(config,
   * (action) => network.skipLogging(action))`): true for the fetch action of a read already in
   * flight, which adds nothing to the log. Takes either protocol's fetch action. Defined by the
   * module of data-client's actions (which `actionTypes`, `getDefaultManagers` and
   * `DevToolsManager` bring in), so that apps without DevTools do not bundle it.
   */
  declare skipLogging: (action: { readonly type: string; readonly key?: string }) => boolean

  /** Acts on no action (the Controller calls it directly): passes them all on. For data-client's Manager contract. */
  getMiddleware(): Middleware {
    return passThrough
  }

  /** Aborts every request still out, reads and mutations alike. */
  cleanup(): void {
    for (const abort of this.#all) abort.abort(new AbortError('The store was cleaned up'))
    this.#all.clear()
    this.#inflight.clear()
  }
}

/** Never resolves; rejects with the abort reason once `signal` aborts. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
}
