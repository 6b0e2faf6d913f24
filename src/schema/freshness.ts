import { readEntry } from './table'
import { isReferenceValue } from './kinds'
import { MAX_NESTING } from './Walker'
import type { EntityCacheEntry } from './MemoRun'
import type { ListEntry } from './rows'
import type { StoredEntities } from './types'

/**
 * Freshness of cached reads: whether what an entity read (its record, the records of the entities
 * and lists it holds, the lookups that found nothing) is still what the tables hold, all the way
 * down; and `deps`, the tables an entry read, which lets a list skip the check for rows whose
 * tables did not change.
 */

/** What a check needs from the read doing it. */
interface Checker {
  readonly entities: StoredEntities
  /** Each entry is checked at most once per run (see `EntityCacheEntry.checkedBy`). */
  readonly id: number
}

/**
 * True when the records an entry was built from are all still the stored ones. Each entry is
 * checked at most once per run: shared children (one author for many issues) cost one check,
 * and a cycle ends at the entry already being checked.
 */
export function isFresh(run: Checker, entry: EntityCacheEntry, depth = 0): boolean {
  if (entry.checkedBy === run.id) return entry.fresh
  // A deep chain is checked without recursion (and without sharing partial answers).
  if (depth > MAX_NESTING) return isFreshDeep(run, entry)
  entry.checkedBy = run.id
  entry.fresh = true
  if (!readsSame(run.entities, entry)) return (entry.fresh = false)
  const children = entry.children
  for (let i = 0; i < children.length; i++) {
    if (!isFresh(run, children[i]!, depth + 1)) return (entry.fresh = false)
  }
  const lists = entry.lists
  if (lists !== undefined) {
    for (const list of lists) {
      for (const row of list.rows) if (row !== undefined && !isFresh(run, row, depth + 1)) return (entry.fresh = false)
    }
  }
  return true
}

/** True when every entry reachable from `root` still reads the same records, walked with a stack. */
function isFreshDeep(run: Checker, root: EntityCacheEntry): boolean {
  const seen = new Set<EntityCacheEntry>([root])
  const stack = [root]
  const visit = (entry: EntityCacheEntry | undefined) => {
    if (entry !== undefined && !seen.has(entry)) {
      seen.add(entry)
      stack.push(entry)
    }
  }
  while (stack.length > 0) {
    const entry = stack.pop()!
    if (entry.checkedBy === run.id) {
      if (!entry.fresh) return false
      continue
    }
    if (!readsSame(run.entities, entry)) return false
    entry.children.forEach(visit)
    if (entry.lists !== undefined) for (const list of entry.lists) list.rows.forEach(visit)
  }
  return true
}

/** The entry's own lookups, and its children's records, are still what the tables hold. */
function readsSame(entities: StoredEntities, entry: EntityCacheEntry): boolean {
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
        if (isReferenceValue(ref) && readEntry(table, String(ref)) !== recordAt(list, i)) return false
      }
    }
  }
  return true
}

/** The record row `i` was built from (or found missing). */
export function recordAt(list: ListEntry, i: number): unknown {
  const row = list.rows[i]
  return row !== undefined ? row.record : list.missing?.get(i)
}

/** The tables an entry read, from its children and lookups; null if a child is still being built (a cycle). */
export function collectDepKeys(entry: EntityCacheEntry): readonly string[] | null {
  const lookups = entry.lookups
  const children = entry.children
  const lists = entry.lists
  if (lookups.length === 0 && lists === undefined) {
    if (children.length === 0) return NO_KEYS
    // One nested entity that reads nothing else (a row's author): its table, without a scratch array.
    const child = children[0]!
    if (children.length === 1 && child !== entry && child.deps !== null && child.deps.length === 0) return intern(child.key)
  }
  // A handful of keys at most: an array with includes beats a Set here.
  const keys: string[] = []
  for (let i = 0; i < lookups.length; i += 3) addKey(keys, lookups[i] as string)
  if (lists !== undefined) {
    for (const list of lists) {
      if (list.deps === null) return null
      addKey(keys, list.item.key)
      for (const key of list.deps) addKey(keys, key)
    }
  }
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    if (child.deps === null || child === entry) return null
    addKey(keys, child.key)
    for (const key of child.deps) addKey(keys, key)
  }
  if (keys.length === 0) return NO_KEYS
  // One table (a row and its author) is the common case: no string to build for it.
  return intern(keys.length === 1 ? keys[0]! : keys.join('\u0000'), keys)
}

/**
 * The shared array for a set of tables (`id` names it). Entries read from the same tables share
 * one array, so a list of 10k rows merges its rows' dependencies by comparing arrays, not keys.
 * As many arrays as combinations of tables (few).
 */
function intern(id: string, keys?: string[]): readonly string[] {
  let shared = interned.get(id)
  // Without `keys`, `id` is the one table.
  if (shared === undefined) interned.set(id, (shared = Object.freeze(keys ?? [id])))
  return shared
}

const NO_KEYS: readonly string[] = Object.freeze([])

const interned = new Map<string, readonly string[]>()

function addKey(keys: string[], key: string): void {
  if (!keys.includes(key)) keys.push(key)
}
