import { INVALID, isEntity } from './kinds'
import { readEntry, tableKeys } from './table'
import type { DenormalizeDelegate, DenormalizeNullable, EntityClassLike, StoredEntities } from './types'

/**
 * One cached entity read: the instance built from a record by one schema, and what it was built
 * from. `deps` is a flat list of triples (entity key, pk, record seen); a pk of undefined means the
 * whole table was read (schema.All). `next` chains other schemas sharing the same record.
 */
export interface EntityCacheEntry {
  readonly schema: unknown
  readonly value: unknown
  readonly deps: unknown[]
  next: EntityCacheEntry | undefined
}

/** Cache of built entities keyed by the stored record object. */
export type EntityCache = WeakMap<object, EntityCacheEntry>

const NO_ARGS: readonly unknown[] = []

/**
 * Rebuilds nested data from normalized `input` and the entity tables. Every record becomes an
 * instance of its Entity class; within one call the same record gives the same instance.
 * @returns the data, undefined when a top-level entity is missing, or INVALID when a required
 * entity was deleted or failed validation.
 */
export function denormalize<S>(
  schema: S | undefined,
  input: unknown,
  entities: StoredEntities,
  args: readonly unknown[] = NO_ARGS,
): DenormalizeNullable<S> | typeof INVALID {
  if (schema === undefined || schema === null || input === undefined) return input as any
  return new DenormalizeRun(entities, args, undefined).unvisit(schema, input) as any
}

/** The walker behind denormalize and MemoCache; `cache` is the cross-read entity cache, if any. */
export class DenormalizeRun implements DenormalizeDelegate {
  /** Dependencies of the frame being built (see EntityCacheEntry.deps). */
  deps: unknown[] = []
  /** Entities built during this run, for identity within the run and for cycles. */
  private readonly local = new Map<object, EntityCacheEntry>()

  constructor(
    readonly entities: StoredEntities,
    readonly args: readonly unknown[],
    private readonly cache: EntityCache | undefined,
  ) {
    this.unvisit = this.unvisit.bind(this)
  }

  unvisit(schema: any, input: any): unknown {
    if (input === undefined || input === null || schema === undefined || schema === null) return input
    if (typeof schema === 'function') {
      if (isEntity(schema)) return this.unvisitEntity(schema, input)
      if (typeof schema.denormalize === 'function') return schema.denormalize(input, this)
      return buildValue(schema, input)
    }
    if (typeof schema !== 'object') return input
    // A collection is an entity too: `input` is its pk, not the list itself.
    if (isEntity(schema)) return this.unvisitEntity(schema, input)
    if (typeof schema.denormalize === 'function') return schema.denormalize(input, this)
    if (Array.isArray(schema)) return this.unvisitArray(schema[0], input)
    return this.unvisitObject(schema, input)
  }

  /** Items that are missing, deleted or invalid drop out of lists instead of failing the read. */
  unvisitArray(itemSchema: unknown, input: unknown): unknown {
    if (!Array.isArray(input)) return input
    const out: unknown[] = []
    for (let i = 0; i < input.length; i++) {
      const value = this.unvisit(itemSchema, input[i])
      if (value === INVALID || value === undefined) continue
      out.push(value)
    }
    return out
  }

  private unvisitObject(schema: Record<string, unknown>, input: unknown): unknown {
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

  private unvisitEntity(schema: EntityClassLike, input: unknown): unknown {
    if (typeof input === 'object') {
      // Already an entity (an unnormalized value embedded in a result): use it as it is.
      if (typeof schema === 'function' && input instanceof schema) return input
      const id = schema.pk(input, undefined, undefined, this.args)
      if (id === undefined) return (schema as any).fromJS(input)
      input = id
    }
    const key = schema.key
    const pk = String(input)
    const record = readEntry(this.entities[key], pk) as object | null | undefined
    if (record === undefined || record === null) {
      this.deps.push(key, pk, record)
      return record === null ? INVALID : undefined
    }

    let entry = findEntry(this.local.get(record), schema)
    if (entry === undefined && this.cache !== undefined) {
      entry = findEntry(this.cache.get(record), schema)
      if (entry !== undefined && !this.isFresh(entry.deps)) entry = undefined
    }
    if (entry !== undefined) {
      // The reader depends on everything this entity was built from, not just its own record.
      // A cycle back to the entity being built shares this very list: appending it to itself would never end.
      const deps = this.deps
      const used = entry.deps
      if (used !== deps) for (let i = 0; i < used.length; i++) deps.push(used[i])
      return entry.value
    }
    return this.buildEntity(schema, key, pk, record)
  }

  private buildEntity(schema: EntityClassLike, key: string, pk: string, record: object): unknown {
    const parentDeps = this.deps
    const deps: unknown[] = [key, pk, record]
    const createIfValid = schema.createIfValid
    const instance =
      createIfValid !== undefined
        ? createIfValid.call(schema, record)
        : schema.validate(record)
          ? undefined
          : record
    let value: unknown = INVALID
    if (instance !== undefined) {
      // Registered before the fields are filled, so a cycle back to this record finds it.
      const building: EntityCacheEntry = { schema, value: instance, deps, next: this.local.get(record) }
      this.local.set(record, building)
      this.deps = deps
      try {
        value = schema.denormalize(instance, this)
      } finally {
        this.deps = parentDeps
      }
      if (value !== instance) (building as { value: unknown }).value = value
    }
    for (let i = 0; i < deps.length; i++) parentDeps.push(deps[i])
    if (this.cache !== undefined) {
      this.cache.set(record, { schema, value, deps, next: withoutSchema(this.cache.get(record), schema) })
    }
    return value
  }

  /** True when every record an entry was built from (after its own) is still the one stored. */
  private isFresh(deps: readonly unknown[]): boolean {
    const entities = this.entities
    for (let i = 3; i < deps.length; i += 3) {
      const table = entities[deps[i] as string]
      const pk = deps[i + 1] as string | undefined
      const current = pk === undefined ? table : readEntry(table, pk)
      if (current !== deps[i + 2]) return false
    }
    return true
  }

  getEntityKeys(key: string): string[] {
    const table = this.entities[key]
    this.deps.push(key, undefined, table)
    return tableKeys(table)
  }
}

function findEntry(entry: EntityCacheEntry | undefined, schema: unknown): EntityCacheEntry | undefined {
  while (entry !== undefined && entry.schema !== schema) entry = entry.next
  return entry
}

/** The chain of entries for one record, minus the (stale) entry of `schema`. */
function withoutSchema(head: EntityCacheEntry | undefined, schema: unknown): EntityCacheEntry | undefined {
  if (head === undefined) return undefined
  if (head.schema === schema) return head.next
  for (let entry = head; entry.next !== undefined; entry = entry.next) {
    if (entry.next.schema === schema) {
      entry.next = entry.next.next
      break
    }
  }
  return head
}

const CALL_WITHOUT_NEW: ReadonlySet<unknown> = new Set([String, Number, Boolean, BigInt, Symbol])

/** Rebuilds a value type from its stored JSON form: `Date` → `new Date(stored)`. */
function buildValue(type: any, stored: unknown): unknown {
  if (typeof type.prototype === 'object' && stored instanceof type) return stored
  if (type.prototype === undefined || CALL_WITHOUT_NEW.has(type)) return type(stored)
  return new type(stored)
}
