import { isInputFirst, type SchemaArgument } from './callOrder'
import { createTable, readEntry, tableKeys } from './table'
import type { EntitiesMetaTable, EntityTable, EntityMeta, IndexTable, MergeableSchema, Normalize, StoredEntities, StoredEntitiesMeta } from './types'
import { isArray } from './isArray'
import { NormalizeRun } from './NormalizeRun'
import { EMPTY, defaultMeta, runNormalize, type NormalizeOptions, type NormalizeStore, type NormalizedResult } from './normalizeChanges'

// The public `normalize` (both call orders, data-client 0.10's and Tessera's) over the store's
// receive path, normalizeChanges.ts, whose names this module also gives to the modules that
// import them from here.
export { NEVER, normalizeChanges, type NormalizeOptions, type NormalizeStore, type NormalizedResult } from './normalizeChanges'
export { sameRecord } from './sameRecord'

/**
 * What `normalize` returns when called in data-client 0.10's order: that version's field names
 * (`entityMeta`), with Tessera's `entitiesMeta` beside it (not enumerable, so snapshots and
 * `toEqual` see exactly data-client's shape). The generics are data-client's `NormalizedSchema<E, R>`.
 */
export interface NormalizedSchema<E = EntityTable, R = unknown> {
  entities: E
  result: R
  indexes: IndexTable
  entityMeta: EntitiesMetaTable
  readonly entitiesMeta: EntitiesMetaTable
}

/** data-client 0.10's default freshness for a normalize called without one: received now, never expires. */
function meta010(): EntityMeta {
  return { date: Date.now(), expiresAt: Infinity, fetchedAt: 0 }
}

/**
 * Replaces every entity in `input` by its pk and collects the records by entity key. Pure: the
 * store is read, never written. Without `meta`, the records never expire: `expiresAt` is `NEVER`
 * (8.64e15, the largest Date), not data-client's `Infinity`, so a state built from the result
 * survives JSON (server rendering, persistence). Call shape and result match `@data-client/normalizr`: with a
 * store, the tables returned are the store's merged with this input, so they can be read with
 * `denormalize` or `MemoCache` as they are (tables the input touches are copied, untouched flat
 * ones shared; the store itself writes only the changes).
 *
 * Also takes data-client 0.10's order, `normalize(input, schema, args?, entities?, indexes?,
 * entityMeta?, meta?)`, and then returns 0.10's shape (`NormalizedSchema`, default meta
 * `expiresAt: Infinity`), so code and tests written for `@data-client/normalizr` 0.10 move over
 * unchanged. The order is told by the arguments, not guessed: a response is JSON and never
 * holds an Entity class or a `schema.*` instance, while a schema does (see `holdsSchema`). With
 * no schema on either side nothing is normalized; `normalize(value)` and `normalize(value,
 * null | undefined | 'text')` are then 0.10's "no schema" calls and return `value` as the result.
 * @throws {SchemaError} when the input does not fit the schema; nothing is returned or written then.
 */
export function normalize<T>(input: T): NormalizedSchema<EntityTable, T>
export function normalize<S, R = Normalize<S>>(
  input: unknown,
  schema: SchemaArgument<S>,
  args?: readonly unknown[],
  entities?: StoredEntities,
  indexes?: IndexTable,
  entityMeta?: StoredEntitiesMeta,
  meta?: EntityMeta,
): NormalizedSchema<EntityTable, R>
export function normalize<S = unknown, R = Normalize<S>>(
  schema: S | undefined,
  input: unknown,
  args?: readonly unknown[],
  store?: NormalizeStore,
  meta?: EntityMeta,
  options?: NormalizeOptions,
): NormalizedResult<R>
export function normalize(
  first: unknown,
  second?: unknown,
  args: readonly unknown[] = [],
  store?: unknown,
  fifth?: unknown,
  sixth?: unknown,
  seventh?: unknown,
): NormalizedResult | NormalizedSchema {
  if (!isInputFirst(first, second)) {
    const out = normalizeWith(first, second, args, store as NormalizeStore | undefined, fifth as EntityMeta | undefined, sixth as NormalizeOptions | undefined)
    return Object.defineProperty(out, 'entityMeta', { value: out.entitiesMeta })
  }
  const tables: NormalizeStore = { entities: store as StoredEntities | undefined, indexes: fifth as IndexTable | undefined, entitiesMeta: sixth as StoredEntitiesMeta | undefined }
  const out = normalizeWith(second, first, args, tables, (seventh as EntityMeta | undefined) ?? meta010())
  const shaped = { entities: out.entities, indexes: out.indexes, result: out.result, entityMeta: out.entitiesMeta }
  return Object.defineProperty(shaped, 'entitiesMeta', { value: out.entitiesMeta, enumerable: false }) as NormalizedSchema
}

/** `normalize` in Tessera's order, once the order is known. */
function normalizeWith<S = unknown, R = Normalize<S>>(
  schema: S | undefined,
  input: unknown,
  args: readonly unknown[] = [],
  store: NormalizeStore = EMPTY,
  meta?: EntityMeta,
  options: NormalizeOptions = {},
): NormalizedResult<R> {
  const metas = store.entitiesMeta ?? store.entityMeta
  if (metas !== store.entitiesMeta) store = { ...store, entitiesMeta: metas }
  const run = new IndexingRun(args, store, meta ?? defaultMeta(), options, false)
  const changes = runNormalize<R>(run, schema, input)
  if (store.entities === undefined && metas === undefined && store.indexes === undefined) return changes
  return {
    result: changes.result,
    entities: mergeTables(store.entities, changes.entities) as EntityTable,
    entitiesMeta: mergeTables(metas, changes.entitiesMeta) as EntitiesMetaTable,
    indexes: mergeTables(store.indexes, changes.indexes) as IndexTable,
  }
}

/** Plain copies of the stored tables (flat or sharded) with the changed records written over them. */
function mergeTables(stored: { readonly [key: string]: unknown } | undefined, changes: { readonly [key: string]: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = createTable()
  if (stored !== undefined) {
    for (const key of Object.keys(stored)) {
      const table = stored[key] as Parameters<typeof tableKeys>[0]
      // A flat table this input did not touch is shared as it is; a sharded one (an array) is
      // copied flat, so the result reads as plain objects.
      if (changes[key] === undefined && !isArray(table)) {
        out[key] = table
        continue
      }
      const pks = tableKeys(table)
      if (pks.length === 0) continue
      const copy: Record<string, unknown> = (out[key] = createTable())
      for (const pk of pks) copy[pk] = readEntry(table, pk)
    }
  }
  for (const key of Object.keys(changes)) out[key] = out[key] === undefined ? changes[key] : Object.assign(out[key] as object, changes[key])
  return out
}

/** `normalize`'s run: the store's, plus the lookups by a declared index (`static indexes`). */
class IndexingRun extends NormalizeRun {
  override mergeEntity(schema: MergeableSchema & { indexes?: readonly string[] }, pk: string, incoming: object): void {
    super.mergeEntity(schema, pk, incoming)
    const names = schema.indexes
    if (!names) return
    const key = schema.key
    const record = this.entities[key]![pk] as Record<string, unknown>
    const byName = (this.indexes[key] ??= createTable())
    for (const name of names) {
      const value = record[name]
      if (value != null) (byName[name] ??= createTable())[String(value)] = pk
    }
  }
}
