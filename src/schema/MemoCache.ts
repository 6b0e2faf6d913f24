import { DenormalizeRun, type DependencyFrame, type EntityCache, type EntityCacheEntry } from './denormalize'
import type { DenormalizeNullable, EntityClassLike, EntityPath, StoredEntities } from './types'
import { INVALID, isEntity } from './kinds'
import { readEntry } from './table'

/** What a memoized read returns: the data and the entity records it was built from. */
export interface MemoResult<T> {
  readonly data: T | typeof INVALID
  /** Every entity record the data depends on (deduplicated); computed on first access. */
  readonly paths: EntityPath[]
}

interface ReadEntry {
  entities: StoredEntities
  result: MemoResult<unknown>
  /** For `[Entity]` reads: the cache entry behind each input row (undefined where none was found). */
  rows?: (EntityCacheEntry | undefined)[]
  /** The record each row was built from, side by side so the reuse check stays in one array. */
  records?: unknown[]
  /** Every table the rows read besides their own records; null when unknown (cycles). */
  depKeys?: Set<string> | null
}

const NO_ARGS: readonly unknown[] = []

/**
 * Memoized denormalization. Reading an unchanged state returns the very same objects; after a
 * change, only the containers along the path to a changed entity are new, so components that
 * show other entities can skip re-rendering. Entities are cached by their stored record object,
 * shared across every schema and input read through this cache.
 */
export class MemoCache {
  private readonly entityCache: EntityCache = new WeakMap()
  private readonly byObject = new WeakMap<object, Map<unknown, ReadEntry>>()
  // Reads of a pk (a value, not an object) are remembered for the entity tables they were read
  // from only: entries for older tables go with them, so nothing here outlives the data.
  private readonly byValue = new WeakMap<StoredEntities, Map<unknown, Map<string, ReadEntry>>>()

  /** Denormalizes `input` with `schema`, returning cached objects for whatever did not change. */
  denormalize<S>(
    schema: S | undefined,
    input: unknown,
    entities: StoredEntities,
    args: readonly unknown[] = NO_ARGS,
  ): MemoResult<DenormalizeNullable<S>> {
    if (schema === undefined || schema === null || input === undefined || input === null) {
      return { data: input as any, paths: [] }
    }
    const bucket = this.bucket(schema, input, entities)
    const previous = bucket.get()
    if (previous !== undefined && previous.entities === entities) return previous.result as any

    const item = Array.isArray(schema) && schema.length === 1 && isEntity(schema[0]) ? schema[0] : undefined
    if (item !== undefined && Array.isArray(input)) {
      const entry = this.readList(item, input, entities, args, previous)
      bucket.set(entry)
      return entry.result as any
    }

    const run = new DenormalizeRun(entities, args, this.entityCache)
    let data = run.read(schema, input)
    if (previous !== undefined) data = share(previous.result.data, data)
    const result =
      previous !== undefined && previous.result.data === data ? previous.result : new Result(data, () => run.frame)
    bucket.set({ entities, result })
    return result as any
  }

  /**
   * A list of entities, row by row. A row whose record is the one read last time, and none of
   * whose other tables changed since, is reused without touching anything else: after one entity
   * changed in a list of 10k, the read costs 10k record lookups and one rebuilt row.
   */
  private readList(
    item: EntityClassLike,
    input: readonly unknown[],
    entities: StoredEntities,
    args: readonly unknown[],
    previous: ReadEntry | undefined,
  ): ReadEntry {
    const run = new DenormalizeRun(entities, args, this.entityCache)
    const frame = run.frame
    const table = entities[item.key]
    const lastRows = previous?.rows
    const lastRecords = previous?.records
    // Per-row dependency checks are needed only if a table some row read (besides the rows' own
    // table, whose records are compared one by one) is a different object now.
    let checkDeps = true
    let changed: Set<string> | undefined
    if (previous !== undefined && previous.depKeys !== null && previous.depKeys !== undefined) {
      changed = changedTables(previous.entities, entities)
      checkDeps = false
      for (const key of previous.depKeys) if (changed.has(key)) checkDeps = true
    }
    const rows: (EntityCacheEntry | undefined)[] = new Array(input.length)
    const records: unknown[] = new Array(input.length)
    const data: unknown[] = []
    let depKeys: Set<string> | null = new Set()
    let reused = false
    for (let i = 0; i < input.length; i++) {
      const ref = input[i]
      let entry: EntityCacheEntry | undefined
      if (
        lastRecords !== undefined &&
        changed !== undefined &&
        (typeof ref === 'string' || typeof ref === 'number') &&
        readEntry(table, String(ref)) === lastRecords[i] &&
        lastRecords[i] !== undefined &&
        (!checkDeps || !touchesAny(lastRows![i]!.depKeys!, changed))
      ) {
        entry = lastRows![i]!
        reused = true
      } else {
        const count = frame.children.length
        run.read(item, ref)
        entry = frame.children.length > count ? frame.children[frame.children.length - 1] : undefined
        if (entry !== undefined && depKeys !== null) {
          if (entry.depKeys === null) depKeys = null
          else for (const key of entry.depKeys) depKeys.add(key)
        }
      }
      rows[i] = entry
      if (entry === undefined) continue
      records[i] = entry.record
      const value = entry.value
      if (value !== INVALID && value !== undefined) data.push(value)
    }
    // Rows reused from the last read keep the dependency keys they had then.
    if (reused && depKeys !== null) for (const key of previous!.depKeys!) depKeys.add(key)
    const shared = previous !== undefined ? share(previous.result.data, data) : data
    const result =
      previous !== undefined && shared === previous.result.data
        ? previous.result
        : new Result(shared, () => ({ children: rows.filter((r): r is EntityCacheEntry => r !== undefined), lookups: frame.lookups }))
    return { entities, result, rows, records, depKeys }
  }

  private bucket(schema: unknown, input: unknown, entities: StoredEntities): { get(): ReadEntry | undefined; set(entry: ReadEntry): void } {
    // `[Article]` written inline is a new array on every call; all of them mean the same schema.
    if (Array.isArray(schema) && schema.length === 1) schema = canonicalList(schema[0])
    if (typeof input === 'object' && input !== null) {
      let bySchema = this.byObject.get(input)
      if (bySchema === undefined) this.byObject.set(input, (bySchema = new Map()))
      const map = bySchema
      return { get: () => map.get(schema), set: (entry) => void map.set(schema, entry) }
    }
    let bySchemaValue = this.byValue.get(entities)
    if (bySchemaValue === undefined) this.byValue.set(entities, (bySchemaValue = new Map()))
    let byInput = bySchemaValue.get(schema)
    if (byInput === undefined) bySchemaValue.set(schema, (byInput = new Map()))
    const map = byInput
    const key = typeof input + ':' + String(input)
    return { get: () => map.get(key), set: (entry) => void map.set(key, entry) }
  }
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

const lists = new WeakMap<object, readonly unknown[]>()

function canonicalList(item: unknown): unknown {
  if (typeof item !== 'object' && typeof item !== 'function') return item
  if (item === null) return item
  let list = lists.get(item)
  if (list === undefined) lists.set(item, (list = [item]))
  return list
}

class Result implements MemoResult<unknown> {
  private computed: EntityPath[] | undefined
  constructor(
    readonly data: unknown,
    private readonly frame: () => DependencyFrame,
  ) {}

  get paths(): EntityPath[] {
    if (this.computed !== undefined) return this.computed
    const seen = new Set<string>()
    const visited = new Set<EntityCacheEntry>()
    const paths: EntityPath[] = []
    const add = (key: string, pk: string) => {
      const id = key + '\u0000' + pk
      if (seen.has(id)) return
      seen.add(id)
      paths.push({ key, pk })
    }
    // A stack, not recursion: a chain of entities can be longer than the call stack is deep.
    const stack: DependencyFrame[] = [this.frame()]
    while (stack.length > 0) {
      const frame = stack.pop()!
      const lookups = frame.lookups
      for (let i = 0; i < lookups.length; i += 3) if (lookups[i + 1] !== undefined) add(lookups[i] as string, lookups[i + 1] as string)
      for (const child of frame.children) {
        if (visited.has(child)) continue
        visited.add(child)
        add(child.key, child.pk)
        stack.push(child)
      }
    }
    return (this.computed = paths)
  }
}

/**
 * Structural sharing between two reads: returns `previous` (or parts of it) wherever `next` holds
 * the same things, so an unchanged list keeps its identity even when the tables changed.
 * Only plain arrays and objects are compared; entity instances are already shared by the cache.
 */
export function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length
    for (let i = 0; i < next.length; i++) {
      const item = i < previous.length ? share(previous[i], next[i]) : next[i]
      if (item !== next[i]) next[i] = item
      if (same && item !== previous[i]) same = false
    }
    return same ? previous : next
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next)
    let same = keys.length === Object.keys(previous).length
    for (const key of keys) {
      const item = share(previous[key], next[key])
      if (item !== next[key]) next[key] = item
      if (same && (item !== previous[key] || !(key in previous))) same = false
    }
    return same ? previous : next
  }
  return next
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
