import { GC, RECEIVE } from '../store/actionTypes'
import type { EndpointInterface } from '../endpoint/types'
import type { Recorder } from './recorder'

/** The message of the error `forceError` writes, so a boundary shows where it came from. */
export const FORCED_ERROR = 'Forced by Tessera devtools'

/**
 * What the Keys tab's buttons do to one key, through the store's public API only (the controller,
 * `dispatch`): each returns nothing and throws nothing a click could not handle.
 */
export interface KeyActions {
  /** Fetches the key again (cause 'manual'); only for a key whose endpoint a reader showed. */
  refetch(): void
  /** Marks it invalid: readers refetch before showing it. */
  invalidate(): void
  /** Drops its data and meta (a `tessera/gc` of that key), as the collector would. */
  remove(): void
  /** Marks it invalid with a request in flight that never answers, so readers show their loading state, until `release`. */
  forceLoading(): void
  /** Writes an error for it, so readers show their error boundary. */
  forceError(): void
  /** Ends a forced loading: aborts the held request and fetches for real. */
  release(): void
  /** False when the key's endpoint is unknown (no reader was seen): refetch and forced loading are off. */
  readonly known: boolean
}

/** The actions of `key` in `recorder`'s store. */
export function keyActions(recorder: Recorder, key: string): KeyActions {
  const { store } = recorder
  const { controller } = store
  const read = recorder.readOf(key)
  const fetch = (endpoint: EndpointInterface) => controller.fetch(endpoint, ...(read!.args as [])).catch(() => undefined)
  return {
    known: read !== undefined,
    refetch: () => void (read && fetch(read.endpoint)),
    invalidate: () => controller.invalidateAll((candidate) => candidate === key),
    remove: () => store.dispatch({ type: GC, keys: [key], entities: {}, meta: { date: controller.now() } }),
    forceLoading() {
      if (!read) return
      // The same endpoint (same key for the same arguments) with a fetch that waits for ever: the
      // readers, finding the key invalid, share that request and suspend until `release`.
      const held = Object.create(read.endpoint, { fetch: { value: () => new Promise(() => undefined) } }) as EndpointInterface
      // Invalidated first: a request started before an invalidation is not shared by the readers.
      store.batch(() => {
        controller.invalidateAll((candidate) => candidate === key)
        void fetch(held)
      })
    },
    release() {
      if (!read) return
      controller.abort(read.endpoint, ...(read.args as []))
      void fetch(read.endpoint)
    },
    forceError() {
      const now = controller.now()
      store.dispatch({
        type: RECEIVE,
        key,
        args: (read?.args as unknown[]) ?? [],
        error: true,
        // As a server's 500 would: boundaries that tell HTTP errors apart (a Retry button) show it as one.
        payload: { name: 'NetworkError', message: FORCED_ERROR, status: 500 },
        meta: { date: now, fetchedAt: now, expiresAt: now + 60_000 },
      })
    },
  }
}
