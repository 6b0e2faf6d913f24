import type { Store } from '../store/createStore'
import type { EndpointInterface } from '../endpoint/types'

/** A mounted read as the recorder last saw it, kept once its readers leave so the panel can still refetch it. */
export interface KnownRead {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
}

/**
 * What the devtools learn from samples of a store's mounted readers (`store.inspect()`): the
 * endpoint behind each key ever read, and when a key's last reader was seen gone (the collector's
 * gcTime counts from then). The store announces no reader change, so a sample is taken on every
 * recorded action and on the panel's ticks.
 */
export interface ReaderLog {
  /** Looks at the mounted readers now. */
  sample(): void
  /** When the last reader of `key` was seen gone (store clock), if it had readers while sampled. */
  leftAt(key: string): number | undefined
  /** The endpoint and arguments behind `key`, if a reader of it was ever seen. */
  readOf(key: string): KnownRead | undefined
}

/** A reader log of `store`, with a first sample taken. */
export function createReaderLog(store: Store): ReaderLog {
  const read = new Set<string>()
  const leftAt = new Map<string, number>()
  const reads = new Map<string, KnownRead>()
  const log: ReaderLog = {
    sample() {
      const seen = new Set<string>()
      for (const mounted of store.inspect().readers.entries()) {
        seen.add(mounted.key)
        read.add(mounted.key)
        leftAt.delete(mounted.key)
        if (!reads.has(mounted.key)) reads.set(mounted.key, { endpoint: mounted.endpoint, args: mounted.args })
      }
      const now = store.controller.now()
      for (const key of read) {
        if (seen.has(key)) continue
        read.delete(key)
        leftAt.set(key, now)
      }
    },
    leftAt: (key) => leftAt.get(key),
    readOf: (key) => reads.get(key),
  }
  log.sample()
  return log
}
