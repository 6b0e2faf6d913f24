// The writer: keeps the storage in step with the state by writing only what changed since the
// last save (diff.ts), throttled, one save at a time. A failed write keeps its changes for the
// next save, so the storage catches up once it works again.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import type { Store } from '../../store/createStore'
import { createInitialState, type ResponseMeta, type State } from '../../store/state'
import { readEntry, tableKeys, type RecordTable } from '../../schema/table'
import type { PersistedQueue } from '../persist'
import type { PersistStorage } from '../storage'
import { collect, merge, noChanges, sameMeta, savedMeta, type Changes } from './diff'
import { FORMAT, HEADER, QUEUE, describe, recordEntry, responseEntry, type Warn } from './format'
import type { HeldRecords } from './held'
import type { Restored } from './restore'

interface WriterOptions {
  readonly version: number | string
  readonly throttleMs: number
  readonly offline: PersistedQueue | undefined
  /** The records each response holds, kept by the persister's subscription. */
  readonly held: HeldRecords
  readonly warn: Warn
}

/** One save's work, taken from the writer's state when it starts. */
interface Write {
  readonly next: State
  /** The state the storage holds (a failed write goes back to it). */
  readonly previous: State
  readonly changes: Changes
  /** Records written even when they look unchanged since `previous` (the storage lacks them). */
  readonly forced: Changes['records']
  readonly queued: readonly unknown[] | undefined
  readonly header: boolean
  readonly gone: readonly string[]
}

/** Saves a store's changes to a storage, starting from what the restore left (see `Restored`). */
export class StorageWriter {
  /** Changes the storage lacks whatever the comparison says (made before the restore, or whose write failed). */
  #carry: Changes
  /** Storage keys to delete. */
  readonly #stale: string[]
  #writeHeader: boolean
  /** The offline queue changed since it was written. */
  queueDirty = false
  /** The state the storage holds (as far as the writes went). */
  #saved: State
  #writing: Promise<void> = Promise.resolve()
  #failing = false
  #stopped = false
  #timer: ReturnType<typeof setTimeout> | undefined
  readonly #store: Store
  readonly #storage: PersistStorage
  readonly #options: WriterOptions

  constructor(store: Store, storage: PersistStorage, restored: Restored, options: WriterOptions) {
    this.#store = store
    this.#storage = storage
    this.#options = options
    this.#carry = restored.carry
    this.#stale = restored.stale
    this.#writeHeader = restored.writeHeader
    this.#saved = store.getState()
  }

  /** Whether anything is owed to the storage that no action will bring up. */
  get owed(): boolean {
    return this.queueDirty || this.#writeHeader || this.#stale.length > 0 || this.#carry.keys.size > 0 || this.#carry.records.size > 0
  }

  /** Writes what changed now, after the saves already under way. */
  flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    return (this.#writing = this.#writing.then(() => this.#save()))
  }

  /** Writes what changed at the end of the throttle window (one write for every action in it). */
  schedule(): void {
    if (this.#timer !== undefined || this.#stopped) return
    this.#timer = setTimeout(() => void this.flush(), this.#options.throttleMs)
    ;(this.#timer as { unref?: () => void }).unref?.()
  }

  /** No more scheduled writes (a flush still writes). */
  stop(): void {
    this.#stopped = true
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
  }

  async #save(): Promise<void> {
    const write = this.#take()
    const { set, remove } = toEntries(write.changes, write.forced, write.next, write.previous, this.#options.held)
    // The header first: a storage written in pieces (Web Storage) that stops midway still says what wrote it.
    if (write.header) set.unshift([HEADER, { format: FORMAT, version: this.#options.version }])
    if (write.queued) set.push([QUEUE, JSON.parse(JSON.stringify(write.queued))])
    const storage = this.#storage
    try {
      if (write.changes.clear) await (storage.clear ? storage.clear() : storage.delete(allKeys(write.previous)))
      // Dropped entries go first: some are written again below (storage of another version).
      if (write.gone.length > 0) await storage.delete([...write.gone])
      if (set.length > 0) await storage.set(set)
      if (remove.length > 0) await storage.delete(remove)
      this.#failing = false
    } catch (error) {
      this.#retry(write)
      // One warning per run of failures, not one per throttle window.
      if (!this.#failing) this.#options.warn(753, process.env.NODE_ENV !== 'production' ? `could not write to the storage (${describe(error)}); the cache is unchanged and the write will be tried again.` : '')
      this.#failing = true
    }
  }

  /** What this save writes, taken from the writer's state, which then counts it as saved. */
  #take(): Write {
    const { offline } = this.#options
    const next = this.#store.getState()
    const changes = this.#carry
    // Carried changes (made before the restore, or whose write failed) are written whatever the
    // comparison with the last saved state says: the storage does not have them.
    const forced = new Map([...changes.records].map(([entityKey, pks]) => [entityKey, new Set(pks)]))
    this.#carry = noChanges()
    if (next.lastReset !== this.#saved.lastReset) changes.clear = true
    if (changes.clear) {
      // Everything the state holds is written again, on an empty storage.
      collect(createInitialState(), next, changes)
      this.#writeHeader = true
      this.queueDirty = !!offline
    } else collect(this.#saved, next, changes)
    const write: Write = {
      next,
      previous: this.#saved,
      changes,
      forced,
      queued: this.queueDirty && offline ? offline.pending() : undefined,
      header: this.#writeHeader,
      // What failed is written on the next save: the changes are kept until a write succeeds.
      gone: this.#stale.splice(0),
    }
    this.#saved = next
    this.#writeHeader = false
    this.queueDirty = false
    return write
  }

  /** A write failed: what it would have written is owed again. */
  #retry(write: Write): void {
    // Saves run one at a time, so nothing was saved since: compare from what the storage has.
    this.#saved = write.previous
    merge(this.#carry, write.changes)
    this.#stale.push(...write.gone)
    if (write.header) this.#writeHeader = true
    if (write.queued) this.queueDirty = true
  }
}

/**
 * The entries to write and the keys to delete for `changes`, read from the state `next`
 * (`previous` was saved last; `forced` records are written even when they look unchanged since).
 */
function toEntries(changes: Changes, forced: Changes['records'], next: State, previous: State, held: HeldRecords): { set: [string, unknown][]; remove: string[] } {
  const set: [string, unknown][] = []
  const remove: string[] = []
  // The times a response written now gives the records it holds: a refetch that brings the same
  // records changes only their times, and those are restored from the response instead of
  // rewriting every record (see `newer` in the restore).
  const timed = new Map<string, Map<string, ResponseMeta>>()
  for (const key of changes.keys) {
    const meta = savedMeta(readEntry(next.meta, key) as ResponseMeta | undefined)
    const result = readEntry(next.endpoints, key)
    if (meta === undefined || result === undefined) {
      if (!changes.clear) remove.push(responseEntry(key))
      continue
    }
    const pks = held.get(key) ?? {}
    set.push([responseEntry(key), { result, meta, pks }])
    for (const entityKey of Object.keys(pks)) {
      if (!changes.records.has(entityKey)) continue
      let times = timed.get(entityKey)
      if (times === undefined) timed.set(entityKey, (times = new Map()))
      for (const pk of pks[entityKey]!) times.set(pk, meta)
    }
  }
  for (const [entityKey, pks] of changes.records) {
    const records = next.entities[entityKey] as RecordTable | undefined
    const metas = next.entitiesMeta[entityKey] as RecordTable | undefined
    const before = previous.entities[entityKey] as RecordTable | undefined
    const times = timed.get(entityKey)
    for (const pk of pks) {
      const id = recordEntry(entityKey, pk)
      const record = readEntry(records, pk)
      if (record === undefined) {
        if (!changes.clear) remove.push(id)
        continue
      }
      const meta = readEntry(metas, pk) as ResponseMeta | undefined
      if (!changes.clear && !forced.get(entityKey)?.has(pk) && record === readEntry(before, pk) && meta !== undefined && sameMeta(meta, times?.get(pk))) continue
      set.push([id, meta === undefined ? { record } : { record, meta }])
    }
  }
  return { set, remove }
}

/** Every storage key a state's data is saved under (to clear a storage without `clear`). */
function allKeys(state: State): string[] {
  const keys = tableKeys(state.meta).map(responseEntry)
  for (const entityKey of Object.keys(state.entities)) {
    for (const pk of tableKeys(state.entities[entityKey] as RecordTable)) keys.push(recordEntry(entityKey, pk))
  }
  return keys
}
