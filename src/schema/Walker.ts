import { INVALID, isEntity } from './kinds'
import { readEntry, tableKeys } from './table'
import type { DenormalizeDelegate, EntityClassLike, StoredEntities } from './types'
import { isArray } from './isArray'

/**
 * The read walker shared by `denormalize` (no cache) and `MemoRun` (MemoCache's reads): it turns
 * normalized input back into nested data, one schema kind at a time (entities, arrays, objects,
 * value types, `schema.*` instances). What happens once an entity's record is found is left to
 * the subclass (`entity`): the plain read builds it once per run, the memoized one reuses what a
 * previous read built while it is fresh.
 */

/**
 * Entities nested deeper than this are filled in after the outer read returns, from a queue
 * instead of the call stack: a chain of any length that was written can be read (reads used to
 * overflow the stack at about 1,500 levels, below what writes accept).
 */
export const MAX_NESTING = 400

/** Lists shorter than this are not remembered row by row (an entity's tags cost less read again whole). */
const SHORT_LIST = 32

export abstract class Walker implements DenormalizeDelegate {
  /** Entities being built, outermost first (how deep the read is now). */
  nesting = 0
  /** Entities too deep to build on the stack: built by `read` once the outer ones are done. */
  deferred: (() => void)[] = []

  // Declared and set in the constructor, not parameter properties (which the build also emits as
  // empty class fields): the same fields, fewer bytes in every app's bundle.
  declare readonly entities: StoredEntities
  declare readonly args: readonly unknown[]

  constructor(entities: StoredEntities, args: readonly unknown[]) {
    this.entities = entities
    this.args = args
    this.unvisit = this.unvisit.bind(this)
  }

  /** Builds a found record with `schema` (the record is an object: not missing, not a tombstone). */
  protected abstract entity(schema: EntityClassLike, key: string, pk: string, record: object): unknown

  /** A lookup found no record, or a tombstone (the memoized read depends on that). */
  protected miss(_key: string, _pk: string | undefined, _seen: unknown): void {}

  /** Set by walkers that remember lists row by row (see `DenormalizeDelegate.unvisitRows`). */
  unvisitRows?(key: object, item: EntityClassLike, refs: readonly unknown[]): unknown[]

  /** Reads `input` with `schema`; entities nested too deep for the stack are filled in before it returns. */
  read(schema: unknown, input: unknown): unknown {
    const value = this.unvisit(schema, input)
    // Each deferred entity may defer deeper ones: a queue, not recursion.
    for (let i = 0; i < this.deferred.length; i++) this.deferred[i]!()
    this.deferred.length = 0
    return value
  }

  unvisit(schema: any, input: any): unknown {
    if (input == null || schema == null) return input
    if (typeof schema !== 'function' && typeof schema !== 'object') return input
    // A collection is an entity too: `input` is its pk, not the list itself.
    if (isEntity(schema)) return this.#unvisitEntity(schema, input)
    if (typeof schema.denormalize === 'function') return schema.denormalize(input, this)
    if (typeof schema === 'function') return buildValue(schema, input)
    // `[]` declares no schema: the value is kept as it was stored.
    if (isArray(schema)) return schema.length === 0 ? input : this.#unvisitArray(schema[0], input)
    return this.#unvisitObject(schema, input)
  }

  /** Items that are empty, missing, deleted or invalid drop out of lists instead of failing the read. */
  #unvisitArray(itemSchema: unknown, input: unknown): unknown {
    if (!isArray(input)) return input
    if (this.unvisitRows !== undefined && input.length >= SHORT_LIST && isEntity(itemSchema)) return this.unvisitRows(input, itemSchema, input)
    const out: unknown[] = []
    for (let i = 0; i < input.length; i++) {
      const value = this.unvisit(itemSchema, input[i])
      if (isShown(value)) out.push(value)
    }
    return out
  }

  #unvisitObject(schema: Record<string, unknown>, input: unknown): unknown {
    if (typeof input !== 'object' || input === null) return input
    const out: Record<string, unknown> = { ...(input as object) }
    for (const member of Object.keys(schema)) {
      const memberSchema = schema[member]
      if (typeof memberSchema !== 'object' && typeof memberSchema !== 'function') {
        // A default value (pagination token, count): fill it in when the response left it out.
        if (out[member] === undefined) out[member] = memberSchema
        continue
      }
      if (memberSchema === null || out[member] === undefined) continue
      const value = this.unvisit(memberSchema, out[member])
      if (value === INVALID) return INVALID
      out[member] = value
    }
    return out
  }

  #unvisitEntity(schema: EntityClassLike, input: unknown): unknown {
    if (typeof input === 'object') {
      // Already an entity (an unnormalized value embedded in a result): use it as it is.
      if (typeof schema === 'function' && input instanceof schema) return input
      const id = schema.pk(input, undefined, undefined, this.args)
      if (id === undefined) return (schema as any).fromJS(input)
      input = id
    }
    const key = schema.key
    const pk = String(input)
    const record = readEntry(this.entities[key], pk)
    if (typeof record !== 'object' || record === null) {
      this.miss(key, pk, record)
      // A tombstone is null (Tessera's) or a symbol (data-client's INVALID, in tables built by hand).
      return record === undefined ? undefined : INVALID
    }
    return this.entity(schema, key, pk, record)
  }

  getEntityKeys(key: string): string[] {
    const table = this.entities[key]
    this.miss(key, undefined, table)
    return tableKeys(table)
  }
}

/** Whether a read value is shown in a list (missing, deleted and invalid rows drop out). */
export function isShown(value: unknown): boolean {
  return value !== INVALID && value != null
}

/** The instance a record reads as, with its nested fields still pks; undefined when the schema rejects the record. */
export function instantiate(schema: EntityClassLike, record: object): unknown {
  const createIfValid = schema.createIfValid
  return createIfValid !== undefined ? createIfValid.call(schema, record) : schema.validate(record) ? undefined : record
}

const CALL_WITHOUT_NEW: ReadonlySet<unknown> = new Set([String, Number, Boolean, BigInt, Symbol])

/** Rebuilds a value type from its stored JSON form: `Date` → `new Date(stored)`. */
function buildValue(type: any, stored: unknown): unknown {
  if (typeof type.prototype === 'object' && stored instanceof type) return stored
  if (type.prototype === undefined || CALL_WITHOUT_NEW.has(type)) return type(stored)
  return new type(stored)
}
