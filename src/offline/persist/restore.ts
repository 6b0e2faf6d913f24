// The restore: what the storage holds, checked entry by entry (one bad entry costs only itself),
// applied to the store as one merging `tessera/hydrate` action, so data the store fetched
// meanwhile is never overwritten by older saved data. What it could not use is left for the
// writer to delete.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { isRecord } from '../../schema/kinds'
import { HYDRATE, RECEIVE } from '../../store/actionTypes'
import type { HydrateAction, ReceiveAction } from '../../store/actions'
import type { Store } from '../../store/createStore'
import { createInitialState, type State } from '../../store/state'
import { createTable } from '../../schema/table'
import { hydrateAction } from '../../ssr/hydrate'
import { isQueuedMutation } from '../isQueuedMutation'
import type { PersistedQueue } from '../persist'
import { collect, noChanges, type Changes } from './diff'
import { FORMAT, HEADER, QUEUE, RECORD, RESPONSE, describe, type Warn } from './format'

/** What the restore leaves to the writer. */
export interface Restored {
  /** What the store holds that the storage lacks (written as soon as saving starts). */
  readonly carry: Changes
  /** Storage keys to delete: another version's, unreadable, or held by no response. */
  readonly stale: string[]
  /** The header must be written (an empty storage, another version, a reset meanwhile). */
  readonly writeHeader: boolean
  /** Responses (endpoint keys) brought back. */
  readonly restored: number
}

/** The storage's entries sorted by kind, in null-prototype tables (a key like "__proto__" stays a key). */
interface Saved {
  readonly keys: readonly string[]
  readonly header: unknown
  readonly queue: unknown
  readonly responses: Record<string, unknown>
  readonly records: Record<string, unknown>
}

interface RestoreOptions {
  readonly version: number | string
  readonly offline: PersistedQueue | undefined
  readonly warn: Warn
}

/**
 * Applies `entries` (what the storage held) to `store`, whose state was `before` when the storage
 * was read: nothing, with a warning, when they were written for another version or the store
 * was reset meanwhile (a logout); else one hydrate action and the saved offline queue.
 */
export function restoreEntries(store: Store, before: State, entries: Iterable<readonly [string, unknown]>, options: RestoreOptions): Restored {
  const saved = sortEntries(entries)
  const written = isRecord(saved.header) && saved.header.format === FORMAT ? saved.header : undefined
  const stale: string[] = []
  if (saved.keys.length > 0 && written?.version !== options.version) {
    options.warn(
      750,
      process.env.NODE_ENV === 'production'
        ? ''
        : written
          ? `the storage was written for version ${JSON.stringify(written.version)}, this app is version ${JSON.stringify(options.version)}: it was not restored, and is cleared.`
          : 'the storage holds no Tessera header (or another format): it was not restored, and is cleared.',
    )
    stale.push(...saved.keys)
  } else if (saved.keys.length > 0) {
    return restoreSaved(store, before, saved, options)
  }
  // The store may hold data already (an initial state, responses that arrived while the storage
  // was read): the storage has not seen it, so it is written as soon as saving starts.
  return { carry: collect(createInitialState(), store.getState(), noChanges()), stale, writeHeader: true, restored: 0 }
}

function sortEntries(entries: Iterable<readonly [string, unknown]>): Saved {
  const responses = createTable<unknown>()
  const records = createTable<unknown>()
  let header: unknown
  let queue: unknown
  const keys: string[] = []
  for (const [key, value] of entries) {
    keys.push(key)
    if (key === HEADER) header = value
    else if (key === QUEUE) queue = value
    else if (key.startsWith(RESPONSE)) responses[key.slice(RESPONSE.length)] = value
    else if (key.startsWith(RECORD)) records[key.slice(RECORD.length)] = value
  }
  return { keys, header, queue, responses, records }
}

/** Storage of this version: its responses with their records, and its queue. */
function restoreSaved(store: Store, before: State, saved: Saved, { offline, warn }: RestoreOptions): Restored {
  const stale: string[] = []
  const { found, dropped } = readRecords(saved.records, warn)
  const used = new Set<string>()
  const batch = readResponses(saved.responses, found, used, store.controller.now(), warn, stale)
  // Records no saved response holds (the GC would have dropped them), and unreadable ones.
  for (const id of Object.keys(saved.records)) if (!used.has(id) || dropped.has(id)) stale.push(RECORD + id)
  if (store.getState().lastReset !== before.lastReset) {
    // The store was reset while the storage was read (a logout): what was saved is not wanted.
    stale.push(...saved.keys)
    return { carry: collect(createInitialState(), store.getState(), noChanges()), stale, writeHeader: true, restored: 0 }
  }
  // What the store held before the hydrate is all the storage lacks: restored data is there.
  const carry = collect(createInitialState(), store.getState(), noChanges())
  if (batch.length > 0) store.dispatch({ type: HYDRATE, actions: batch } satisfies HydrateAction)
  if (saved.queue !== undefined && offline) restoreQueue(saved.queue, offline, warn)
  return { carry, stale, writeHeader: false, restored: batch.length }
}

type SavedRecord = { record: unknown; meta: unknown }

/** The saved records by their id (`JSON [entityKey, pk]`), and the ids of those that are not records. */
function readRecords(records: Record<string, unknown>, warn: Warn): { found: Record<string, SavedRecord>; dropped: Set<string> } {
  const found = createTable<SavedRecord>()
  const dropped = new Set<string>()
  for (const id of Object.keys(records)) {
    const value = records[id] as { record?: unknown; meta?: unknown } | undefined
    let pk: unknown
    try {
      pk = JSON.parse(id)
    } catch {}
    if (!Array.isArray(pk) || pk.length !== 2 || typeof pk[0] !== 'string' || typeof pk[1] !== 'string' || !isRecord(value) || typeof value.record !== 'object') {
      warn(751, process.env.NODE_ENV !== 'production' ? `the entry "${RECORD}${id}" is not a record: it was dropped.` : '')
      dropped.add(id)
      continue
    }
    found[id] = { record: value.record, meta: value.meta }
  }
  return { found, dropped }
}

/**
 * Each saved response as the receive actions of a hydrate, with the records it held (their ids
 * added to `used`); a response that is not one is reported and its key added to `stale`.
 */
function readResponses(
  responses: Record<string, unknown>,
  records: Record<string, SavedRecord>,
  used: Set<string>,
  now: number,
  warn: Warn,
  stale: string[],
): ReceiveAction[] {
  const batch: ReceiveAction[] = []
  for (const key of Object.keys(responses)) {
    const value = responses[key] as { result?: unknown; meta?: unknown; pks?: unknown }
    const { entities, entitiesMeta } = heldRecords(value, records, used)
    // Checked one response at a time, so one bad entry costs only itself.
    try {
      if (!isRecord(value) || !('result' in value)) throw new Error('expected { result, meta, pks }')
      const action = { type: RECEIVE, key, args: [], result: value.result, meta: value.meta, entities, entitiesMeta }
      batch.push(...hydrateAction({ now, actions: [action as unknown as ReceiveAction] }, now).actions)
    } catch (error) {
      warn(751, process.env.NODE_ENV !== 'production' ? `the entry "${RESPONSE}${key}" is not a saved response (${describe(error)}): it was dropped.` : '')
      stale.push(RESPONSE + key)
    }
  }
  return batch
}

/** The entity tables of the records a saved response held (by its `pks`), as a receive action carries them. */
function heldRecords(value: { meta?: unknown; pks?: unknown }, records: Record<string, SavedRecord>, used: Set<string>) {
  const entities = createTable<Record<string, unknown>>()
  const entitiesMeta = createTable<Record<string, unknown>>()
  if (!isRecord(value) || !isRecord(value.pks)) return { entities, entitiesMeta }
  for (const entityKey of Object.keys(value.pks)) {
    const pks = value.pks[entityKey]
    if (!Array.isArray(pks)) continue
    const table = (entities[entityKey] = createTable())
    const metas = (entitiesMeta[entityKey] = createTable())
    for (const pk of pks) {
      const id = JSON.stringify([entityKey, String(pk)])
      const found = records[id]
      // A record the response held but that is gone (deleted since, or dropped above) is
      // left out, as it was out of the cache before the reload.
      if (found === undefined) continue
      used.add(id)
      table[pk] = found.record
      const meta = newer(found.meta, value.meta)
      if (meta !== undefined) metas[pk] = meta
    }
  }
  return { entities, entitiesMeta }
}

/** The saved offline queue, given back to the manager; entries that are not queued mutations are dropped. */
function restoreQueue(queue: unknown, offline: PersistedQueue, warn: Warn): void {
  const items = Array.isArray(queue) ? queue.filter(isQueuedMutation) : []
  if (!Array.isArray(queue) || items.length !== queue.length) warn(754, process.env.NODE_ENV !== 'production' ? 'the saved offline queue held entries that are not queued mutations: they were dropped.' : '')
  if (items.length > 0) offline.restore(items)
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
