interface InFlight {
  readonly promise: Promise<unknown>
  readonly abort: AbortController
}

/** Thrown (as a rejection) by `controller.abort` to whoever awaits the aborted fetch. */
export class AbortError extends Error {
  override name = 'AbortError'
}

/**
 * The store's request table, and only that: which reads are in flight (so identical reads share
 * one), and how to abort them. Holds the only non-serializable request state (promises, abort
 * controllers), keyed by the endpoint key. What a request does with its answer is the
 * Controller's business: this knows nothing of responses, actions or the cache.
 */
export class RequestTable {
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

  /** Stops sharing the read of `key` (or of every key): the next read starts a new request; this one still answers. */
  unshare(key?: string): void {
    if (key === undefined) this.#inflight.clear()
    else this.#inflight.delete(key)
  }

  /** Aborts every request still out, reads and mutations alike (the store is cleaned up). */
  abortAll(): void {
    for (const abort of this.#all) abort.abort(new AbortError('The store was cleaned up'))
    this.#all.clear()
    this.#inflight.clear()
  }
}

/** Never resolves; rejects with the abort reason once `signal` aborts. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
}
