// The persister: restores a store from storage as one `tessera/hydrate` action, then keeps the
// storage in step with the state by writing only what changed. What changed is found by comparing
// the state saved last with the current one, table by table (`diffEntries`): the tables share every
// node a write did not copy, so the comparison costs what the actions changed, not what the store
// holds, and any action (a response, a GC slice, a devtools jump) is saved the same way.
//
// Storage format (format 1), one entry per key:
//   '@'                      { format: 1, version }                    what wrote the rest
//   'k:' + fetchKey          { result, meta, pks: { [entityKey]: pk[] } }
//                            a response: its normalized result, its times, and the pks of the
//                            records it held (restored with it, so GC counts its references)
//   'e:' + JSON [entityKey, pk]  { record, meta? }                     each record once
//   'q'                      QueuedMutation[]                          the offline queue

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { isRecord } from '../schema/kinds'
import { BATCH, GC, HYDRATE, RECEIVE, RESET } from '../store/actionTypes'
import type { Action, HydrateAction, ReceiveAction } from '../store/actions'
import type { Store } from '../store/createStore'
import { createInitialState, type ResponseMeta, type State } from '../store/state'
import { createTable, diffEntries, readEntry, tableKeys, type RecordTable } from '../schema/table'
import { hydrateAction } from '../ssr/hydrate'
import type { QueuedMutation } from './OfflineManager'
import { asyncStorage, isKeyValueStorage, type AsyncKeyValueStorage, type PersistStorage } from './storage'

const FORMAT = 1
const HEADER = '@'
const QUEUE = 'q'

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

/** What a save must write: endpoint keys, and record pks by entity key. */
interface Changes {
  keys: Set<string>
  records: Map<string, Set<string>>
  /** The storage must be emptied first (a reset, another version). */
  clear: boolean
}

const noChanges = (): Changes => ({ keys: new Set(), records: new Map(), clear: false })

/**
 * Restores `store` from `options.storage` (one merging `tessera/hydrate` action, so data the store
 * fetched meanwhile is never overwritten by older saved data), then saves what its actions change,
 * throttled. Storage from another version, a corrupt entry or a failing storage is reported through
 * `onWarning` and skipped: the cache is never harmed and nothing throws. Resolves once restored.
 */
export async function persist(store: Store, options: PersistOptions): Promise<Persister> {
  const { version = 1, throttleMs = 1000, offline } = options
  const storage = isKeyValueStorage(options.storage) ? asyncStorage(options.storage) : options.storage
  const warn = (code: number, text: string) =>
    (options.onWarning ?? console.warn)(
      process.env.NODE_ENV !== 'production' ? `tessera/offline persist: ${text}` : `Tessera E${code}`,
    )
  // The pks each endpoint key's response held, as GC counts references: from every response this
  // store applies (restored ones included), since a normalized result alone does not say which
  // entity table its ids belong to.
  const held = new Map<string, PksTable>()
  let started = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let queueDirty = false
  const unsubscribe = store.subscribe((action) => {
    track(held, action)
    if (started) schedule()
  })
  const stopQueue = offline?.subscribePending(() => {
    queueDirty = true
    // The queue is small and a lost change to it means a mutation sent twice or never: no throttle.
    if (started) void flush()
  })

  const before = store.getState()
  let entries: Iterable<readonly [string, unknown]> = []
  try {
    entries = await storage.getAll()
  } catch (error) {
    warn(752, `could not read the storage (${describe(error)}); starting empty.`)
  }
  // Built in null-prototype tables: a key like "__proto__" read from storage stays a key.
  const responses = createTable<unknown>()
  const records = createTable<unknown>()
  let header: unknown
  let queue: unknown
  const keys: string[] = []
  for (const [key, value] of entries) {
    keys.push(key)
    if (key === HEADER) header = value
    else if (key === QUEUE) queue = value
    else if (key.startsWith('k:')) responses[key.slice(2)] = value
    else if (key.startsWith('e:')) records[key.slice(2)] = value
  }
  let carry = noChanges()
  const stale: string[] = []
  let writeHeader = true
  let restored = 0
  const written = isRecord(header) && header.format === FORMAT ? header : undefined
  // The store may hold data already (an initial state, responses that arrived while the storage
  // was read): the storage has not seen it, so it is written as soon as saving starts.
  let unsaved = true
  if (keys.length > 0 && written?.version !== version) {
    warn(
      750,
      written
        ? `the storage was written for version ${JSON.stringify(written.version)}, this app is version ${JSON.stringify(version)}: it was not restored, and is cleared.`
        : 'the storage holds no Tessera header (or another format): it was not restored, and is cleared.',
    )
    stale.push(...keys)
  } else if (keys.length > 0) {
    writeHeader = false
    const now = store.controller.now()
    const batch: ReceiveAction[] = []
    const recordsOf = createTable<{ record: unknown; meta: unknown }>()
    const dropped = new Set<string>()
    for (const id of Object.keys(records)) {
      const value = records[id] as { record?: unknown; meta?: unknown } | undefined
      let pk: unknown
      try {
        pk = JSON.parse(id)
      } catch {}
      if (!Array.isArray(pk) || pk.length !== 2 || typeof pk[0] !== 'string' || typeof pk[1] !== 'string' || !isRecord(value) || typeof value.record !== 'object') {
        warn(751, `the entry "e:${id}" is not a record: it was dropped.`)
        dropped.add(id)
        continue
      }
      recordsOf[id] = { record: value.record, meta: value.meta }
    }
    const used = new Set<string>()
    for (const key of Object.keys(responses)) {
      const value = responses[key] as { result?: unknown; meta?: unknown; pks?: unknown }
      const entities = createTable<Record<string, unknown>>()
      const entitiesMeta = createTable<Record<string, unknown>>()
      if (isRecord(value) && isRecord(value.pks)) {
        for (const entityKey of Object.keys(value.pks)) {
          const pks = value.pks[entityKey]
          if (!Array.isArray(pks)) continue
          const table = (entities[entityKey] = createTable())
          const metas = (entitiesMeta[entityKey] = createTable())
          for (const pk of pks) {
            const id = JSON.stringify([entityKey, String(pk)])
            const found = recordsOf[id]
            // A record the response held but that is gone (deleted since, or dropped above) is
            // left out, as it was out of the cache before the reload.
            if (found === undefined) continue
            used.add(id)
            table[pk] = found.record
            const meta = newer(found.meta, value.meta)
            if (meta !== undefined) metas[pk] = meta
          }
        }
      }
      // Checked one response at a time, so one bad entry costs only itself.
      try {
        if (!isRecord(value) || !('result' in value)) throw new Error('expected { result, meta, pks }')
        const action = { type: RECEIVE, key, args: [], result: value.result, meta: value.meta, entities, entitiesMeta }
        batch.push(...hydrateAction({ now, actions: [action as unknown as ReceiveAction] }, now).actions)
      } catch (error) {
        warn(751, `the entry "k:${key}" is not a saved response (${describe(error)}): it was dropped.`)
        stale.push(`k:${key}`)
      }
    }
    // Records no saved response holds (the GC would have dropped them), and unreadable ones.
    for (const id of Object.keys(records)) if (!used.has(id) || dropped.has(id)) stale.push(`e:${id}`)
    if (store.getState().lastReset !== before.lastReset) {
      // The store was reset while the storage was read (a logout): what was saved is not wanted.
      stale.push(...keys)
      writeHeader = true
    } else {
      // What the store held before the hydrate is all the storage lacks: restored data is there.
      carry = collect(createInitialState(), store.getState(), noChanges())
      unsaved = false
      if (batch.length > 0) store.dispatch({ type: HYDRATE, actions: batch } satisfies HydrateAction)
      restored = batch.length
      if (queue !== undefined && offline) {
        const items = Array.isArray(queue) ? queue.filter(isQueuedMutation) : []
        if (!Array.isArray(queue) || items.length !== queue.length) warn(754, 'the saved offline queue held entries that are not queued mutations: they were dropped.')
        if (items.length > 0) offline.restore(items)
      }
    }
  }
  if (unsaved) carry = collect(createInitialState(), store.getState(), noChanges())

  let saved = store.getState()
  let writing: Promise<void> = Promise.resolve()
  let failing = false
  const save = async (): Promise<void> => {
    const next = store.getState()
    const changes = carry
    // Carried changes (made before the restore, or whose write failed) are written whatever the
    // comparison with the last saved state says: the storage does not have them.
    const forced = new Map([...carry.records].map(([entityKey, pks]) => [entityKey, new Set(pks)]))
    carry = noChanges()
    if (next.lastReset !== saved.lastReset) changes.clear = true
    if (changes.clear) {
      // Everything the state holds is written again, on an empty storage.
      collect(createInitialState(), next, changes)
      writeHeader = true
      queueDirty = !!offline
    } else collect(saved, next, changes)
    const clearedFrom = saved
    const queued = queueDirty && offline ? offline.pending() : undefined
    const header = writeHeader
    // What failed is written on the next save: the changes are kept until a write succeeds.
    const gone = stale.splice(0)
    const retry = () => {
      // Saves run one at a time, so nothing was saved since: compare from what the storage has.
      saved = clearedFrom
      merge(carry, changes)
      stale.push(...gone)
      if (header) writeHeader = true
      if (queued) queueDirty = true
    }
    saved = next
    writeHeader = false
    queueDirty = false
    const { set, remove } = toEntries(changes, forced, next, clearedFrom, held)
    // The header first: a storage written in pieces (Web Storage) that stops midway still says what wrote it.
    if (header) set.unshift([HEADER, { format: FORMAT, version }])
    if (queued) set.push([QUEUE, JSON.parse(JSON.stringify(queued))])
    try {
      if (changes.clear) await (storage.clear ? storage.clear() : storage.delete(allKeys(clearedFrom)))
      // Dropped entries go first: some are written again below (storage of another version).
      if (gone.length > 0) await storage.delete(gone)
      if (set.length > 0) await storage.set(set)
      if (remove.length > 0) await storage.delete(remove)
      failing = false
    } catch (error) {
      retry()
      // One warning per run of failures, not one per throttle window.
      if (!failing) warn(753, `could not write to the storage (${describe(error)}); the cache is unchanged and the write will be tried again.`)
      failing = true
    }
  }
  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    return (writing = writing.then(save))
  }
  function schedule(): void {
    if (timer !== undefined || stopped) return
    timer = setTimeout(() => void flush(), throttleMs)
    ;(timer as { unref?: () => void }).unref?.()
  }
  // The last chance a closing page gives: write what is pending (IndexedDB finishes the
  // transaction even as the page goes). Mobile browsers may discard a hidden page without a
  // pagehide, so going hidden writes too.
  const onHide = () => void flush()
  const onVisibility = () => {
    if ((globalThis as { document?: { visibilityState?: string } }).document?.visibilityState === 'hidden') void flush()
  }
  const page = globalThis as { addEventListener?: (type: string, listener: () => void) => void; removeEventListener?: (type: string, listener: () => void) => void }
  page.addEventListener?.('pagehide', onHide)
  page.addEventListener?.('visibilitychange', onVisibility)
  started = true
  // Mutations queued before the persister started are owed too (rewriting restored ones is harmless).
  if (offline && offline.pending().length > 0) queueDirty = true
  if (queueDirty || writeHeader || stale.length > 0 || carry.keys.size > 0 || carry.records.size > 0) schedule()
  return {
    restored,
    flush,
    stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      unsubscribe()
      stopQueue?.()
      page.removeEventListener?.('pagehide', onHide)
      page.removeEventListener?.('visibilitychange', onVisibility)
    },
  }
}

type PksTable = { readonly [entityKey: string]: readonly string[] }

/** Keeps `held` in step with the responses applied (and the keys dropped). */
function track(held: Map<string, PksTable>, action: Action): void {
  switch (action.type) {
    case RECEIVE:
      if (!action.error) receiveHeld(held, action)
      return
    case HYDRATE:
      for (const each of action.actions) receiveHeld(held, each)
      return
    case BATCH:
      for (const each of action.actions) track(held, each)
      return
    case GC:
      for (const key of action.keys) held.delete(key)
      return
    case RESET:
      held.clear()
      return
  }
}

function receiveHeld(held: Map<string, PksTable>, action: ReceiveAction): void {
  const pks = createTable<readonly string[]>()
  for (const entityKey of Object.keys(action.entities)) pks[entityKey] = action.pks?.[entityKey] ?? Object.keys(action.entities[entityKey]!)
  held.set(action.key, pks)
  // A page appended to a list: the list now holds its records too.
  if (action.updates) {
    for (const key of Object.keys(action.updates)) {
      const merged = createTable<readonly string[]>()
      const previous = held.get(key) ?? {}
      for (const entityKey of new Set([...Object.keys(previous), ...Object.keys(pks)])) {
        merged[entityKey] = [...new Set([...(previous[entityKey] ?? []), ...(pks[entityKey] ?? [])])]
      }
      held.set(key, merged)
    }
  }
}

// More differences than this in one table, and comparing entry by entry is cheaper than
// diffEntries' bookkeeping.
const DIFF_LIMIT = 256

/** Adds to `out` what differs between two states: endpoint keys, and record pks. */
function collect(from: State, to: State, out: Changes): Changes {
  for (const key of differences(from.endpoints, to.endpoints)) out.keys.add(key)
  for (const key of differences(from.meta, to.meta)) {
    // A request starting only marks the key pending: nothing a reload would restore changed.
    if (!sameMeta(savedMeta(readEntry(from.meta, key) as ResponseMeta | undefined), savedMeta(readEntry(to.meta, key) as ResponseMeta | undefined))) out.keys.add(key)
  }
  for (const tables of [[from.entities, to.entities], [from.entitiesMeta, to.entitiesMeta]] as const) {
    if (tables[0] === tables[1]) continue
    for (const entityKey of new Set([...Object.keys(tables[0]), ...Object.keys(tables[1])])) {
      const pks = differences(tables[0][entityKey] as RecordTable | undefined, tables[1][entityKey] as RecordTable | undefined)
      if (pks.length === 0) continue
      let set = out.records.get(entityKey)
      if (set === undefined) out.records.set(entityKey, (set = new Set()))
      for (const pk of pks) set.add(pk)
    }
  }
  return out
}

function differences(from: RecordTable | undefined, to: RecordTable | undefined): readonly string[] {
  if (from === to) return []
  const found = diffEntries(from, to, DIFF_LIMIT)
  if (found !== undefined) return found
  // A table that just turned sharded, or many changes at once: each entry compared (linear).
  const keys = new Set([...tableKeys(from), ...tableKeys(to)])
  return [...keys].filter((key) => readEntry(from, key) !== readEntry(to, key))
}

function merge(into: Changes, from: Changes): void {
  for (const key of from.keys) into.keys.add(key)
  for (const [entityKey, pks] of from.records) {
    const set = into.records.get(entityKey) ?? new Set()
    for (const pk of pks) set.add(pk)
    into.records.set(entityKey, set)
  }
  into.clear ||= from.clear
}

/**
 * The entries to write and the keys to delete for `changes`, read from the state `next`
 * (`previous` was saved last; `forced` records are written even when they look unchanged since).
 */
function toEntries(changes: Changes, forced: Changes['records'], next: State, previous: State, held: Map<string, PksTable>): { set: [string, unknown][]; remove: string[] } {
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
      if (!changes.clear) remove.push(`k:${key}`)
      continue
    }
    const pks = held.get(key) ?? {}
    set.push([`k:${key}`, { result, meta, pks }])
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
      const id = `e:${JSON.stringify([entityKey, pk])}`
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

/**
 * What of a key's meta a reload restores: the times of data it holds. An error alone, an
 * invalidated key or a key never answered is not saved (after a reload it is fetched again).
 */
function savedMeta(meta: ResponseMeta | undefined): ResponseMeta | undefined {
  if (meta === undefined || meta.fetchedAt === undefined || meta.invalidated) return undefined
  const { date = meta.fetchedAt, fetchedAt, expiresAt = 0 } = meta
  const gcTime = (meta as { gcTime?: unknown }).gcTime
  return typeof gcTime === 'number' ? ({ date, fetchedAt, expiresAt, gcTime } as ResponseMeta) : { date, fetchedAt, expiresAt }
}

function sameMeta(a: ResponseMeta | undefined, b: ResponseMeta | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return a.date === b.date && a.fetchedAt === b.fetchedAt && a.expiresAt === b.expiresAt
}

/**
 * A record's times: those saved with it, or the times of a response holding it when that
 * response is newer (a refetch that brought the same record wrote only the response).
 */
function newer(own: unknown, response: unknown): unknown {
  const at = (meta: unknown) => (isRecord(meta) && typeof meta.fetchedAt === 'number' ? meta.fetchedAt : -Infinity)
  if (!isRecord(response) || at(response) <= at(own)) return own
  const { date, fetchedAt, expiresAt } = response
  return { date, fetchedAt, expiresAt }
}

/** Every storage key a state's data is saved under (to clear a storage without `clear`). */
function allKeys(state: State): string[] {
  const keys = tableKeys(state.meta).map((key) => `k:${key}`)
  for (const entityKey of Object.keys(state.entities)) {
    for (const pk of tableKeys(state.entities[entityKey] as RecordTable)) keys.push(`e:${JSON.stringify([entityKey, pk])}`)
  }
  return keys
}

/** Whether a value read from storage or a channel is a queued mutation (syncTabs checks the same). */
export function isQueuedMutation(item: unknown): item is QueuedMutation {
  return (
    isRecord(item) &&
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.key === 'string' &&
    Array.isArray(item.args) &&
    typeof item.fetchedAt === 'number'
  )
}


function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
