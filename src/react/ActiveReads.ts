'use client'
import type { EndpointInterface } from '../endpoint/types'
import type { Controller, FetchCause } from '../store/index'

interface ActiveRead {
  count: number
  endpoint: EndpointInterface
  args: readonly unknown[]
}

/**
 * The reads mounted components are showing, counted per key, so that a page becoming visible,
 * the network coming back or a screen gaining focus can refetch exactly the ones that are stale.
 */
export class ActiveReads {
  private readonly reads = new Map<string, ActiveRead>()

  add(key: string, endpoint: EndpointInterface, args: readonly unknown[]): () => void {
    const read = this.reads.get(key) ?? { count: 0, endpoint, args }
    this.reads.set(key, read)
    read.count++
    // Each release runs once (an effect's cleanup), after the add it undoes.
    return () => void (--read.count === 0 && this.reads.delete(key))
  }

  /**
   * Refetches every mounted read whose data is no longer Valid, recording `cause` on each fetch
   * ('focus' by default: `useRevalidate` is called on screen focus).
   */
  revalidate(controller: Controller, cause: FetchCause = 'focus'): void {
    // A failure is in the cache, where the reading component shows it.
    for (const { endpoint, args } of this.reads.values()) controller.because(cause, () => controller.fetchIfStale(endpoint, ...args)).catch(() => undefined)
  }
}
