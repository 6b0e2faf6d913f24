import { createTable, hydrateTable } from '../schema/table'
import type { EntitiesMetaTable, EntityTable, IndexTable, StoredEntities, StoredEntitiesMeta } from '../schema/index'

/** A failure as plain data: what a reader needs to explain it, nothing that cannot be serialized. */
export interface SerializedError {
  readonly name: string
  readonly message: string
  readonly status?: number
}

/** Freshness and error state of one endpoint key. */
export interface ResponseMeta {
  /** When the latest response (or error) arrived. */
  readonly date?: number
  /** When the request behind the stored data started; a response started earlier never wins. */
  readonly fetchedAt?: number
  /** When the stored data (or error) stops being fresh. */
  readonly expiresAt?: number
  readonly error?: SerializedError
  readonly errorPolicy?: 'hard' | 'soft'
  /** Set by invalidate: the next read is Invalid even though the data is kept. */
  readonly invalidated?: boolean
  /** A request for this key is in flight. */
  readonly pending?: boolean
}

/** A not-yet-confirmed mutation result, applied on read until its response or error arrives. */
export interface OptimisticLayer {
  readonly key: string
  readonly fetchedAt: number
  readonly result: unknown
  readonly entities: EntityTable
  readonly entitiesMeta: EntitiesMetaTable
  readonly indexes: IndexTable
}

/** The whole cache. Plain JSON: it can be logged, sent to devtools, saved and replayed. */
export interface State {
  readonly entities: StoredEntities
  readonly entitiesMeta: StoredEntitiesMeta
  readonly indexes: IndexTable
  readonly endpoints: { readonly [key: string]: unknown }
  readonly meta: { readonly [key: string]: ResponseMeta }
  readonly optimistic: readonly OptimisticLayer[]
  /** Time of the last reset; responses to requests started before it are dropped. */
  readonly lastReset: number
}

/** An empty cache. Every table is null-prototype, so server strings are safe keys. */
export function createInitialState(lastReset = 0): State {
  return {
    entities: createTable(),
    entitiesMeta: createTable(),
    indexes: createTable(),
    endpoints: createTable(),
    meta: createTable(),
    optimistic: [],
    lastReset,
  }
}

/**
 * Takes a state that went through JSON (a saved snapshot, a devtools jump) and gives its tables
 * null prototypes again, so a pk like "__proto__" stays data when the reducer writes it.
 */
export function hydrateState(input: Partial<State>): State {
  const state = createInitialState(input.lastReset ?? 0)
  return {
    ...state,
    entities: tables(input.entities),
    entitiesMeta: tables(input.entitiesMeta),
    indexes: nested(input.indexes, 2),
    endpoints: flat(input.endpoints),
    meta: flat(input.meta),
    optimistic: (input.optimistic ?? []).map((layer) => ({
      ...layer,
      entities: nested(layer.entities),
      entitiesMeta: nested(layer.entitiesMeta),
      indexes: nested(layer.indexes, 2),
    })),
  }
}

/** Entity tables, flat or sharded, with null-prototype nodes. */
function tables(input: object | undefined): any {
  const out = createTable<unknown>()
  if (input) for (const key of Object.keys(input)) out[key] = hydrateTable((input as Record<string, unknown>)[key])
  return out
}

function flat<T>(table: { readonly [key: string]: T } | undefined): Record<string, T> {
  const out = createTable<T>()
  if (table) for (const key of Object.keys(table)) out[key] = table[key]
  return out
}

function nested(table: object | undefined, depth = 1): any {
  const out = createTable<unknown>()
  if (!table) return out
  for (const key of Object.keys(table)) {
    const inner = (table as Record<string, unknown>)[key]
    out[key] = depth > 0 && inner && typeof inner === 'object' ? nested(inner, depth - 1) : inner
  }
  return out
}
