import { MemoRun, type DependencyFrame, type EntityCache, type EntityCacheEntry } from './MemoRun'
import { isListValue, type ListCache } from './rows'
import type { DenormalizeNullable, EntityPath, StoredEntities } from './types'
import { isReferenceValue, type INVALID } from './kinds'
import { isArray } from './isArray'

/** What a memoized read returns: the data and the entity records it was built from. */
export interface MemoResult<T> {
  readonly data: T | typeof INVALID
  /** Every entity record the data depends on (deduplicated); computed on first access. */
  readonly paths: EntityPath[]
}

interface ReadEntry {
  entities: StoredEntities
  result: MemoResult<unknown>
}

const NO_ARGS: readonly unknown[] = []

/**
 * Memoized denormalization. Reading an unchanged state returns the very same objects; after a
 * change, only the containers along the path to a changed entity are new, so components that
 * show other entities can skip re-rendering. Entities are cached by their stored record object,
 * shared across every schema and input read through this cache.
 */
export class MemoCache {
  readonly #entityCache: EntityCache = new WeakMap()
  readonly #lists: ListCache = new WeakMap()
  readonly #byObject = new WeakMap<object, Map<unknown, ReadEntry>>()
  readonly #byValue = new WeakMap<StoredEntities, Map<unknown, Map<unknown, ReadEntry>>>()

  /** Denormalizes `input` with `schema`, returning cached objects for whatever did not change. */
  denormalize<S>(
    schema: S | undefined,
    input: unknown,
    entities: StoredEntities,
    args: readonly unknown[] = NO_ARGS,
  ): MemoResult<DenormalizeNullable<S>> {
    if (schema == null || input == null) {
      return { data: input as any, paths: [] }
    }
    // `[Article]` written inline is a new array on every call; all of them mean the same schema.
    const schemaKey = isArray(schema) && schema.length === 1 ? canonicalList(schema[0]) : schema
    // Reads of an object are remembered by it and the schema. Reads of a pk (a value, not an
    // object) are remembered for the entity tables they were read from only: entries for older
    // tables go with them, so nothing here outlives the data.
    let reads: Map<unknown, ReadEntry>
    let id: unknown = schemaKey
    if (typeof input === 'object') reads = mapIn(this.#byObject, input)
    else {
      const bySchema = mapIn(this.#byValue, entities)
      reads = bySchema.get(schemaKey)!
      if (reads === undefined) bySchema.set(schemaKey, (reads = new Map()))
      id = typeof input + ':' + String(input)
    }
    const previous = reads.get(id)
    if (previous !== undefined && previous.entities === entities) return previous.result as any

    const run = new MemoRun(entities, args, this.#entityCache, this.#lists)
    let data = run.read(schema, input)
    if (previous !== undefined) data = share(previous.result.data, data)
    const result =
      previous !== undefined && previous.result.data === data ? previous.result : new Result(data, run.frame)
    reads.set(id, { entities, result })
    return result as any
  }
}

/** The Map `key` holds in `maps`, made when missing. */
function mapIn<K extends object, V extends Map<unknown, unknown>>(maps: WeakMap<K, V>, key: K): V {
  let map = maps.get(key)
  if (map === undefined) maps.set(key, (map = new Map() as V))
  return map
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
  // `#` fields (minifiers shorten them) and a declared `data` set in the constructor rather than
  // parameter properties, which the build also emits as empty class fields: fewer bytes per app.
  #computed: EntityPath[] | undefined
  readonly #frame: DependencyFrame
  declare readonly data: unknown

  constructor(data: unknown, frame: DependencyFrame) {
    this.data = data
    this.#frame = frame
  }

  get paths(): EntityPath[] {
    if (this.#computed !== undefined) return this.#computed
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
    const stack: DependencyFrame[] = [this.#frame]
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
      for (const list of frame.lists ?? []) {
        for (let i = 0; i < list.refs.length; i++) {
          const row = list.rows[i]
          if (row === undefined) {
            const ref = list.refs[i]
            if (isReferenceValue(ref)) add(list.item.key, String(ref))
          } else if (!visited.has(row)) {
            visited.add(row)
            add(row.key, row.pk)
            stack.push(row)
          }
        }
      }
    }
    return (this.#computed = paths)
  }
}

/**
 * Structural sharing between two reads: returns `previous` (or parts of it) wherever `next` holds
 * the same things, so an unchanged list keeps its identity even when the tables changed.
 * Only plain arrays and objects are compared; entity instances are already shared by the cache.
 */
export function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous
  // A list read returned it: unchanged rows are the previous objects already.
  if (isListValue(next)) return next
  if (isArray(previous) && isArray(next)) {
    let same = previous.length === next.length
    for (let i = 0; i < next.length; i++) {
      const b = next[i]
      // Most items of a re-read list are the very same objects: no call for those.
      if (i < previous.length && previous[i] === b) continue
      const item = i < previous.length ? share(previous[i], b) : b
      if (item !== b) next[i] = item
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
