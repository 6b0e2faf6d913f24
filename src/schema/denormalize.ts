import { INVALID, isEntity } from './kinds'
import { readEntry, tableKeys } from './table'
import type { DenormalizeDelegate, DenormalizeNullable, EntityClassLike, StoredEntities } from './types'

/**
 * What a read was built from: the entities it used (each an entry with its own dependencies) and
 * the lookups that found no record, a tombstone, or a whole table. Lookups are flat triples
 * (entity key, pk, what was seen); a pk of undefined stands for the whole table (schema.All).
 */
export interface DependencyFrame {
  children: EntityCacheEntry[]
  lookups: unknown[]
}

/**
 * One cached entity read: the instance built from a record by one schema, and what it was built
 * from. Children are referenced, not copied, so a cache hit costs one push however deep the
 * entity is. `next` chains other schemas (summary/detail) sharing the same record.
 */
export interface EntityCacheEntry extends DependencyFrame {
  readonly schema: unknown
  value: unknown
  readonly key: string
  readonly pk: string
  readonly record: object
  next: EntityCacheEntry | undefined
  /** Other schemas' entries for the same record built in the same run. */
  sibling: EntityCacheEntry | undefined
  /** Run that last checked this entry, and what it found (guards cycles, shares work). */
  checkedBy: number
  fresh: boolean
  /**
   * Entity keys of every table this value read besides its own record, or null when unknown (a
   * cycle). While none of those tables changed, only the own record needs comparing.
   */
  depKeys: readonly string[] | null
}

/** Cache of built entities keyed by the stored record object. */
export type EntityCache = WeakMap<object, EntityCacheEntry>

let runs = 0

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
  return new DenormalizeRun(entities, args, undefined).read(schema, input) as any
}

/**
 * Entities nested deeper than this are filled in after the outer read returns, from a queue
 * instead of the call stack: a chain of any length that was written can be read (reads used to
 * overflow the stack at about 1,500 levels, below what writes accept).
 */
const MAX_NESTING = 400

/** The walker behind denormalize and MemoCache; `cache` is the cross-read entity cache, if any. */
export class DenormalizeRun implements DenormalizeDelegate {
  /** Dependencies of the value being built. */
  frame: DependencyFrame = { children: [], lookups: [] }
  /** Entities built during this run, for identity within the run and for cycles. */
  private readonly local = new Map<object, EntityCacheEntry>()
  private readonly id = ++runs
  /** Entities being built, outermost first (how deep the read is now). */
  private nesting = 0
  /** Entities too deep to build on the stack: built by `read` once the outer ones are done. */
  private deferred: (() => void)[] = []

  constructor(
    readonly entities: StoredEntities,
    readonly args: readonly unknown[],
    private readonly cache: EntityCache | undefined,
  ) {
    this.unvisit = this.unvisit.bind(this)
  }

  /** Reads `input` with `schema`; entities nested too deep for the stack are filled in before it returns. */
  read(schema: unknown, input: unknown): unknown {
    const value = this.unvisit(schema, input)
    // Each deferred entity may defer deeper ones: a queue, not recursion.
    for (let i = 0; i < this.deferred.length; i++) this.deferred[i]!()
    this.deferred.length = 0
    return value
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
    // `[]` declares no schema: the value is kept as it was stored.
    if (Array.isArray(schema)) return schema.length === 0 ? input : this.unvisitArray(schema[0], input)
    return this.unvisitObject(schema, input)
  }

  /** Items that are empty, missing, deleted or invalid drop out of lists instead of failing the read. */
  unvisitArray(itemSchema: unknown, input: unknown): unknown {
    if (!Array.isArray(input)) return input
    const out: unknown[] = []
    for (let i = 0; i < input.length; i++) {
      const value = this.unvisit(itemSchema, input[i])
      if (value === INVALID || value === undefined || value === null) continue
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
      addLookup(this.frame, key, pk, record)
      return record === null ? INVALID : undefined
    }

    let entry: EntityCacheEntry | undefined
    const cache = this.cache
    if (cache === undefined) {
      entry = findSibling(this.local.get(record), schema)
    } else {
      entry = findEntry(cache.get(record), schema)
      if (entry !== undefined && !this.isFresh(entry)) entry = undefined
    }
    if (entry !== undefined) {
      addChild(this.frame, entry)
      return entry.value
    }
    return this.buildEntity(schema, key, pk, record)
  }

  private buildEntity(schema: EntityClassLike, key: string, pk: string, record: object): unknown {
    const parent = this.frame
    const createIfValid = schema.createIfValid
    const instance =
      createIfValid !== undefined
        ? createIfValid.call(schema, record)
        : schema.validate(record)
          ? undefined
          : record
    const cache = this.cache
    if (cache === undefined) {
      if (instance === undefined) return INVALID
      const slot = { schema, value: instance, sibling: this.local.get(record) } as unknown as EntityCacheEntry
      this.local.set(record, slot)
      if (this.nesting >= MAX_NESTING) {
        // Too deep for the stack: the instance is returned now and its fields filled in later (a
        // required nested entity that is missing then reads as undefined, not as INVALID).
        this.deferred.push(() => {
          const value = this.nested(() => schema.denormalize(instance, this))
          if (value !== INVALID) slot.value = value
        })
        return instance
      }
      return (slot.value = this.nested(() => schema.denormalize(instance, this)))
    }
    const entry: EntityCacheEntry = {
      schema,
      value: INVALID,
      key,
      pk,
      record,
      // Most entities read no other entity: share one empty list until something is added.
      children: NONE as EntityCacheEntry[],
      lookups: NONE,
      next: undefined,
      sibling: undefined,
      checkedBy: this.id,
      fresh: true,
      depKeys: null,
    }
    // Registered before the fields are filled, so a cycle back to this record finds it.
    entry.next = withoutSchema(cache.get(record), schema)
    cache.set(record, entry)
    if (instance !== undefined) {
      entry.value = instance
      if (this.nesting >= MAX_NESTING) {
        // Too deep for the stack: filled in by `read` once the outer entities are done. What it
        // depends on is unknown until then (depKeys null: checked the slow, exact way).
        addChild(parent, entry)
        this.deferred.push(() => {
          this.fill(schema, instance, entry, record, cache)
          if (entry.value === INVALID) entry.value = instance
          entry.depKeys = collectDepKeys(entry)
        })
        return entry.value
      }
      this.fill(schema, instance, entry, record, cache)
    }
    addChild(parent, entry)
    entry.depKeys = collectDepKeys(entry)
    return entry.value
  }

  /** Fills an entity's nested fields, recording what it reads as the entry's dependencies. */
  private fill(schema: EntityClassLike, instance: unknown, entry: EntityCacheEntry, record: object, cache: EntityCache): void {
    const parent = this.frame
    this.frame = entry
    try {
      entry.value = this.nested(() => schema.denormalize(instance, this))
    } catch (error) {
      // A failed build must not stay cached with half its dependencies.
      if (cache.get(record) === entry) {
        if (entry.next === undefined) cache.delete(record)
        else cache.set(record, entry.next)
      }
      throw error
    } finally {
      this.frame = parent
    }
  }

  private nested<T>(build: () => T): T {
    this.nesting++
    try {
      return build()
    } finally {
      this.nesting--
    }
  }

  /**
   * True when the records an entry was built from are all still the stored ones. Each entry is
   * checked at most once per run: shared children (one author for many issues) cost one check,
   * and a cycle ends at the entry already being checked.
   */
  private isFresh(entry: EntityCacheEntry, depth = 0): boolean {
    if (entry.checkedBy === this.id) return entry.fresh
    // A deep chain is checked without recursion (and without sharing partial answers).
    if (depth > MAX_NESTING) return this.isFreshDeep(entry)
    entry.checkedBy = this.id
    entry.fresh = true
    if (!this.readsSame(entry)) return (entry.fresh = false)
    const children = entry.children
    for (let i = 0; i < children.length; i++) {
      if (!this.isFresh(children[i]!, depth + 1)) return (entry.fresh = false)
    }
    return true
  }

  /** True when every entry reachable from `root` still reads the same records, walked with a stack. */
  private isFreshDeep(root: EntityCacheEntry): boolean {
    const seen = new Set<EntityCacheEntry>([root])
    const stack = [root]
    while (stack.length > 0) {
      const entry = stack.pop()!
      if (entry.checkedBy === this.id) {
        if (!entry.fresh) return false
        continue
      }
      if (!this.readsSame(entry)) return false
      for (const child of entry.children) {
        if (!seen.has(child)) {
          seen.add(child)
          stack.push(child)
        }
      }
    }
    return true
  }

  /** The entry's own lookups, and its children's records, are still what the tables hold. */
  private readsSame(entry: EntityCacheEntry): boolean {
    const entities = this.entities
    const lookups = entry.lookups
    for (let i = 0; i < lookups.length; i += 3) {
      const table = entities[lookups[i] as string]
      const pk = lookups[i + 1] as string | undefined
      if ((pk === undefined ? table : readEntry(table, pk)) !== lookups[i + 2]) return false
    }
    const children = entry.children
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!
      if (readEntry(entities[child.key], child.pk) !== child.record) return false
    }
    return true
  }

  getEntityKeys(key: string): string[] {
    const table = this.entities[key]
    addLookup(this.frame, key, undefined, table)
    return tableKeys(table)
  }
}

/** The tables an entry read, from its children and lookups; null if a child is still being built (a cycle). */
function collectDepKeys(entry: EntityCacheEntry): readonly string[] | null {
  const lookups = entry.lookups
  const children = entry.children
  if (lookups.length === 0 && children.length === 0) return NO_KEYS
  // A handful of keys at most: an array with includes beats a Set here.
  const keys: string[] = []
  for (let i = 0; i < lookups.length; i += 3) addKey(keys, lookups[i] as string)
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    if (child.depKeys === null || child === entry) return null
    addKey(keys, child.key)
    for (const key of child.depKeys) addKey(keys, key)
  }
  return keys
}

const NO_KEYS: readonly string[] = Object.freeze([])

function addKey(keys: string[], key: string): void {
  if (!keys.includes(key)) keys.push(key)
}

function findSibling(entry: EntityCacheEntry | undefined, schema: unknown): EntityCacheEntry | undefined {
  while (entry !== undefined && entry.schema !== schema) entry = entry.sibling
  return entry
}

const NONE: unknown[] = []

function addChild(frame: DependencyFrame, entry: EntityCacheEntry): void {
  if (frame.children === NONE) frame.children = [entry]
  else frame.children.push(entry)
}

function addLookup(frame: DependencyFrame, key: string, pk: string | undefined, seen: unknown): void {
  if (frame.lookups === NONE) frame.lookups = [key, pk, seen]
  else frame.lookups.push(key, pk, seen)
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
