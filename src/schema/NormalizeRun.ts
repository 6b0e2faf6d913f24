import { SchemaError, describeValue } from './SchemaError'
import { isEntity, isReferenceValue, isSchemaLike, normalizeList, toReference } from './kinds'
import { createTable, readEntry, tableKeys } from './table'
import { isGuess, markGuess, validateRecord } from './guess'
import type { EntitiesMetaTable, EntityTable, EntityMeta, IndexTable, MergeableSchema, NormalizeDelegate } from './types'
import type { NormalizeOptions, NormalizeStore } from './normalizeChanges'
import { isArray } from './isArray'
import { sameList } from './sameList'
import { sameRecord } from './sameRecord'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/**
 * One normalize pass (the `NormalizeDelegate` schemas call back into): walks the input with its
 * schema, replaces entities by their pks, and merges each record with the stored one by time
 * (field by field where ages differ, a guess over what it names). Collects only what it adds or
 * changes. Indexes (`static indexes`) are left to `normalize`'s run, the store keeps none.
 */
export class NormalizeRun implements NormalizeDelegate {
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
  /** Normalizing for the store: `pks` listed. */
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
    if (value == null || schema == null) return value
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
    if (pending != null) {
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

const hasOwn = Object.prototype.hasOwnProperty

/** When the request behind a record's field started. */
function fieldTime(meta: EntityMeta, field: string): number {
  return meta.fieldsAt?.[field] ?? meta.fetchedAt
}
