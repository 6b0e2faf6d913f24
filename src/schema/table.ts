/**
 * Helpers for tables whose keys come from server data. Tables we create have no prototype, so a
 * pk like "__proto__" or "constructor" is just a key; tables handed to us (JSON.parse output) may
 * have one, so reads ignore anything inherited.
 */

import { isArray } from './isArray'
const ObjectPrototype = Object.prototype

/** A fresh table with no prototype: any string is a safe key. */
export function createTable<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** A table as the store keeps it: flat while small, a two-level hash trie once it grows. */
export type RecordTable<T = unknown> = Readonly<Record<string, T>> | ShardedTable<T>

/**
 * A large table split by the hash of the pk into 64 × 64 leaves. Writing one record copies two
 * 64-slot arrays and one small leaf instead of the whole table, so a write costs the same at 1k
 * and at 1M records. Still plain JSON. A leaf is a flat `[key, value, key, value, …]` array (a
 * few entries: 25 at 100k records): ids are often numbers ("1234"), and an object keyed by them
 * is a slow sparse store, while an array copies and searches fast and has no prototype to guard.
 */
export type ShardedTable<T = unknown> = readonly (readonly (Leaf<T> | null)[] | null)[]

/** `[key, value, key, value, …]` */
export type Leaf<T = unknown> = readonly (string | T)[]

/** Tables with more records than this are sharded; smaller ones stay flat and easy to read. */
export const SHARD_THRESHOLD = 128

const FANOUT = 64
const MASK = FANOUT - 1

/** FNV-1a over the UTF-16 code units: cheap, and spreads sequential ids evenly. */
function hashKey(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * Reads an own entry of a flat or sharded table. Every inherited member of Object.prototype is a
 * function or the prototype itself, and records never are, so two comparisons rule them out
 * without a hasOwn call.
 */
export function readEntry(table: RecordTable | undefined | null, key: string): unknown {
  if (!table) return undefined
  if (isArray(table)) {
    const h = hashKey(key)
    const leaf = (table as ShardedTable)[h & MASK]?.[(h >>> 6) & MASK]
    if (leaf) for (let i = 0; i < leaf.length; i += 2) if (leaf[i] === key) return leaf[i + 1]
    return undefined
  }
  const value = (table as Record<string, unknown>)[key]
  return typeof value === 'function' || value === ObjectPrototype ? undefined : value
}

/**
 * Calls `f(key, value)` for each entry of a sharded table (`depth` 2), of one of its middle
 * nodes (1) or of one leaf (0), in hash order, until it returns true; true when it did.
 */
function someEntry(node: readonly any[] | null | undefined, f: (key: string, value: any) => unknown, depth = 2): boolean {
  if (!node) return false
  if (depth) return node.some((child) => someEntry(child, f, depth - 1))
  for (let i = 0; i < node.length; i += 2) if (f(node[i], node[i + 1])) return true
  return false
}

/** Every key of a flat or sharded table (sharded tables list them in hash order). */
export function tableKeys(table: RecordTable | undefined | null): string[] {
  if (!table) return []
  if (!isArray(table)) return Object.keys(table)
  const keys: string[] = []
  someEntry(table, (key) => void keys.push(key))
  return keys
}

/** A flat table of the entries of a sharded table's node (see `someEntry`). */
function flatTable<T>(node: readonly any[] | null | undefined, depth?: number): Record<string, T> {
  const out = createTable<T>()
  someEntry(node, (key, value) => void (out[key] = value), depth)
  return out
}

/**
 * A new table without `keys`; the old table is untouched and shares everything the removal did
 * not reach (a sharded table copies only the leaves that held a key).
 */
export function deleteEntries<T>(table: RecordTable<T> | undefined | null, keys: readonly string[]): RecordTable<T> {
  return setEntries(table, keys)
}

/**
 * A new table with `values[i]` stored under `keys[i]` (without `values`: with `keys` removed, see
 * deleteEntries); the old table is untouched and shares everything the write did not reach. Flat
 * tables turn sharded when they outgrow SHARD_THRESHOLD.
 */
export function setEntries<T>(table: RecordTable<T> | undefined | null, keys: readonly string[], values?: readonly T[]): RecordTable<T> {
  if (table && keys.length === 0) return table
  // Which nodes this change made or copied, by slot (see `own`): each is copied at most once,
  // however many keys reach it. (A new key gets a new leaf instead: see `changeEntry`.) One key
  // reaches each node once: nothing to remember.
  const fresh = keys.length > 1 || !isArray(table) ? new Uint8Array(FANOUT * (FANOUT + 1)) : undefined
  let top: any[]
  if (isArray(table)) {
    top = Array.from(table)
  } else {
    // Object.assign onto a null-prototype target defines "__proto__" as data, never re-parents.
    const flat = Object.assign(createTable<T>(), table)
    const existing = Object.keys(flat)
    if (!values || existing.length + keys.length <= SHARD_THRESHOLD) {
      keys.forEach((key, i) => (values ? (flat[key] = values[i]!) : delete flat[key]))
      // Frozen (shallowly): a table is never edited in place, and immer skips frozen values when
      // it finalizes a draft instead of walking every record of a table it did not draft.
      return Object.freeze(flat)
    }
    top = new Array(FANOUT).fill(null)
    for (const key of existing) changeEntry(top, fresh, key, flat[key])
  }
  keys.forEach((key, i) => changeEntry(top, fresh, key, values?.[i], !values))
  // Small again after removals: flat, as a table that never grew would be. Counting stops as soon
  // as the table is known to stay large, so a change costs what it changes, not what the table holds.
  let size = 0
  return Object.freeze(values || top.some((mid) => mid?.some((leaf: Leaf | null) => leaf && (size += leaf.length) > SHARD_THRESHOLD)) ? top : flatTable<T>(top)) as RecordTable<T>
}

/**
 * Stores or removes one entry of a sharded table being changed, path-copying the nodes it
 * reaches (a removal of a key the table does not hold copies nothing).
 */
function changeEntry(top: any[], fresh: Uint8Array | undefined, key: string, value: unknown, remove?: boolean): void {
  const h = hashKey(key)
  const a = h & MASK
  const b = (h >>> 6) & MASK
  const at = leafIndex(top[a]?.[b], key)
  if (remove && at < 0) return
  const mid = (top[a] = own(top[a], fresh, a))
  if (at < 0) {
    // A new key: a new leaf of exactly the size it needs. A leaf grown in place keeps room for a
    // dozen more slots for as long as the table lives (a third of a large table's memory); and
    // `concat` costs more here than the copy by hand.
    const leaf = mid[b] ?? []
    const grown = new Array(leaf.length + 2)
    for (let i = 0; i < leaf.length; i++) grown[i] = leaf[i]
    grown[leaf.length] = key
    grown[leaf.length + 1] = value
    mid[b] = grown
    return
  }
  const leaf = (mid[b] = own(mid[b], fresh, FANOUT + a * FANOUT + b))
  if (remove) {
    leaf.splice(at, 2)
    // Empty nodes go back to null, so a table that shrinks shrinks in JSON too.
    if (leaf.length === 0) mid[b] = null
    if (!mid.some(Boolean)) top[a] = null
  } else {
    leaf[at + 1] = value
  }
}

/**
 * `node` as this change's own: copied the first time the change reaches it, made (a middle node
 * of nulls) when missing. `slot` numbers the node's place in the trie (middle nodes 0-63, leaves
 * after them): a flag per place costs less than a Set of the nodes, which hashes every node.
 */
function own(node: any, fresh: Uint8Array | undefined, slot: number): any[] {
  // (A node this change emptied is null again: made anew.)
  if (node && fresh?.[slot]) return node
  if (fresh) fresh[slot] = 1
  // `Array.from`, not `slice()`: the top node is frozen, and V8 copies a frozen array with
  // `slice` (and freezes a copy made element by element) many times slower.
  return node ? Array.from(node) : new Array(FANOUT).fill(null)
}

/**
 * Gives a table that went through JSON null-prototype nodes again (a flat table), or checks the
 * shape of a sharded one (its leaves are arrays: nothing to re-parent). Anything else is empty.
 */
export function hydrateTable<T>(table: unknown): RecordTable<T> {
  if (isArray(table)) {
    return table.map((mid) =>
      isArray(mid) ? mid.map((leaf) => (isArray(leaf) && leaf.length % 2 === 0 ? leaf.slice() : null)) : null,
    ) as unknown as ShardedTable<T>
  }
  return table && typeof table === 'object' ? Object.assign(createTable<T>(), table) : createTable<T>()
}

/** Copies own enumerable fields; a "__proto__" field becomes plain data instead of re-parenting. */
export function assignFields<T extends object>(target: T, source: object): T {
  if (!Object.hasOwn(source, '__proto__')) return Object.assign(target, source)
  // Defined, not assigned; the spread copy makes every field writable even if `source` is frozen.
  return Object.defineProperties(target, Object.getOwnPropertyDescriptors({ ...source }))
}

/**
 * The keys whose entries differ between two versions of a table (changed, added or removed),
 * found by comparing the versions node by node: the shards a write did not copy are the same
 * objects and are skipped, so this costs what changed, not what the table holds.
 * @returns undefined when more than `limit` keys differ (the caller is better off looking at
 * everything), or when one version is flat and the other sharded.
 */
export function diffEntries(previous: RecordTable | undefined | null, next: RecordTable | undefined | null, limit: number): string[] | undefined {
  if (previous === next) return []
  const out: string[] = []
  // Two flat tables (small ones, or the entries of two versions of a leaf), compared whole.
  const diff = (a: Readonly<Record<string, unknown>> = {}, b: Readonly<Record<string, unknown>> = {}): boolean => {
    for (const key of [...Object.keys(a), ...Object.keys(b)]) {
      if ((a[key] !== b[key] || !(Object.hasOwn(a, key) && Object.hasOwn(b, key))) && !out.includes(key)) out.push(key)
    }
    return out.length <= limit
  }
  // A flat table and a sharded one (a table that just grew): nothing to compare node by node.
  if (isArray(previous) !== isArray(next)) return undefined
  if (!isArray(previous)) return diff((previous ?? undefined) as Record<string, unknown>, (next ?? undefined) as Record<string, unknown>) ? out : undefined
  for (let i = 0; i < FANOUT; i++) {
    const a = (previous as ShardedTable)[i]
    const b = (next as ShardedTable)[i]
    if (a !== b) for (let j = 0; j < FANOUT; j++) if (a?.[j] !== b?.[j] && !diff(flatTable(a?.[j], 0), flatTable(b?.[j], 0))) return undefined
  }
  return out
}

/** Where `key` is in a leaf (-1 when it is not). */
function leafIndex(leaf: Leaf | null | undefined, key: string): number {
  if (leaf) for (let i = 0; i < leaf.length; i += 2) if (leaf[i] === key) return i
  return -1
}
