// The browser side of `tessera/ssr`: the batches the server's scripts pushed (and push later)
// applied to the store, each as one `tessera/hydrate` action.

import type { Store } from '../store/createStore'
import { GLOBAL } from './global'
import { hydrateAction, ServerDataError, type ServerDataBatch } from './hydrate'

/** Options of receiveServerData. */
export interface ReceiveServerDataOptions {
  /** Told of a batch that could not be applied (it is dropped; the cache keeps what it had). Default: console.error. */
  onError?: (error: Error) => void
}

type Receiver = (batch: ServerDataBatch) => void
interface Queue extends Array<ServerDataBatch> {
  receivers?: Set<Receiver>
}

/**
 * In the browser: applies the data the server streamed to `store`, what is on the page already
 * and each batch that arrives later, each as one `tessera/hydrate` action (it merges into what is
 * there; DevTools shows it and a log replays it). Call it right after `createStore`, before
 * `hydrateRoot`, so boundaries the server resolved find their data and fetch nothing. Several
 * stores may listen; each gets every batch. Returns a function that stops listening.
 */
export function receiveServerData(store: Store, options: ReceiveServerDataOptions = {}): () => void {
  const scope = globalThis as unknown as Record<string, Queue | undefined>
  const queue = (scope[GLOBAL] ??= [])
  const receive: Receiver = (batch) => {
    try {
      // Marked as the page's server data: the store keeps the state React hydrates against from
      // it (see `store.getServerState`).
      store.dispatch({ ...hydrateAction(batch, store.controller.now()), server: true })
    } catch (error) {
      const report = options.onError ?? ((failure: Error) => console.error(failure))
      report(error instanceof Error ? error : new ServerDataError(String(error)))
    }
  }
  if (queue.receivers === undefined) {
    const receivers = (queue.receivers = new Set())
    // Batches written after this script ran reach every store at once; the array keeps them for
    // stores made later.
    queue.push = (...batches: ServerDataBatch[]) => {
      Array.prototype.push.apply(queue, batches)
      for (const batch of batches) for (const each of receivers) each(batch)
      return queue.length
    }
  }
  for (const batch of queue) receive(batch)
  queue.receivers.add(receive)
  return () => void queue.receivers?.delete(receive)
}
