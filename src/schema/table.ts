/**
 * Helpers for tables whose keys come from server data. Tables we create have no prototype, so a
 * pk like "__proto__" or "constructor" is just a key; tables handed to us (JSON.parse output) may
 * have one, so reads ignore anything inherited.
 */

const ObjectPrototype = Object.prototype

/** A fresh table with no prototype: any string is a safe key. */
export function createTable<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}

/** A table as the store keeps it: flat while small, a two-level hash trie once it grows. */
export type RecordTable<T = unknown> = Readonly<Record<string, T>> | ShardedTable<T>

/**
 * A large table split by the hash of the pk into 64 × 64 leaves of plain (null-prototype)
 * objects. Writing one record copies two 64-slot arrays and one small leaf instead of the whole
 * table, so a write costs the same at 1k and at 1M records. Still plain JSON.
 */
export type ShardedTable<T = unknown> = readonly (readonly (Readonly<Record<string, T>> | null)[] | null)[]

/** Tables with more records than this are sharded; smaller ones stay flat and easy to read. */
export const SHARD_THRESHOLD = 128

/**
 * Keys in the leaves of a sharded table carry this prefix. Ids are often numbers ("1234"), and
 * an object whose keys look like array indexes keeps them in a slow sparse store: copying a leaf
 * took five times longer. Prefixed, every key is an ordinary property.
 */
const LEAF_PREFIX = '#'
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
  if (table === undefined || table === null) return undefined
  let value: unknown
  if (Array.isArray(table)) {
    const h = hashKey(key)
    const mid = (table as ShardedTable)[h & MASK]
    if (mid === null || mid === undefined) return undefined
    const leaf = mid[(h >>> 6) & MASK]
    if (leaf === null || leaf === undefined) return undefined
    value = leaf[LEAF_PREFIX + key]
  } else {
    value = (table as Record<string, unknown>)[key]
  }
  if (typeof value === 'function' || value === ObjectPrototype) return undefined
  return value
}

/** Every key of a flat or sharded table (sharded tables list them in hash order). */
export function tableKeys(table: RecordTable | undefined | null): string[] {
  if (table === undefined || table === null) return []
  if (!Array.isArray(table)) return Object.keys(table)
  const keys: string[] = []
  for (const mid of table as ShardedTable) {
    if (!mid) continue
    for (const leaf of mid) if (leaf) for (const key in leaf) keys.push(key.slice(1))
  }
  return keys
}

/**
 * A new table with `values[i]` stored under `keys[i]`; the old table is untouched and shares
 * everything the write did not reach. Flat tables turn sharded when they outgrow SHARD_THRESHOLD.
 */
export function setEntries<T>(table: RecordTable<T> | undefined | null, keys: readonly string[], values: readonly T[]): RecordTable<T> {
  if (table && keys.length === 0) return table
  // Frozen (shallowly): a table is never edited in place, and immer skips frozen values when it
  // finalizes a draft instead of walking every record of a table it did not draft.
  return Object.freeze(buildEntries(table, keys, values))
}

function buildEntries<T>(table: RecordTable<T> | undefined | null, keys: readonly string[], values: readonly T[]): RecordTable<T> {
  if (!Array.isArray(table)) {
    const flat = (table ?? undefined) as Readonly<Record<string, T>> | undefined
    const size = flat ? Object.keys(flat).length : 0
    if (size + keys.length <= SHARD_THRESHOLD) {
      // Object.assign onto a null-prototype target defines "__proto__" as data, never re-parents.
      const out = flat ? Object.assign(createTable<T>(), flat) : createTable<T>()
      for (let i = 0; i < keys.length; i++) out[keys[i]] = values[i]
      return out
    }
    const existing = flat ? Object.keys(flat) : []
    const sharded = writeSharded(new Array(FANOUT).fill(null), existing, existing.map((k) => flat![k]), true)
    return writeSharded(sharded, keys, values, true)
  }
  return writeSharded(table as ShardedTable<T>, keys, values, false)
}

/** Path-copies each touched node once per batch; `owned` top means it is already a fresh copy. */
function writeSharded<T>(table: ShardedTable<T>, keys: readonly string[], values: readonly T[], ownedTop: boolean): ShardedTable<T> {
  const top = (ownedTop ? table : copyNode(table)) as (Record<string, T>[] | null)[]
  const fresh = new Set<object>()
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    const h = hashKey(key)
    const a = h & MASK
    const b = (h >>> 6) & MASK
    let mid = top[a]
    if (mid === null || !fresh.has(mid)) {
      mid = mid === null ? new Array(FANOUT).fill(null) : copyNode(mid)
      fresh.add(mid)
      top[a] = mid
    }
    let leaf: Record<string, T> | null = mid[b]!
    if (leaf === null || !fresh.has(leaf)) {
      leaf = leaf === null ? createTable<T>() : copyLeaf(leaf)
      fresh.add(leaf)
      mid[b] = leaf
    }
    leaf[LEAF_PREFIX + key] = values[i]
  }
  return top
}

/**
 * A copy of a node of a sharded table. `Array.from`, not `slice()`: nodes are frozen, and V8
 * copies a frozen array with `slice` (and freezes a copy made element by element) many times
 * slower.
 */
function copyNode<N>(node: readonly N[]): N[] {
  return Array.from(node)
}

/** A copy of a sharded leaf (own keys only; for-in is the fastest walk of these objects). */
function copyLeaf<T>(leaf: Readonly<Record<string, T>>): Record<string, T> {
  const out = createTable<T>()
  for (const key in leaf) out[key] = leaf[key]!
  return out
}

/**
 * Gives a table that went through JSON null-prototype leaves again, flat or sharded.
 */
export function hydrateTable<T>(table: unknown): RecordTable<T> {
  if (Array.isArray(table)) {
    return table.map((mid) =>
      Array.isArray(mid) ? mid.map((leaf) => (leaf && typeof leaf === 'object' ? Object.assign(createTable<T>(), leaf) : null)) : null,
    ) as ShardedTable<T>
  }
  return table && typeof table === 'object' ? Object.assign(createTable<T>(), table) : createTable<T>()
}

const hasOwn = Object.prototype.hasOwnProperty

/** Copies own enumerable fields; a "__proto__" field becomes plain data instead of re-parenting. */
export function assignFields<T extends object>(target: T, source: object): T {
  if (!hasOwn.call(source, '__proto__')) return Object.assign(target, source)
  for (const key of Object.keys(source)) {
    Object.defineProperty(target, key, {
      value: (source as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return target
}

/**
 * A new table without `keys`; the old table is untouched and shares everything the removal did
 * not reach (a sharded table copies only the leaves that held a key).
 */
export function deleteEntries<T>(table: RecordTable<T> | undefined | null, keys: readonly string[]): RecordTable<T> {
  if (!table) return Object.freeze(createTable<T>())
  if (keys.length === 0) return table
  if (!Array.isArray(table)) {
    const out = Object.assign(createTable<T>(), table as Record<string, T>)
    for (const key of keys) delete out[key]
    return Object.freeze(out)
  }
  const top = copyNode(table as ShardedTable<T>) as (Record<string, T>[] | null)[]
  const fresh = new Set<object>()
  for (const key of keys) {
    const h = hashKey(key)
    const a = h & MASK
    const b = (h >>> 6) & MASK
    let mid = top[a]
    if (mid === null || mid === undefined) continue
    const leaf = mid[b]
    if (leaf === null || leaf === undefined || !Object.prototype.hasOwnProperty.call(leaf, LEAF_PREFIX + key)) continue
    if (!fresh.has(mid)) {
      mid = copyNode(mid)
      fresh.add(mid)
      top[a] = mid
    }
    let copy = leaf
    if (!fresh.has(leaf)) {
      copy = copyLeaf(leaf)
      fresh.add(copy)
      mid[b] = copy
    }
    delete copy[LEAF_PREFIX + key]
    // Empty nodes go back to null, so a table that shrinks shrinks in JSON too.
    let empty = true
    for (const _ in copy) {
      empty = false
      break
    }
    if (empty) mid[b] = null as unknown as Record<string, T>
    if (mid.every((node) => node === null)) top[a] = null
  }
  // Small again: flat, as a table that never grew would be.
  const keysLeft = tableKeys(top as RecordTable<T>)
  if (keysLeft.length <= SHARD_THRESHOLD / 2) {
    const flat = createTable<T>()
    for (const key of keysLeft) flat[key] = readEntry(top as RecordTable, key) as T
    return Object.freeze(flat)
  }
  return Object.freeze(top)
}

/**
 * The keys whose entries differ between two versions of a table (changed, added or removed),
 * found by comparing the versions node by node: the shards a write did not copy are the same
 * objects and are skipped, so this costs what changed, not what the table holds.
 * @returns undefined when more than `limit` keys differ (the caller is better off looking at everything).
 */
export function diffEntries(previous: RecordTable | undefined | null, next: RecordTable | undefined | null, limit: number): string[] | undefined {
  if (previous === next) return []
  const out: string[] = []
  const diffLeaf = (a: Readonly<Record<string, unknown>> | null | undefined, b: Readonly<Record<string, unknown>> | null | undefined, prefixed = true): boolean => {
    if (a === b) return true
    const name = (key: string) => (prefixed ? key.slice(1) : key)
    if (a) for (const key in a) if (a[key] !== b?.[key] && !out.includes(name(key))) out.push(name(key))
    if (b) for (const key in b) if ((!a || !(key in a)) && !out.includes(name(key))) out.push(name(key))
    return out.length <= limit
  }
  if (!Array.isArray(previous) || !Array.isArray(next)) {
    // A small flat table (or one that just turned sharded): compare it whole, it is small.
    const a = Array.isArray(previous) ? undefined : (previous as Readonly<Record<string, unknown>> | null | undefined)
    const b = Array.isArray(next) ? undefined : (next as Readonly<Record<string, unknown>> | null | undefined)
    if ((Array.isArray(previous) || Array.isArray(next)) && previous && next) return undefined
    return diffLeaf(a, b, false) ? out : undefined
  }
  for (let i = 0; i < FANOUT; i++) {
    const a = (previous as ShardedTable)[i]
    const b = (next as ShardedTable)[i]
    if (a === b) continue
    for (let j = 0; j < FANOUT; j++) {
      if (!diffLeaf(a?.[j], b?.[j])) return undefined
    }
  }
  return out
}
