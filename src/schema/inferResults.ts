import { isEntity, schemaKindOf } from './kinds'
import { readEntry, tableKeys } from './table'
import type { IndexTable, StoredEntities } from './types'
import { isArray } from './isArray'

/** An entity schema as far as a lookup needs it. */
interface Keyed {
  readonly key: string
  pk(value: unknown, parent?: unknown, key?: string, args?: readonly unknown[]): unknown
  readonly indexes?: readonly string[]
}

/**
 * The pk a read's arguments name for an entity schema (or a Collection: the list for those
 * arguments), when they name one: `pk()` run on a copy of the first argument. What the store reads
 * an entity (`useSuspense(get, { id })`, `useQuery(Entity, { id })`) from when no response is
 * stored under the call's key, and what `inferResults` builds on.
 */
export function inferPk(schema: Pick<Keyed, 'pk'>, args: readonly unknown[]): string | undefined {
  let pk: unknown
  try {
    pk = schema.pk({ ...(args[0] as object) }, undefined, undefined, args)
  } catch {
    return undefined
  }
  return (typeof pk === 'string' && pk !== '') || typeof pk === 'number' ? String(pk) : undefined
}

// Per version of an entity table (tables are replaced, never edited, on a write): its lookups by
// indexed field, each built on the first read that needs it.
const lookups = new WeakMap<object, Record<string, Map<string, string>>>()

/**
 * The pk of the stored record whose field named in `static indexes` has the value the read's
 * arguments give (`useQuery(User, { username: 'bob' })`): the store keeps no index tables, so
 * the lookup is built from the entity table, once per version of it.
 */
export function indexedPk(schema: Keyed, args: readonly unknown[], entities: StoredEntities): string | undefined {
  const table = entities[schema.key]
  if (!table) return undefined
  let byName = lookups.get(table)
  if (!byName) lookups.set(table, (byName = {}))
  for (const name of schema.indexes ?? []) {
    const value = (args[0] as Record<string, unknown> | undefined)?.[name]
    if (value === undefined) continue
    // Keyed by the field's value as a string, as pks are (`{ id: 5 }` finds '5').
    const pk = (byName[name] ??= new Map(tableKeys(table).map((pk) => [`${(readEntry(table, pk) as Record<string, unknown> | null)?.[name]}`, pk]))).get(`${value}`)
    if (pk !== undefined) return pk
  }
  return undefined
}

/** An entity's pk from a read's arguments: the pk itself, `pk()` of the parameters, or an index they name. */
function entityPk(schema: Keyed, args: readonly unknown[], indexes: IndexTable | undefined): string | undefined {
  const params = args[0]
  if (typeof params === 'string' || typeof params === 'number') return String(params)
  if (typeof params !== 'object' || params === null) return undefined
  const pk = inferPk(schema, args)
  if (pk !== undefined) return pk
  for (const name of schema.indexes ?? []) {
    const value = (params as Record<string, unknown>)[name]
    if (value === undefined) continue
    const found = indexes?.[schema.key]?.[name]?.[String(value)]
    if (typeof found === 'string') return found
  }
  return undefined
}

/** A stored, live record (not missing, not a tombstone). */
function isStored(entities: StoredEntities, key: string, pk: string | undefined): pk is string {
  if (pk === undefined) return false
  const record = readEntry(entities[key], pk)
  return typeof record === 'object' && record !== null
}

/**
 * What a read of `schema` can be built from when no endpoint result is stored, computed from the
 * read's arguments and the cache: an Entity gives the pk the arguments name (`{ id }`, the pk
 * itself, or an index such as `{ username }`) when that record is stored; a Collection its list
 * for those arguments, when stored; `schema.All` the pks of its tables (undefined while none
 * exists); a Union the member its attribute names; objects their members, recursively (default
 * values as they are). Lists, `schema.Values` and `schema.Invalidate` cannot be inferred
 * (undefined). A schema with data-client's `infer(args, indexes, recurse, entities)` method is
 * asked. Pass the result to `denormalize` with the same schema (it is typed `unknown`: members
 * may be missing, which `Normalize<S>` cannot say). The call shape of `@data-client/normalizr`'s
 * `inferResults`.
 */
export function inferResults(schema: unknown, args: readonly unknown[], indexes?: IndexTable, entities: StoredEntities = {}): unknown {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return schema
  const custom = (schema as { infer?: unknown }).infer
  if (typeof custom === 'function') return custom.call(schema, args, indexes ?? {}, inferResults, entities)
  const kind = schemaKindOf(schema)
  if (kind === 'Collection') {
    const collection = schema as Keyed
    const pk = inferPk(collection, args)
    return isStored(entities, collection.key, pk) ? pk : undefined
  }
  if (isEntity(schema)) {
    const pk = entityPk(schema, args, indexes)
    return isStored(entities, schema.key, pk) ? pk : undefined
  }
  if (kind === 'All') return allRefs(schema as AllLike, entities)
  if (kind === 'Union') {
    const union = schema as UnionLike
    const attr = args[0] === null || args[0] === undefined ? undefined : union.attributeOf(args[0], undefined, '')
    if (attr === undefined || !Object.hasOwn(union.schema, attr)) return undefined
    return { id: inferResults(union.schema[attr], args, indexes, entities), schema: attr }
  }
  if (kind === 'Object') return inferMembers((schema as { schema: Record<string, unknown> }).schema, args, indexes, entities)
  // Lists, maps, deletions, value types: nothing to compute a result from.
  if (typeof schema === 'function' || isArray(schema) || typeof (schema as { normalize?: unknown }).normalize === 'function') return undefined
  return inferMembers(schema as Record<string, unknown>, args, indexes, entities)
}

function inferMembers(members: Record<string, unknown>, args: readonly unknown[], indexes: IndexTable | undefined, entities: StoredEntities): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(members)) out[name] = inferResults(members[name], args, indexes, entities)
  return out
}

/** Polymorphic schemas' internals that inference reads (kept protected from users' types). */
interface UnionLike {
  readonly schema: Record<string, unknown>
  attributeOf(value: unknown, parent: unknown, key: string | undefined): string | undefined
}
interface AllLike extends UnionLike {
  isSingle(): boolean
}

/** The pks of every table an All reads (`{ id, schema }` refs when polymorphic), undefined while none exists. */
function allRefs(all: AllLike, entities: StoredEntities): unknown[] | undefined {
  if (all.isSingle()) {
    const entity = all.schema as unknown as Keyed
    return entities[entity.key] === undefined ? undefined : livePks(entities, entity.key)
  }
  let found = false
  const refs: unknown[] = []
  for (const name of Object.keys(all.schema)) {
    const entity = all.schema[name] as Keyed
    if (entities[entity.key] === undefined) continue
    found = true
    for (const pk of livePks(entities, entity.key)) {
      refs.push({ id: pk, schema: all.attributeOf(readEntry(entities[entity.key], pk), undefined, undefined) ?? name })
    }
  }
  return found ? refs : undefined
}

function livePks(entities: StoredEntities, key: string): string[] {
  return tableKeys(entities[key]).filter((pk) => isStored(entities, key, pk))
}
