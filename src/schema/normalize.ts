import { SchemaError, describeValue } from './SchemaError'
import { isEntity, isReferenceValue, isSchemaLike, normalizeList, toReference } from './kinds'
import { createTable, readEntry, tableKeys } from './table'
import { isGuess, markGuess, validateRecord } from './guess'
import { isInputFirst, type SchemaArgument } from './callOrder'
import type {
  EntitiesMetaTable,
  EntityTable,
  EntityMeta,
  IndexTable,
  MergeableSchema,
  Normalize,
  NormalizeDelegate,
  StoredEntities,
  StoredEntitiesMeta,
} from './types'
import { isArray } from './isArray'
import { sameList } from './sameList'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** What normalize reads from: the records already in the cache. Every table is optional. */
export interface NormalizeStore {
  readonly entities?: StoredEntities
  readonly indexes?: IndexTable
  readonly entitiesMeta?: StoredEntitiesMeta
  /** `entitiesMeta` under data-client 0.11-0.17's name (read when `entitiesMeta` is absent). */
  readonly entityMeta?: StoredEntitiesMeta
}

/**
 * The outcome of normalizing one response. `entities` holds only the records this response adds
 * or changes (merged with the stored versions), so writing it costs what the response contains,
 * not what the cache contains. A `null` record is a deletion (`schema.Invalidate`).
 */
export interface NormalizedResult<R = unknown> {
  result: R
  entities: EntityTable
  /** Lookups by a declared index (`static indexes`). Empty from `normalizeChanges`: the store keeps none. */
  indexes: IndexTable
  entitiesMeta: EntitiesMetaTable
  /**
   * From `normalize` only: `entitiesMeta` under data-client 0.11-0.17's name, not enumerable (so
   * `const { entityMeta } = normalize(...)` works and `toEqual` sees 0.18's shape).
   */
  readonly entityMeta?: EntitiesMetaTable
  /**
   * From `normalizeChanges` only: the pks of each table of `entities`, each once, in the order
   * they were first written, so a consumer walks them without `Object.keys` over a table of 10k
   * fresh keys. Not the order `Object.keys` gives (that one lists integer-like pks first).
   */
  pks?: { readonly [key: string]: readonly string[] }
}

const EMPTY: NormalizeStore = {}

/** Extra switches of `normalize`. */
export interface NormalizeOptions {
  /** The input is an optimistic guess: entities without a pk (a create) get a placeholder pk. */
  optimistic?: boolean
  /**
   * Filled with every schema that writes a record, by entity key (a summary and its detail class
   * share one): how a store learns what its records point at without reading the endpoints.
   */
  schemas?: Map<string, Set<unknown>>
  /**
   * With `optimistic`: the records this guess made when its mutation started. A field that a
   * response started after the mutation wrote shows the value here, not the guess made again over
   * that response (which may already count the mutation: a like's `count + 1` would count it twice).
   */
  fixed?: EntityTable
}

/**
 * Normalizes `input` against `store` and returns only the records it adds or changes, so writing
 * them costs what the response holds, not what the cache holds: the store's receive path.
 * @throws {SchemaError} when the input does not fit the schema; nothing is returned then.
 */
export function normalizeChanges<S = unknown, R = Normalize<S>>(
  schema: S | undefined,
  input: unknown,
  args: readonly unknown[] = [],
  store: NormalizeStore = EMPTY,
  meta?: EntityMeta,
  options: NormalizeOptions = {},
  /** For the store: `pks` listed, no `indexes` built (the store keeps none). `normalize` passes false. */
  forStore = true,
): NormalizedResult<R> {
  const run = new NormalizeRun(args, store, meta ?? defaultMeta(), options, forStore)
  let result: unknown
  try {
    result = schema === undefined || schema === null ? input : run.visitRoot(schema, input)
  } catch (error) {
    // Data nested deeper than the stack allows is refused as bad input, before anything is
    // written (normalize is pure): never a bare RangeError, never data that cannot be read back.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? 'The response is nested too deeply to normalize (deeper than the JavaScript stack allows, thousands of levels); nothing was written'
          : 'Tessera E102',
      )
    }
    throw error
  }
  const normalized: NormalizedResult<R> = { result: result as R, entities: run.entities, indexes: run.indexes, entitiesMeta: run.entitiesMeta }
  if (forStore) normalized.pks = run.pks
  return normalized
}

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
  const changes = normalizeChanges<S, R>(schema, input, args, store, meta, options, false)
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

/**
 * "Never expires", as a number that survives JSON (Infinity becomes null there): the largest
 * time a Date can hold, about the year 275760.
 */
export const NEVER = 8.64e15

// A response of unknown age: received now, but fetched at 0, so any dated response beats it.
function defaultMeta(): EntityMeta {
  return { date: Date.now(), fetchedAt: 0, expiresAt: NEVER }
}

class NormalizeRun implements NormalizeDelegate {
  readonly entities: EntityTable = createTable()
  readonly entitiesMeta: EntitiesMetaTable = createTable()
  readonly indexes: IndexTable = createTable()
  /** The pks written, per entity key, in order (see `NormalizedResult.pks`); kept for the store only. */
  readonly pks: Record<string, string[]> = createTable()
  /** The schema last noted in `schemas` (most responses write one class per key, record after record). */
  #lastSchema: unknown
  /** Scratch list of `[field, startedAt]` pairs, and the last meta `fieldTimes` made from one. */
  readonly #olderFields: unknown[] = []
  #lastTimes: { meta: EntityMeta; fields: unknown[]; result: EntityMeta } | undefined
  /** The entity inputs being normalized right now, outermost first: a cycle leads back into this list. */
  readonly #ancestors: object[] = []

  // `#` fields and methods (minifiers shorten them), and public ones declared, then set in the
  // constructor (parameter properties are also emitted as empty class fields): fewer bytes.
  declare readonly args: readonly unknown[]
  readonly #store: NormalizeStore
  declare readonly meta: EntityMeta
  declare readonly optimistic: boolean
  readonly #schemas: Map<string, Set<unknown>> | undefined
  /** Normalizing for the store: `pks` listed, no `indexes` built. */
  readonly #forStore: boolean
  /** A guess's records as its mutation started (see `NormalizeOptions.fixed`). */
  readonly #fixed: EntityTable | undefined

  constructor(args: readonly unknown[], store: NormalizeStore, meta: EntityMeta, options: NormalizeOptions, forStore: boolean) {
    this.args = args
    this.#store = store
    this.meta = meta
    this.optimistic = options.optimistic === true
    this.#schemas = options.schemas
    this.#forStore = forStore
    this.#fixed = options.fixed
    this.visit = this.visit.bind(this)
  }

  /**
   * The whole response. visit lets null through because a nested null is an optional value, but a
   * response that is null where an entity, a list or an object is expected is a broken response.
   */
  visitRoot(schema: any, value: unknown): unknown {
    if (value === null) {
      if (typeof schema === 'function' && isEntity(schema)) return schema.normalize(value, undefined, undefined, this)
      if (isArray(schema)) return this.#visitArray(schema, value, undefined, undefined)
      if (typeof schema === 'object' && typeof schema.normalize !== 'function') return this.#visitObject(schema, value)
    }
    // The response is the parent of its top level, as in data-client: a pk() or schemaAttribute
    // given `parent` sees the whole response there too.
    return this.visit(schema, value, value, undefined)
  }

  visit(schema: any, value: any, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null) return value
    if (typeof schema !== 'function' && typeof schema !== 'object') return value
    if (typeof schema.normalize === 'function') {
      // A pk where an entity is expected refers to a record sent elsewhere.
      if (typeof value !== 'object' && isReferenceValue(value) && isEntity(schema)) return toReference(schema, value)
      return schema.normalize(value, parent, key, this)
    }
    // A value type such as Date: the cache keeps JSON, the read rebuilds the value.
    if (typeof schema === 'function') return typeof value === 'object' && typeof value.toJSON === 'function' ? value.toJSON() : value
    if (isArray(schema)) return this.#visitArray(schema, value, parent, key)
    return this.#visitObject(schema, value)
  }

  #visitArray(schema: readonly unknown[], value: unknown, parent: unknown, key: string | undefined): unknown {
    // `[]` declares no schema: the value is kept as it came.
    if (schema.length === 0) return value
    if (schema.length !== 1) throw new SchemaError(`An array schema holds exactly one schema, got ${schema.length}`)
    const itemSchema = schema[0]
    return normalizeList(value, 'Expected an array', (item) => this.visit(itemSchema, item, parent, key))
  }

  #visitObject(schema: Record<string, unknown>, value: unknown): unknown {
    if (typeof value !== 'object' || value === null || isArray(value)) {
      throw new SchemaError(`Expected an object, got ${describeValue(value)}`)
    }
    const out: Record<string, unknown> = { ...(value as object) }
    for (const member of Object.keys(schema)) {
      const memberSchema = schema[member]
      const memberValue = out[member]
      if (!isSchemaLike(memberSchema) || memberValue === undefined) continue
      try {
        // The parent is the response object itself: `out` is a copy whose earlier members are already pks.
        out[member] = this.visit(memberSchema, memberValue, value, member)
      } catch (error) {
        if (error instanceof SchemaError) error.prependPath(member)
        throw error
      }
    }
    return out
  }

  getEntity(key: string, pk: string): unknown {
    const pending = this.entities[key]
    if (pending !== undefined) {
      const record = pending[pk]
      if (record !== undefined) return record
    }
    return readEntry(this.#store.entities?.[key], pk)
  }

  getEntities(key: string): ReadonlyMap<string, unknown> {
    const all = new Map<string, unknown>()
    const stored = this.#store.entities?.[key]
    for (const pk of tableKeys(stored)) {
      const record = readEntry(stored, pk)
      // Tombstones are skipped: null, or a symbol (data-client's INVALID) in a table built by hand.
      if (typeof record === 'object' && record !== null) all.set(pk, record)
    }
    const pending = this.entities[key]
    if (pending) for (const pk of Object.keys(pending)) {
      if (pending[pk] === null) all.delete(pk)
      else all.set(pk, pending[pk])
    }
    return all
  }

  mergeEntity(schema: MergeableSchema & { indexes?: readonly string[] }, pk: string, incoming: object): void {
    const key = schema.key
    const table = (this.entities[key] ??= createTable())
    if (this.#schemas !== undefined && schema !== this.#lastSchema) {
      this.#lastSchema = schema
      let known = this.#schemas.get(key)
      if (known === undefined) this.#schemas.set(key, (known = new Set()))
      known.add(schema)
    }
    const metaTable = (this.entitiesMeta[key] ??= createTable())

    const pending = table[pk]
    let record: unknown
    if (pending === undefined && this.#forStore) (this.pks[key] ??= []).push(pk)
    if (pending !== undefined && pending !== null) {
      // The same record twice in one response: both copies have the same freshness.
      record = schema.merge(pending, incoming)
      if (sameRecord(record, pending)) record = pending
    } else {
      const existing = readEntry(this.#store.entities?.[key], pk) as object | null | undefined
      // Nothing to merge with: no record, or a tombstone (null, or a symbol such as INVALID).
      if (typeof existing !== 'object' || existing === null) {
        record = incoming
        metaTable[pk] = this.meta
        if (this.optimistic) {
          // A record the guess creates reads with the class defaults for the fields it leaves out.
          markGuess(record as object)
          const message = validateRecord(schema, record as object)
          if (message) {
            throw new SchemaError(
              process.env.NODE_ENV !== 'production'
                ? `${schema.key} ${pk}: the optimistic guess is not a valid record: ${message}`
                : `Tessera E103: ${schema.key} ${pk}: ${message}`,
            )
          }
        }
      } else {
        const existingMeta = readEntry(this.#store.entitiesMeta?.[key], pk) as EntityMeta | undefined
        if (this.optimistic) {
          const guess = this.#guessOver(schema, pk, existing, existingMeta, incoming)
          record = guess.record
          metaTable[pk] = guess.meta
        } else {
          record = schema.mergeWithStore(existingMeta, this.meta, existing, incoming)
          const meta = schema.mergeMetaWithStore(existingMeta, this.meta, existing, incoming)
          metaTable[pk] = existingMeta === undefined ? meta : this.#fieldTimes(meta, record as object, existing, existingMeta, incoming)
        }
        // Unchanged data keeps its identity, so reads built from it stay memoized.
        if (sameRecord(record, existing)) record = existing
      }
    }
    table[pk] = record
    if (schema.indexes && !this.#forStore) this.#writeIndexes(key, schema.indexes, record as Record<string, unknown>, pk)
  }

  #writeIndexes(key: string, names: readonly string[], record: Record<string, unknown>, pk: string): void {
    const byName = (this.indexes[key] ??= createTable())
    for (const name of names) {
      const value = record[name]
      if (value !== undefined && value !== null) (byName[name] ??= createTable())[String(value)] = pk
    }
  }

  /**
   * An optimistic guess over a stored record, field by field. A field from a response started
   * before this mutation (which cannot contain it) shows the guess made over it. A field a
   * response started after the mutation wrote shows the value the guess had when the mutation
   * started (`fixed`): that read may have been answered before the server applied the mutation (an
   * edit would flicker away and back), or after (a like's `count + 1` over it would count the like
   * twice); without such a value (a guess that names the field only now) the response's shows.
   * The fields the guess does not name show the stored data. The guess is judged by what it
   * changes: it is refused only when it turns a record that read as valid into one that does not
   * (a summary record is no reason to drop a like). The record's freshness stays; each guessed
   * field is stamped with the later of the mutation's start and its stored age, so the guesses of
   * later mutations over it follow the same rule.
   */
  #guessOver(schema: MergeableSchema, pk: string, existing: object, existingMeta: EntityMeta | undefined, incoming: object): { record: object; meta: EntityMeta } {
    // A list-valued record (a Collection) has no fields to weigh: the guess merges as it is.
    if (isArray(incoming) || isArray(existing)) return { record: schema.merge(existing, incoming), meta: existingMeta ?? this.meta }
    const startedAt = this.meta.fetchedAt
    const kept = this.#fixed?.[schema.key]?.[pk] as Record<string, unknown> | undefined
    let fields: Record<string, unknown> | undefined
    let times: Record<string, number> | undefined
    for (const field of Object.keys(incoming)) {
      const at = existingMeta !== undefined && hasOwn.call(existing, field) ? fieldTime(existingMeta, field) : 0
      // A field a response started after the mutation wrote: the value the guess had then, if any.
      const from = at > startedAt ? kept : (incoming as Record<string, unknown>)
      if (from == null || !hasOwn.call(from, field)) continue
      ;(fields ??= {})[field] = from[field]
      ;(times ??= {})[field] = Math.max(at, startedAt)
    }
    if (fields === undefined) return { record: existing, meta: existingMeta ?? this.meta }
    const record = schema.merge(existing, fields) as object
    if (isGuess(existing)) markGuess(record)
    if (!validateRecord(schema, existing)) {
      const message = validateRecord(schema, record)
      if (message) {
        throw new SchemaError(
          process.env.NODE_ENV !== 'production'
            ? `${schema.key} ${pk}: the optimistic guess would make the stored record invalid: ${message}`
            : `Tessera E104: ${schema.key} ${pk}: ${message}`,
        )
      }
    }
    const base = existingMeta ?? this.meta
    return { record, meta: { ...base, fieldsAt: { ...base.fieldsAt, ...times } } }
  }

  /**
   * The merged record's meta with the fields whose age differs from its `fetchedAt` listed in
   * `fieldsAt` (a summary response over a detail record leaves the detail's fields older). The
   * common case, a response with every field the record had, returns `meta` untouched; records of
   * one response that come out alike share one meta object (no allocation per record).
   */
  #fieldTimes(meta: EntityMeta, record: object, existing: object, existingMeta: EntityMeta, incoming: object): EntityMeta {
    const incomingAt = this.meta.fetchedAt
    const fields = this.#olderFields
    fields.length = 0
    if (incomingAt >= existingMeta.fetchedAt) {
      // The response wins every field it has; the fields it lacks keep their age.
      for (const field in existing) if (!hasOwn.call(incoming, field)) fields.push(field, fieldTime(existingMeta, field))
    } else {
      for (const field of Object.keys(record)) {
        // A field both have holds the newer of the two (see Entity.mergeWithStore).
        const stored = hasOwn.call(existing, field) ? fieldTime(existingMeta, field) : -Infinity
        fields.push(field, hasOwn.call(incoming, field) && incomingAt > stored ? incomingAt : stored)
      }
    }
    const last = this.#lastTimes
    if (last !== undefined && last.meta === meta && sameList(last.fields, fields)) return last.result
    let times: Record<string, number> | undefined
    for (let i = 0; i < fields.length; i += 2) if (fields[i + 1] !== meta.fetchedAt) (times ??= {})[fields[i] as string] = fields[i + 1] as number
    let result: EntityMeta = meta
    if (times !== undefined) result = { ...meta, fieldsAt: times }
    else if (meta.fieldsAt !== undefined) {
      const { fieldsAt: _older, ...rest } = meta
      result = rest
    }
    this.#lastTimes = { meta, fields: fields.slice(), result }
    return result
  }

  setEntity(key: string, pk: string, record: unknown): void {
    const table = (this.entities[key] ??= createTable())
    if (this.#forStore && table[pk] === undefined) (this.pks[key] ??= []).push(pk)
    table[pk] = record
    ;(this.entitiesMeta[key] ??= createTable())[pk] = this.meta
  }

  invalidate(key: string, pk: string): void {
    this.setEntity(key, pk, null)
  }

  // Only the current path is tracked (a few entries deep), not every object ever visited: a Map of
  // all inputs would give each of them an identity hash, which cost more than the rest of normalize.
  checkLoop(_key: string, _pk: string, input: object): boolean {
    if (this.#ancestors.includes(input)) return true
    this.#ancestors.push(input)
    return false
  }

  exitLoop(input: object): void {
    const ancestors = this.#ancestors
    if (ancestors[ancestors.length - 1] === input) ancestors.pop()
  }
}

/** Shallow equality where array fields (lists of pks) compare by their items. */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (isArray(a) !== isArray(b)) return false
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  for (const k of aKeys) {
    const x = (a as Record<string, unknown>)[k]
    const y = (b as Record<string, unknown>)[k]
    if (x !== y && !(isArray(x) && isArray(y) && sameList(x, y))) return false
  }
  return true
}

const hasOwn = Object.prototype.hasOwnProperty

/** When the request behind a record's field started. */
function fieldTime(meta: EntityMeta, field: string): number {
  return meta.fieldsAt?.[field] ?? meta.fetchedAt
}


