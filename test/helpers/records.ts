import { readEntry, tableKeys } from '../../src/schema/table'
import type { EntityMeta, State } from '../../src/index'

// The store may keep a large table sharded rather than flat, so tests read records the way the
// store does instead of indexing tables.

/** The stored record of `key`/`pk`: undefined when absent, null for a tombstone. */
export function readRecord(state: State, key: string, pk: string): any {
  return readEntry(state.entities[key] as Parameters<typeof readEntry>[0], pk)
}

/** The freshness stamps stored for `key`/`pk`. */
export function readRecordMeta(state: State, key: string, pk: string): EntityMeta | undefined {
  return readEntry(state.entitiesMeta[key] as Parameters<typeof readEntry>[0], pk) as EntityMeta | undefined
}

/** Every pk stored under `key`, sorted, whether the table is flat or sharded. */
export function recordKeys(state: State, key: string): string[] {
  return tableKeys(state.entities[key] as Parameters<typeof tableKeys>[0]).sort()
}
