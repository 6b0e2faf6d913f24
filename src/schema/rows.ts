import { readEntry, diffEntries } from './table'
import { isReferenceValue } from './kinds'
import { isShown } from './Walker'
import { isFresh } from './freshness'
import type { DependencyFrame, EntityCacheEntry, MemoRun } from './MemoRun'
import type { EntityClassLike, StoredEntities } from './types'
import { isArray } from './isArray'
import { sameList } from './sameList'

/**
 * The list/row cache of memoized reads: a list of entities is read against its last read, so it
 * costs what changed. Rows whose records (and whatever they read) are unchanged keep their objects,
 * and an unchanged list its array. When the same refs are read against newer tables, the rows to
 * rebuild are found from the tables' differences (`diffEntries`, the sharded diff path) instead of
 * by looking at every row.
 */

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
  readonly deps: Set<string> | null
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

/** More changed records than this in one table, and a list is checked row by row instead. */
const DIFF_LIMIT = 64

const SEPARATOR = '\u0000'

/** Arrays a list read returned: they already share every unchanged row, nothing to compare. */
const LIST_VALUES = new WeakSet<object>()

/** True for an array returned by a row-by-row list read (structural sharing can skip it). */
export function isListValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && LIST_VALUES.has(value)
}

/**
 * A list of entities read row by row against its last read (`key` names the list). A row is
 * reused without being looked at again when its pk and its record are what they were and no
 * other table it read has changed; only the others are rebuilt. An unchanged list returns the
 * array it returned last time.
 */
export function readList(run: MemoRun, key: object, item: EntityClassLike, refs: readonly unknown[]): unknown[] {
  const lists = run.lists
  let entries = lists.get(key)
  if (entries === undefined) lists.set(key, (entries = []))
  const index = entries.findIndex((entry) => entry.item === item)
  const last = index === -1 ? undefined : entries[index]
  let next: ListEntry | undefined
  if (last !== undefined && sameList(last.refs, refs)) {
    next = last.entities === run.entities ? last : rereadRows(run, last)
  }
  if (next === undefined) next = readRows(run, item, refs, last, isArray(key) ? refs : refs.slice())
  if (index === -1) entries.push(next)
  else entries[index] = next
  // The list (all of its rows, missing ones included) becomes a dependency of what is being built.
  const frame = run.frame
  if (frame.lists === undefined) frame.lists = [next]
  else frame.lists.push(next)
  LIST_VALUES.add(next.value)
  run.lastList = next
  return next.value
}

/**
 * The same refs against newer tables: the rows to rebuild are found from what changed in the
 * tables (record by record), not by looking at every row. Undefined when that is not cheaper
 * (many changes, rows that read deeper data), and the caller reads row by row instead.
 */
function rereadRows(run: MemoRun, last: ListEntry): ListEntry | undefined {
  const item = last.item
  const entities = run.entities
  const changed = changedTables(last.entities, entities)
  const dirty = new Set<number>()
  for (const table of changed) {
    if (table !== item.key && (last.deps === null || !last.deps.has(table))) continue
    const pks = diffEntries(last.entities[table], entities[table], DIFF_LIMIT)
    if (pks === undefined) return undefined
    if (pks.length === 0) continue
    let byKey: Map<string, number[]>
    if (table === item.key) {
      byKey = last.positions ??= rowPositions(last.refs)
    } else {
      // A row that reads this record directly is rebuilt; deeper reads take the long way.
      if (last.shallow === undefined) last.shallow = isShallow(last.rows)
      if (!last.shallow) return undefined
      byKey = last.readers ??= rowReaders(last.rows)
    }
    const prefix = table === item.key ? '' : table + SEPARATOR
    for (const pk of pks) for (const i of byKey.get(prefix + pk) ?? NO_ROWS) dirty.add(i)
  }
  if (dirty.size === 0) return { ...last, entities }
  const rows = last.rows.slice()
  let missing = last.missing
  const table = entities[item.key]
  const frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
  const parent = run.frame
  run.frame = frame
  let deps = last.deps
  let valuesMoved = false
  const rebuilt: unknown[] = []
  try {
    for (const i of dirty) {
      const ref = last.refs[i]
      const count = frame.children.length
      const value = run.unvisit(item, ref)
      // The entry the row built or reused: the last one added to the frame, if any.
      const entry = frame.children.length > count ? frame.children[frame.children.length - 1] : undefined
      if (isShown(last.rows[i]?.value) !== isShown(value)) valuesMoved = true
      rows[i] = entry
      if (entry === undefined || missing?.has(i)) {
        if (missing === last.missing) missing = new Map(last.missing)
        if (entry === undefined) missing!.set(i, readEntry(table, String(ref)))
        else missing!.delete(i)
      }
      rebuilt[i] = value
      if (entry !== undefined && deps !== null) {
        if (entry.deps === null) deps = null
        else if (entry.deps.some((depKey) => !deps!.has(depKey))) deps = new Set([...deps, ...entry.deps])
      }
    }
  } finally {
    run.frame = parent
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
    value = last.value
    for (const i of dirty) {
      const at = valueIndex[i]!
      if (at < 0 || last.value[at] === rebuilt[i]) continue
      if (value === last.value) value = last.value.slice()
      value[at] = rebuilt[i]
    }
  }
  const readers = last.readers
  // A rebuilt row whose own record changed may read other records now: index those too (a stale
  // index only costs an extra rebuild). One rebuilt for what it reads (its author) reads the same
  // records as before, already indexed: adding them again would grow the lists at every update.
  if (readers !== undefined) for (const i of dirty) if (rows[i]?.record !== last.rows[i]?.record) indexRow(readers, rows[i], i)
  // The same list (item, refs, and the indexes by pk and by what rows read) against newer tables.
  return {
    ...last,
    entities,
    rows,
    missing: missing?.size === 0 ? undefined : missing,
    value,
    deps,
    valueIndex,
    shallow: last.shallow === true && isShallow([...dirty].map((i) => rows[i])) ? true : undefined,
  }
}

/** Every row looked at: reused when its record and what it read are unchanged, rebuilt otherwise. */
function readRows(run: MemoRun, item: EntityClassLike, refs: readonly unknown[], last: ListEntry | undefined, ownRefs: readonly unknown[]): ListEntry {
  const entities = run.entities
  const table = entities[item.key]
  // Rows' other dependencies need checking only when a table one of them read has changed.
  let changed: Set<string> | undefined
  let checkDeps = true
  if (last !== undefined && last.deps !== null) {
    changed = changedTables(last.entities, entities)
    checkDeps = false
    for (const depKey of last.deps) if (changed.has(depKey)) checkDeps = true
  }
  const rows: (EntityCacheEntry | undefined)[] = new Array(refs.length)
  let missing: Map<number, unknown> | undefined
  const out: unknown[] = []
  const frame: DependencyFrame = { children: [], lookups: [], lists: undefined }
  const parent = run.frame
  run.frame = frame
  let deps: Set<string> | null = new Set()
  // Rows read from the same tables share one (interned) array: merged once, not per row.
  let seenDeps: readonly string[] | null | undefined
  let same = last !== undefined
  try {
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i]
      let entry: EntityCacheEntry | undefined
      let value: unknown
      // The row's last entry, when it stood for the same ref (a row without one found no record).
      const row = last !== undefined && i < last.refs.length && last.refs[i] === ref ? last.rows[i] : undefined
      if (
        row !== undefined &&
        isReferenceValue(ref) &&
        readEntry(table, String(ref)) === row.record &&
        (!checkDeps || (row.deps !== null && !touchesAny(row.deps, changed!)) || isFresh(run, row))
      ) {
        entry = row
        value = entry.value
      } else {
        const count = frame.children.length
        value = run.unvisit(item, ref)
        // The entry the row built or reused (a row is one entity: at most one is added). Left in
        // the scratch frame, which is dropped after the loop: taking it out again with `pop` made
        // V8 shrink the array and allocate a new one at the next row's push (a sixth of a first
        // read's memory).
        entry = frame.children[count]
      }
      rows[i] = entry
      if (entry !== undefined) {
        if (deps !== null && entry.deps !== seenDeps) {
          if (entry.deps === null) deps = null
          else for (const depKey of entry.deps) deps.add(depKey)
          seenDeps = entry.deps
        }
      } else if (isReferenceValue(ref)) {
        ;(missing ??= new Map()).set(i, readEntry(table, String(ref)))
      }
      if (!isShown(value)) continue
      if (same && last!.value[out.length] !== value) same = false
      out.push(value)
    }
  } finally {
    run.frame = parent
  }
  if (same && out.length !== last!.value.length) same = false
  return { item, entities, refs: ownRefs, rows, missing, value: same ? last!.value : out, deps }
}

const NO_ROWS: readonly number[] = []

function pushTo(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [index])
  else if (list[list.length - 1] !== index) list.push(index)
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
    if (isReferenceValue(ref)) pushTo(positions, String(ref), i)
  }
  return positions
}

function rowReaders(rows: readonly (EntityCacheEntry | undefined)[]): Map<string, number[]> {
  const readers = new Map<string, number[]>()
  for (let i = 0; i < rows.length; i++) indexRow(readers, rows[i], i)
  return readers
}

/** Notes row `i` as a reader of every record it reads directly (`key\0pk`). */
function indexRow(readers: Map<string, number[]>, row: EntityCacheEntry | undefined, i: number): void {
  if (row === undefined) return
  for (const child of row.children) pushTo(readers, child.key + SEPARATOR + child.pk, i)
  // A list the row holds (its labels): each of its items is read directly too.
  for (const list of row.lists ?? NO_LISTS) {
    for (const ref of list.refs) if (isReferenceValue(ref)) pushTo(readers, list.item.key + SEPARATOR + String(ref), i)
  }
  for (let l = 0; l < row.lookups.length; l += 3) {
    if (row.lookups[l + 1] !== undefined) pushTo(readers, (row.lookups[l] as string) + SEPARATOR + (row.lookups[l + 1] as string), i)
  }
}

const NO_LISTS: readonly ListEntry[] = []

/** True when no row reads a whole table, and what rows read reads nothing further. */
function isShallow(rows: readonly (EntityCacheEntry | undefined)[]): boolean {
  for (const row of rows) {
    if (row === undefined) continue
    // Lists the row holds count when their items read nothing further (labels, tags).
    if (row.lists !== undefined && row.lists.some((list) => list.deps === null || list.deps.size > 0)) return false
    for (let l = 0; l < row.lookups.length; l += 3) if (row.lookups[l + 1] === undefined) return false
    for (const child of row.children) if (child.deps === null || child.deps.length > 0) return false
  }
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
