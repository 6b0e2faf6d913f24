// The persister: restores a store from storage as one `tessera/hydrate` action (persist/restore.ts),
// then keeps the storage in step with the state by writing only what changed (persist/diff.ts,
// persist/writer.ts). The storage format is in persist/format.ts.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import type { Store } from '../store/createStore'
import type { QueuedMutation } from './OfflineManager'
import { describe, warnTo } from './persist/format'
import { trackHeld, type HeldRecords } from './persist/held'
import { restoreEntries } from './persist/restore'
import { StorageWriter } from './persist/writer'
import { asyncStorage, isKeyValueStorage, type AsyncKeyValueStorage, type PersistStorage } from './storage'

/** What the persister needs of an OfflineManager: its queue, to save and to give back after a reload. */
export interface PersistedQueue {
  pending(): readonly QueuedMutation[]
  subscribePending(listener: () => void): () => void
  restore(items: readonly QueuedMutation[]): void
}

/** Options of `persist`. */
export interface PersistOptions {
  /**
   * Where the cache is kept: `indexedDBStorage(…)`, `webStorage(localStorage)`, or, as it is, an
   * AsyncStorage-style storage (React Native's AsyncStorage; see asyncStorage).
   */
  storage: PersistStorage | AsyncKeyValueStorage
  /**
   * The shape of your data: storage written under another version is dropped (with a warning)
   * rather than restored. Bump it when entities or endpoints change incompatibly. Default 1.
   */
  version?: number | string
  /** Writes happen at most this often (ms); `flush()` writes at once. Default 1000. */
  throttleMs?: number
  /** Its queue of offline mutations is saved too (at once, unthrottled), and restored after a reload. */
  offline?: PersistedQueue
  /** Told of each problem with the storage (it is skipped, never thrown). Default: console.warn. */
  onWarning?: (message: string) => void
}

/** A running persister. */
export interface Persister {
  /** Responses (endpoint keys) the restore brought back. */
  readonly restored: number
  /** Writes what changed now, instead of at the end of the throttle window (tests; `pagehide` calls it). */
  flush(): Promise<void>
  /** Stops saving. What changed since the last write is not written: `await flush()` first to keep it. */
  stop(): void
}

/**
 * Restores `store` from `options.storage` (one merging `tessera/hydrate` action, so data the store
 * fetched meanwhile is never overwritten by older saved data), then saves what its actions change,
 * throttled. Storage from another version, a corrupt entry or a failing storage is reported through
 * `onWarning` and skipped: the cache is never harmed and nothing throws. Resolves once restored.
 */
export async function persist(store: Store, options: PersistOptions): Promise<Persister> {
  const { version = 1, throttleMs = 1000, offline } = options
  const storage = isKeyValueStorage(options.storage) ? asyncStorage(options.storage) : options.storage
  const warn = warnTo(options.onWarning)
  // The pks each endpoint key's response held, from every response this store applies (restored
  // ones included): see persist/held.ts.
  const held: HeldRecords = new Map()
  // Made once the storage is read; until then actions are only tracked.
  let writer: StorageWriter | undefined
  let queueChanged = false
  const stopTracking = store.subscribe((action) => {
    trackHeld(held, action)
    writer?.schedule()
  })
  const stopQueue = offline?.subscribePending(() => {
    if (writer === undefined) return void (queueChanged = true)
    writer.queueDirty = true
    // The queue is small and a lost change to it means a mutation sent twice or never: no throttle.
    void writer.flush()
  })

  const before = store.getState()
  let entries: Iterable<readonly [string, unknown]> = []
  try {
    entries = await storage.getAll()
  } catch (error) {
    warn(752, process.env.NODE_ENV !== 'production' ? `could not read the storage (${describe(error)}); starting empty.` : '')
  }
  const restored = restoreEntries(store, before, entries, { version, offline, warn })
  const started = (writer = new StorageWriter(store, storage, restored, { version, throttleMs, offline, held, warn }))
  // Mutations queued before the persister started are owed too (rewriting restored ones is harmless).
  started.queueDirty = queueChanged || (!!offline && offline.pending().length > 0)
  if (started.owed) started.schedule()
  const stopPage = onPageHide(() => void started.flush())
  return {
    restored: restored.restored,
    flush: () => started.flush(),
    stop() {
      started.stop()
      stopTracking()
      stopQueue?.()
      stopPage()
    },
  }
}

/**
 * The last chance a closing page gives: `write` on pagehide (IndexedDB finishes the transaction
 * even as the page goes). Mobile browsers may discard a hidden page without a pagehide, so going
 * hidden writes too. @returns what removes the listeners.
 */
function onPageHide(write: () => void): () => void {
  const onVisibility = () => {
    if ((globalThis as { document?: { visibilityState?: string } }).document?.visibilityState === 'hidden') write()
  }
  const page = globalThis as { addEventListener?: (type: string, listener: () => void) => void; removeEventListener?: (type: string, listener: () => void) => void }
  page.addEventListener?.('pagehide', write)
  page.addEventListener?.('visibilitychange', onVisibility)
  return () => {
    page.removeEventListener?.('pagehide', write)
    page.removeEventListener?.('visibilitychange', onVisibility)
  }
}
