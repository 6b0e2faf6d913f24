import { INVALID, isEntity } from './kinds'
import { diffEntries, readEntry, tableKeys } from './table'
import { isInputFirst, type SchemaArgument } from './callOrder'
import type { DenormalizeDelegate, DenormalizeNullable, EntityClassLike, StoredEntities } from './types'

/**
 * What a read was built from: the entities it used (each an entry with its own dependencies) and
 * the lookups that found no record, a tombstone, or a whole table. Lookups are flat triples
 * (entity key, pk, what was seen); a pk of undefined stands for the whole table (schema.All).
 */
export interface DependencyFrame {
  children: EntityCacheEntry[]
  lookups: unknown[]
  /** Lists of entities read (each stands for all of its rows, without a push per row). */
  lists: ListEntry[] | undefined
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

/** The last read of one list of entities: what each row was built from, and the array it gave. */
export interface ListEntry {
  readonly item: EntityClassLike
  readonly entities: StoredEntities
  readonly refs: readonly unknown[]
  /** The cache entry of each row (undefined where the record was missing or deleted). */
  readonly rows: (EntityCacheEntry | undefined)[]
  /**
   * What a row without an entry found (undefined: missing, null: deleted), by row index; rows
   * with an entry were built from `entry.record`.
   */
  readonly missing: Map<number, unknown> | undefined
  readonly value: unknown[]
  /** Every table the rows read besides their own records; null when unknown (cycles, deep chains). */
  readonly depKeys: Set<string> | null
  /** Row indexes by pk, made when first needed (and kept while the refs stay the same). */
  positions?: Map<string, number[]>
  /** Row indexes by what their rows read directly (`key\0pk`), made when first needed. */
  readers?: Map<string, number[]>
  /** True when what rows read besides their own record is entities that read nothing else. */
  shallow?: boolean
  /** Where each row's value is in `value` (-1 when it is not shown), made when first needed. */
  valueIndex?: Int32Array
}

/**
 * Lists read before, by the object that names them (the stored array of pks, or a schema for
 * lists computed from a table), so a list read again costs what changed: the rows whose records
 * (or whose authors, tags…) changed are rebuilt, the rest keep their objects, and an unchanged
 * list its array.
 */
export type ListCache = WeakMap<object, ListEntry[]>

let runs = 0

const NO_ARGS: readonly unknown[] = []

/**
 * Rebuilds nested data from normalized `input` and the entity tables. Every record becomes an
 * instance of its Entity class; within one call the same record gives the same instance. A record
 * that is `null` is deleted; so is one that is a symbol (data-client's `INVALID`, in tables built
 * by hand or by data-client code).
 *
 * Also takes data-client 0.10's order, `denormalize(input, schema, entities, args?)`, told apart
 * from Tessera's as `normalize` does (a schema holds an Entity class or a `schema.*` instance, a
 * normalized result never does).
 * @returns the data, undefined when a top-level entity is missing, or INVALID when a required
 * entity was deleted or failed validation.
 */
export function denormalize<T>(input: T): T
export function denormalize<S>(
  input: unknown,
  schema: SchemaArgument<S>,
  entities?: StoredEntities,
  args?: readonly unknown[],
): DenormalizeNullable<S> | typeof INVALID
export function denormalize<S>(
  schema: S | undefined,
  input: unknown,
  entities: StoredEntities,
  args?: readonly unknown[],
): DenormalizeNullable<S> | typeof INVALID
export function denormalize(
  schema: unknown,
  input?: unknown,
  entities: StoredEntities = NO_ENTITIES,
  args: readonly unknown[] = NO_ARGS,
): unknown {
  if (isInputFirst(schema, input)) {
    const given = schema
    schema = input
    input = given
  }
  if (schema === undefined || schema === null || input === undefined) return input
  return new DenormalizeRun(entities, args, undefined).read(schema, input)
}

const NO_ENTITIES: StoredEntities = Object.freeze({})

/**
 * Entities nested deeper than this are filled in after the outer read returns, from a queue
 * instead of the call stack: a chain of any length that was written can be read (reads used to
 * overflow the stack at about 1,500 levels, below what writes accept).
 */
const MAX_NESTING = 400

/** Lists shorter than this are not remembered row by row (see unvisitArray). */
const SHORT_LIST = 32

/** The walker behind denormalize and MemoCache; `cache` is the cross-read entity cache, if any. */
export class DenormalizeRun implements DenormalizeDelegate {
  /** Dependencies of the value being built. */
  frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
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
    private readonly lists?: ListCache,
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
    // Long lists are read against their last read; a short one (an entity's tags) costs less
    // read again whole than remembered.
    if (this.lists !== undefined && input.length >= SHORT_LIST && isEntity(itemSchema)) return this.unvisitRows(input, itemSchema, input)
    const out: unknown[] = []
    for (let i = 0; i < input.length; i++) {
      const value = this.unvisit(itemSchema, input[i])
      if (value === INVALID || value === undefined || value === null) continue
      out.push(value)
    }
    return out
  }

  /**
   * A list of entities read row by row against its last read (`key` names the list). A row is
   * reused without being looked at again when its pk and its record are what they were and no
   * other table it read has changed; only the others are rebuilt. An unchanged list returns the
   * array it returned last time. Without a list cache, an ordinary read.
   */
  unvisitRows(key: object, item: EntityClassLike, refs: readonly unknown[]): unknown[] {
    const lists = this.lists
    if (lists === undefined) {
      const out: unknown[] = []
      for (let i = 0; i < refs.length; i++) {
        const value = this.unvisit(item, refs[i])
        if (value !== INVALID && value !== undefined && value !== null) out.push(value)
      }
      return out
    }
    let entries = lists.get(key)
    if (entries === undefined) lists.set(key, (entries = []))
    const index = entries.findIndex((entry) => entry.item === item)
    const last = index === -1 ? undefined : entries[index]
    let next: ListEntry | undefined
    if (last !== undefined && sameRefs(last.refs, refs)) {
      next = last.entities === this.entities ? last : this.rereadRows(last)
    }
    if (next === undefined) next = this.readRows(item, refs, last, Array.isArray(key) ? refs : refs.slice())
    if (index === -1) entries.push(next)
    else entries[index] = next
    this.recordRows(next)
    this.lastList = next
    return next.value
  }

  /** The list last returned by `unvisitRows` (a list-valued entity takes its dependencies from it). */
  lastList: ListEntry | undefined

  /**
   * The same refs against newer tables: the rows to rebuild are found from what changed in the
   * tables (record by record), not by looking at every row. Undefined when that is not cheaper
   * (many changes, rows that read deeper data), and the caller reads row by row instead.
   */
  private rereadRows(last: ListEntry): ListEntry | undefined {
    const item = last.item
    const changed = changedTables(last.entities, this.entities)
    const dirty = new Set<number>()
    for (const table of changed) {
      if (table !== item.key && (last.depKeys === null || !last.depKeys.has(table))) continue
      const pks = diffEntries(last.entities[table], this.entities[table], 64)
      if (pks === undefined) return undefined
      if (pks.length === 0) continue
      if (table === item.key) {
        const positions = (last.positions ??= rowPositions(last.refs))
        for (const pk of pks) for (const i of positions.get(pk) ?? NO_ROWS) dirty.add(i)
      } else {
        // A row that reads this record directly is rebuilt; deeper reads take the long way.
        if (last.shallow === undefined) last.shallow = isShallow(last.rows)
        if (!last.shallow) return undefined
        const readers = (last.readers ??= rowReaders(last.rows))
        for (const pk of pks) for (const i of readers.get(table + SEPARATOR + pk) ?? NO_ROWS) dirty.add(i)
      }
    }
    if (dirty.size === 0) return { ...last, entities: this.entities }
    const rows = last.rows.slice()
    let missing = last.missing
    const table = this.entities[item.key]
    const frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
    const parent = this.frame
    this.frame = frame
    let depKeys = last.depKeys
    let valuesMoved = false
    const rebuilt: unknown[] = []
    try {
      for (const i of dirty) {
        const ref = last.refs[i]
        const count = frame.children.length
        const value = this.unvisit(item, ref)
        const entry = frame.children.length > count ? frame.children[frame.children.length - 1] : undefined
        const before = last.rows[i]?.value
        if (isShown(before) !== isShown(value)) valuesMoved = true
        rows[i] = entry
        if (entry === undefined || missing?.has(i)) {
          if (missing === last.missing) missing = new Map(last.missing)
          if (entry === undefined) missing!.set(i, readEntry(table, String(ref)))
          else missing!.delete(i)
        }
        rebuilt[i] = value
        if (entry !== undefined && depKeys !== null) {
          if (entry.depKeys === null) depKeys = null
          else if (entry.depKeys.some((depKey) => !depKeys!.has(depKey))) depKeys = new Set([...depKeys, ...entry.depKeys])
        }
      }
    } finally {
      this.frame = parent
    }
    let value: unknown[]
    let valueIndex = last.valueIndex
    if (valuesMoved) {
      value = []
      for (let i = 0; i < rows.length; i++) {
        const shown = i in rebuilt ? rebuilt[i] : rows[i]?.value
        if (isShown(shown)) value.push(shown)
      }
      valueIndex = undefined
    } else {
      // The same rows are shown: each rebuilt one takes the place of the one it replaces.
      valueIndex ??= shownPositions(last.rows)
      let differs = false
      value = last.value
      for (const i of dirty) {
        const at = valueIndex[i]!
        if (at < 0 || last.value[at] === rebuilt[i]) continue
        if (!differs) value = last.value.slice()
        differs = true
        value[at] = rebuilt[i]
      }
    }
    const readers = last.readers
    if (readers !== undefined) {
      // Rebuilt rows may read other records now: index those too (a stale index only costs an extra rebuild).
      for (const i of dirty) {
        const row = rows[i]
        if (row === undefined) continue
        for (const child of row.children) pushTo(readers, child.key + SEPARATOR + child.pk, i)
        for (const list of row.lists ?? NO_LISTS) {
          for (const ref of list.refs) if (typeof ref === 'string' || typeof ref === 'number') pushTo(readers, list.item.key + SEPARATOR + String(ref), i)
        }
      }
    }
    return {
      item,
      entities: this.entities,
      refs: last.refs,
      rows,
      missing: missing?.size === 0 ? undefined : missing,
      value,
      depKeys,
      positions: last.positions,
      readers,
      valueIndex,
      shallow: last.shallow === true && isShallow([...dirty].map((i) => rows[i])) ? true : undefined,
    }
  }

  /** Every row looked at: reused when its record and what it read are unchanged, rebuilt otherwise. */
  private readRows(item: EntityClassLike, refs: readonly unknown[], last: ListEntry | undefined, ownRefs: readonly unknown[]): ListEntry {
    const table = this.entities[item.key]
    // Rows' other dependencies need checking only when a table one of them read has changed.
    let changed: Set<string> | undefined
    let checkDeps = true
    if (last !== undefined && last.depKeys !== null) {
      changed = changedTables(last.entities, this.entities)
      checkDeps = false
      for (const depKey of last.depKeys) if (changed.has(depKey)) checkDeps = true
    }
    const rows: (EntityCacheEntry | undefined)[] = new Array(refs.length)
    let missing: Map<number, unknown> | undefined
    const out: unknown[] = []
    const frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
    const parent = this.frame
    this.frame = frame
    let depKeys: Set<string> | null = new Set()
    // Rows read from the same tables share one (interned) array: merged once, not per row.
    let seenDeps: readonly string[] | null | undefined
    let same = last !== undefined
    try {
      for (let i = 0; i < refs.length; i++) {
        const ref = refs[i]
        let entry: EntityCacheEntry | undefined
        let value: unknown
        const lastRecord = last !== undefined && i < last.refs.length && last.refs[i] === ref ? recordAt(last, i) : undefined
        if (
          typeof lastRecord === 'object' &&
          lastRecord !== null &&
          (typeof ref === 'string' || typeof ref === 'number') &&
          readEntry(table, String(ref)) === lastRecord &&
          (!checkDeps || (last!.rows[i]!.depKeys !== null && !touchesAny(last!.rows[i]!.depKeys!, changed!)) || this.isFresh(last!.rows[i]!))
        ) {
          entry = last!.rows[i]!
          value = entry.value
        } else {
          const count = frame.children.length
          value = this.unvisit(item, ref)
          entry = frame.children.length > count ? frame.children[frame.children.length - 1] : undefined
        }
        rows[i] = entry
        if (entry !== undefined) {
          if (depKeys !== null && entry.depKeys !== seenDeps) {
            if (entry.depKeys === null) depKeys = null
            else for (const depKey of entry.depKeys) depKeys.add(depKey)
            seenDeps = entry.depKeys
          }
        } else if (typeof ref === 'string' || typeof ref === 'number') {
          ;(missing ??= new Map()).set(i, readEntry(table, String(ref)))
        }
        if (!isShown(value)) continue
        if (same && last!.value[out.length] !== value) same = false
        out.push(value)
      }
    } finally {
      this.frame = parent
    }
    if (same && out.length !== last!.value.length) same = false
    return { item, entities: this.entities, refs: ownRefs, rows, missing, value: same ? last!.value : out, depKeys }
  }

  /** A list (all of its rows, missing ones included) becomes a dependency of what is being built. */
  private recordRows(list: ListEntry): void {
    const frame = this.frame
    if (frame.lists === undefined) frame.lists = [list]
    else frame.lists.push(list)
    LIST_VALUES.add(list.value)
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
    if (typeof record !== 'object' || record === null) {
      addLookup(this.frame, key, pk, record)
      // A tombstone is null (Tessera's) or a symbol (data-client's INVALID, in tables built by hand).
      return record === undefined ? undefined : INVALID
    }

    let entry: EntityCacheEntry | undefined
    const cache = this.cache
    if (cache === undefined) {
      entry = findSibling(this.local.get(record), schema)
    } else if ((schema as { readsAsList?: boolean }).readsAsList !== true || this.lists === undefined) {
      entry = findEntry(cache.get(record), schema)
      if (entry !== undefined && !this.isFresh(entry)) entry = undefined
    }
    // A list-valued entity (a Collection) is rebuilt each time: its row-by-row list read is the
    // freshness check, and gives back the same array when nothing changed.
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
      // The nesting count, inline (no closure): this is the hot path of an uncached read.
      this.nesting++
      try {
        return (slot.value = schema.denormalize(instance, this))
      } finally {
        this.nesting--
      }
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
      lists: undefined,
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
      this.lastList = undefined
      this.fill(schema, instance, entry, record, cache)
    }
    addChild(parent, entry)
    const list = (schema as { readsAsList?: boolean }).readsAsList === true ? this.lastList : undefined
    // A list-valued entity read what its rows read, and the rows' own table: known without
    // walking every row.
    entry.depKeys = list !== undefined && entry.lookups.length === 0 && entry.children.length === 0 && entry.lists?.length === 1
      ? (list.depKeys === null ? null : [list.item.key, ...[...list.depKeys].filter((key) => key !== list.item.key)])
      : collectDepKeys(entry)
    return entry.value
  }

  /** Fills an entity's nested fields, recording what it reads as the entry's dependencies. */
  private fill(schema: EntityClassLike, instance: unknown, entry: EntityCacheEntry, record: object, cache: EntityCache): void {
    const parent = this.frame
    this.frame = entry
    this.nesting++
    try {
      entry.value = schema.denormalize(instance, this)
    } catch (error) {
      // A failed build must not stay cached with half its dependencies.
      if (cache.get(record) === entry) {
        if (entry.next === undefined) cache.delete(record)
        else cache.set(record, entry.next)
      }
      throw error
    } finally {
      this.frame = parent
      this.nesting--
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
    const lists = entry.lists
    if (lists !== undefined) {
      for (const list of lists) {
        for (const row of list.rows) if (row !== undefined && !this.isFresh(row, depth + 1)) return (entry.fresh = false)
      }
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
      if (entry.lists !== undefined) {
        for (const list of entry.lists) {
          for (const row of list.rows) {
            if (row !== undefined && !seen.has(row)) {
              seen.add(row)
              stack.push(row)
            }
          }
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
    const lists = entry.lists
    if (lists !== undefined) {
      for (const list of lists) {
        const table = entities[list.item.key]
        for (let i = 0; i < list.refs.length; i++) {
          const ref = list.refs[i]
          if ((typeof ref === 'string' || typeof ref === 'number') && readEntry(table, String(ref)) !== recordAt(list, i)) return false
        }
      }
    }
    return true
  }

  getEntityKeys(key: string): string[] {
    const table = this.entities[key]
    addLookup(this.frame, key, undefined, table)
    return tableKeys(table)
  }
}

const SEPARATOR = '\u0000'

/** Arrays a list read returned: they already share every unchanged row, nothing to compare. */
const LIST_VALUES = new WeakSet<object>()

/** True for an array returned by a row-by-row list read (structural sharing can skip it). */
export function isListValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && LIST_VALUES.has(value)
}
const NO_ROWS: readonly number[] = []
const NO_LISTS: readonly ListEntry[] = []

/** Whether a read value is shown in a list (missing, deleted and invalid rows drop out). */
function isShown(value: unknown): boolean {
  return value !== INVALID && value !== undefined && value !== null
}

function pushTo(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [index])
  else if (list[list.length - 1] !== index) list.push(index)
}

/** The record row `i` was built from (or found missing). */
function recordAt(list: ListEntry, i: number): unknown {
  const row = list.rows[i]
  return row !== undefined ? row.record : list.missing?.get(i)
}

function shownPositions(rows: readonly (EntityCacheEntry | undefined)[]): Int32Array {
  const positions = new Int32Array(rows.length)
  for (let i = 0, at = 0; i < rows.length; i++) positions[i] = isShown(rows[i]?.value) ? at++ : -1
  return positions
}

function rowPositions(refs: readonly unknown[]): Map<string, number[]> {
  const positions = new Map<string, number[]>()
  for (let i = 0; i < refs.length; i++) {
    const ref = refs[i]
    if (typeof ref === 'string' || typeof ref === 'number') pushTo(positions, String(ref), i)
  }
  return positions
}

function rowReaders(rows: readonly (EntityCacheEntry | undefined)[]): Map<string, number[]> {
  const readers = new Map<string, number[]>()
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    if (row === undefined) continue
    for (const child of row.children) pushTo(readers, child.key + SEPARATOR + child.pk, i)
    // A list the row holds (its labels): each of its items is read directly too.
    for (const list of row.lists ?? NO_LISTS) {
      for (const ref of list.refs) if (typeof ref === 'string' || typeof ref === 'number') pushTo(readers, list.item.key + SEPARATOR + String(ref), i)
    }
    for (let l = 0; l < row.lookups.length; l += 3) {
      if (row.lookups[l + 1] !== undefined) pushTo(readers, (row.lookups[l] as string) + SEPARATOR + (row.lookups[l + 1] as string), i)
    }
  }
  return readers
}

/** True when no row reads a whole table, and what rows read reads nothing further. */
function isShallow(rows: readonly (EntityCacheEntry | undefined)[]): boolean {
  for (const row of rows) {
    if (row === undefined) continue
    // Lists the row holds count when their items read nothing further (labels, tags).
    if (row.lists !== undefined && row.lists.some((list) => list.depKeys === null || list.depKeys.size > 0)) return false
    for (let l = 0; l < row.lookups.length; l += 3) if (row.lookups[l + 1] === undefined) return false
    for (const child of row.children) if (child.depKeys === null || child.depKeys.length > 0) return false
  }
  return true
}

function sameRefs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Entity keys whose tables are different objects in `next` than in `previous`. */
function changedTables(previous: StoredEntities, next: StoredEntities): Set<string> {
  const changed = new Set<string>()
  for (const key of Object.keys(next)) if (next[key] !== previous[key]) changed.add(key)
  for (const key of Object.keys(previous)) if (!(key in next)) changed.add(key)
  return changed
}

function touchesAny(keys: readonly string[], changed: Set<string>): boolean {
  for (let i = 0; i < keys.length; i++) if (changed.has(keys[i]!)) return true
  return false
}

/** The tables an entry read, from its children and lookups; null if a child is still being built (a cycle). */
function collectDepKeys(entry: EntityCacheEntry): readonly string[] | null {
  const lookups = entry.lookups
  const children = entry.children
  const lists = entry.lists
  if (lookups.length === 0 && children.length === 0 && lists === undefined) return NO_KEYS
  // A handful of keys at most: an array with includes beats a Set here.
  const keys: string[] = []
  for (let i = 0; i < lookups.length; i += 3) addKey(keys, lookups[i] as string)
  if (lists !== undefined) {
    for (const list of lists) {
      if (list.depKeys === null) return null
      addKey(keys, list.item.key)
      for (const key of list.depKeys) addKey(keys, key)
    }
  }
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    if (child.depKeys === null || child === entry) return null
    addKey(keys, child.key)
    for (const key of child.depKeys) addKey(keys, key)
  }
  return intern(keys)
}

const NO_KEYS: readonly string[] = Object.freeze([])

// Entries read from the same tables share one array, so a list of 10k rows merges its rows'
// dependencies by comparing arrays, not keys. As many arrays as combinations of tables (few).
const interned = new Map<string, readonly string[]>()

function intern(keys: string[]): readonly string[] {
  if (keys.length === 0) return NO_KEYS
  // One table (a row and its author) is the common case: no string to build for it.
  const id = keys.length === 1 ? keys[0]! : keys.join(SEPARATOR)
  let shared = interned.get(id)
  if (shared === undefined) interned.set(id, (shared = Object.freeze(keys)))
  return shared
}

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
