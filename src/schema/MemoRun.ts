import { INVALID } from './kinds'
import { MAX_NESTING, Walker, instantiate } from './Walker'
import { collectDepKeys, isFresh } from './freshness'
import { readList, type ListCache, type ListEntry } from './rows'
import type { EntityClassLike, StoredEntities } from './types'

/**
 * The memoized read (MemoCache's): the shared `Walker`, with entities cached by their stored record
 * across reads. Each cached entity remembers what it was built from (its dependencies), so the next
 * read reuses it after a freshness check (`freshness.ts`) instead of building it again; lists of
 * entities are remembered row by row (`rows.ts`).
 */

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
  /** Run that last checked this entry, and what it found (guards cycles, shares work). */
  checkedBy: number
  fresh: boolean
  /**
   * Entity keys of every table this value read besides its own record, or null when unknown (a
   * cycle). While none of those tables changed, only the own record needs comparing.
   */
  deps: readonly string[] | null
  /**
   * `[this entry]`, made the first time it is some entry's only child and then shared as the
   * `children` of every entry with just that child (the rows of one author): one array per
   * author instead of one per row. Shared arrays are never changed (see `addChild`).
   */
  only: EntityCacheEntry[] | undefined
}

/** Cache of built entities keyed by the stored record object. */
export type EntityCache = WeakMap<object, EntityCacheEntry>

let runs = 0

// Most entities read no other entity: they share this empty list until something is added.
const NONE: unknown[] = []

/** One memoized read; `cache` and `lists` outlive it (they are the MemoCache's). */
export class MemoRun extends Walker {
  /** Dependencies of the value being built. */
  frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
  /** Tells this run's freshness checks from earlier ones' (see `EntityCacheEntry.checkedBy`). */
  readonly id = ++runs
  /** The list last read by `unvisitRows` (a list-valued entity takes its dependencies from it). */
  lastList: ListEntry | undefined

  // A `#` field (minifiers shorten it) and a declared one, both set in the constructor rather than
  // parameter properties (which the build also emits as empty class fields): fewer bytes.
  readonly #cache: EntityCache
  declare readonly lists: ListCache

  constructor(entities: StoredEntities, args: readonly unknown[], cache: EntityCache, lists: ListCache) {
    super(entities, args)
    this.#cache = cache
    this.lists = lists
  }

  /**
   * Reads a list of entity refs row by row against its last read (`key` names the list): rows
   * whose records (and what they read) did not change keep their objects.
   */
  override unvisitRows(key: object, item: EntityClassLike, refs: readonly unknown[]): unknown[] {
    return readList(this, key, item, refs)
  }

  protected override miss(key: string, pk: string | undefined, seen: unknown): void {
    addLookup(this.frame, key, pk, seen)
  }

  protected entity(schema: EntityClassLike, key: string, pk: string, record: object): unknown {
    // A list-valued entity (a Collection) is rebuilt each time: its row-by-row list read is the
    // freshness check, and gives back the same array when nothing changed.
    const cache = this.#cache
    const asList = (schema as { readsAsList?: boolean }).readsAsList
    // Every schema's entry for this record (a first read finds none).
    const head = cache.get(record)
    if (head !== undefined && !asList) {
      let entry: EntityCacheEntry | undefined = head
      while (entry !== undefined && entry.schema !== schema) entry = entry.next
      if (entry !== undefined && isFresh(this, entry)) {
        addChild(this.frame, entry)
        return entry.value
      }
    }
    const parent = this.frame
    const instance = instantiate(schema, record)
    const entry: EntityCacheEntry = {
      schema,
      value: INVALID,
      key,
      pk,
      record,
      children: NONE as EntityCacheEntry[],
      lookups: NONE,
      lists: undefined,
      next: undefined,
      checkedBy: this.id,
      fresh: true,
      deps: null,
      only: undefined,
    }
    // Registered before the fields are filled, so a cycle back to this record finds it.
    entry.next = withoutSchema(head, schema)
    cache.set(record, entry)
    if (instance !== undefined) {
      entry.value = instance
      if (this.nesting >= MAX_NESTING) {
        // Too deep for the stack: filled in by `read` once the outer entities are done. What it
        // depends on is unknown until then (deps null: checked the slow, exact way).
        addChild(parent, entry)
        this.deferred.push(() => {
          this.#fill(schema, instance, entry)
          if (entry.value === INVALID) entry.value = instance
          entry.deps = collectDepKeys(entry)
        })
        return entry.value
      }
      this.lastList = undefined
      this.#fill(schema, instance, entry)
    }
    addChild(parent, entry)
    const list = asList ? this.lastList : undefined
    // A list-valued entity read what its rows read, and the rows' own table: known without
    // walking every row.
    entry.deps = list !== undefined && entry.lookups.length === 0 && entry.children.length === 0 && entry.lists?.length === 1
      ? (list.deps === null ? null : [list.item.key, ...[...list.deps].filter((key) => key !== list.item.key)])
      : collectDepKeys(entry)
    return entry.value
  }

  /** Fills an entity's nested fields, recording what it reads as the entry's dependencies. */
  #fill(schema: EntityClassLike, instance: unknown, entry: EntityCacheEntry): void {
    const parent = this.frame
    const cache = this.#cache
    this.frame = entry
    this.nesting++
    try {
      entry.value = schema.denormalize(instance, this)
    } catch (error) {
      // A failed build must not stay cached with half its dependencies.
      if (cache.get(entry.record) === entry) {
        if (entry.next === undefined) cache.delete(entry.record)
        else cache.set(entry.record, entry.next)
      }
      throw error
    } finally {
      this.frame = parent
      this.nesting--
    }
  }
}

export function addChild(frame: DependencyFrame, entry: EntityCacheEntry): void {
  const children = frame.children
  if (children === NONE) frame.children = entry.only ??= [entry]
  // A second child: the shared one-child array is left as it is, the frame gets its own.
  else if (children === children[0]?.only) frame.children = [children[0], entry]
  else children.push(entry)
}

function addLookup(frame: DependencyFrame, key: string, pk: string | undefined, seen: unknown): void {
  if (frame.lookups === NONE) frame.lookups = [key, pk, seen]
  else frame.lookups.push(key, pk, seen)
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
