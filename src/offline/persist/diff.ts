// What changed between the state saved last and the current one, table by table (`diffEntries`):
// the tables share every node a write did not copy, so the comparison costs what the actions
// changed, not what the store holds, and any action (a response, a GC slice, a devtools jump) is
// saved the same way.

import type { ResponseMeta, State } from '../../store/state'
import { diffEntries, readEntry, tableKeys, type RecordTable } from '../../schema/table'

/** What a save must write: endpoint keys, and record pks by entity key. */
export interface Changes {
  keys: Set<string>
  records: Map<string, Set<string>>
  /** The storage must be emptied first (a reset, another version). */
  clear: boolean
}

export const noChanges = (): Changes => ({ keys: new Set(), records: new Map(), clear: false })

// More differences than this in one table, and comparing entry by entry is cheaper than
// diffEntries' bookkeeping.
const DIFF_LIMIT = 256

/** Adds to `out` what differs between two states: endpoint keys, and record pks. */
export function collect(from: State, to: State, out: Changes): Changes {
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

/** Adds `from`'s changes to `into`'s. */
export function merge(into: Changes, from: Changes): void {
  for (const key of from.keys) into.keys.add(key)
  for (const [entityKey, pks] of from.records) {
    const set = into.records.get(entityKey) ?? new Set()
    for (const pk of pks) set.add(pk)
    into.records.set(entityKey, set)
  }
  into.clear ||= from.clear
}

/**
 * What of a key's meta a reload restores: the times of data it holds. An error alone, an
 * invalidated key or a key never answered is not saved (after a reload it is fetched again).
 */
export function savedMeta(meta: ResponseMeta | undefined): ResponseMeta | undefined {
  if (meta === undefined || meta.fetchedAt === undefined || meta.invalidated) return undefined
  const { date = meta.fetchedAt, fetchedAt, expiresAt = 0 } = meta
  const gcTime = (meta as { gcTime?: unknown }).gcTime
  return typeof gcTime === 'number' ? ({ date, fetchedAt, expiresAt, gcTime } as ResponseMeta) : { date, fetchedAt, expiresAt }
}

/** Whether two saved metas hold the same times. */
export function sameMeta(a: ResponseMeta | undefined, b: ResponseMeta | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return a.date === b.date && a.fetchedAt === b.fetchedAt && a.expiresAt === b.expiresAt
}
