import type { EndpointInterface } from '../endpoint/types'
import type { Controller } from '../store/index'

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
    const read = this.reads.get(key)
    if (read) read.count++
    else this.reads.set(key, { count: 1, endpoint, args })
    return () => {
      const current = this.reads.get(key)
      if (current && --current.count === 0) this.reads.delete(key)
    }
  }

  /** Refetches every mounted read whose data is no longer Valid. */
  revalidate(controller: Controller): void {
    for (const { endpoint, args } of this.reads.values()) {
      controller.fetchIfStale(endpoint, ...args).catch(() => {
        // The error is in the cache, where the reading component will show it.
      })
    }
  }
}
