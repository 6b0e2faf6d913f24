import type { Store } from '../store/createStore'
import type { EndpointInterface } from '../endpoint/types'

/** A mounted read as the recorder last saw it, kept once its readers leave so the panel can still refetch it. */
export interface KnownRead {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
}

/**
 * What the devtools learn from a store's registry of mounted reads (`store.inspect().readers`):
 * the endpoint behind each key ever read (sampled on every recorded action and the panel's ticks,
 * so a key can be refetched after its readers left), and when a key's last reader went away,
 * told by the registry as it happens (the collector's gcTime counts from that moment, so the
 * countdown to collection starts on time rather than on the panel's next tick).
 */
export interface ReaderLog {
  /** Looks at the mounted readers now (remembers the endpoint of every read it sees). */
  sample(): void
  /** When the last reader of `key` went away (store clock), if it did while recorded. */
  leftAt(key: string): number | undefined
  /** The endpoint and arguments behind `key`, if a reader of it was ever seen. */
  readOf(key: string): KnownRead | undefined
  /** Stops listening to the registry. */
  stop(): void
}

/** A reader log of `store`, with a first sample taken; `onLeave` is called each time a key loses its last reader. */
export function createReaderLog(store: Store, onLeave?: (key: string) => void): ReaderLog {
  const leftAt = new Map<string, number>()
  const reads = new Map<string, KnownRead>()
  const readers = store.inspect().readers
  const stop = readers.subscribe((key) => {
    leftAt.set(key, store.controller.now())
    onLeave?.(key)
  })
  const log: ReaderLog = {
    sample() {
      for (const mounted of readers.entries()) {
        // Read again since it left: its countdown starts afresh from its next leaving.
        leftAt.delete(mounted.key)
        if (!reads.has(mounted.key)) reads.set(mounted.key, { endpoint: mounted.endpoint, args: mounted.args })
      }
    },
    leftAt: (key) => leftAt.get(key),
    readOf: (key) => reads.get(key),
    stop,
  }
  log.sample()
  return log
}
