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
  if (table === undefined || table === null) return undefined
  let value: unknown
  if (Array.isArray(table)) {
    const h = hashKey(key)
    const mid = (table as ShardedTable)[h & MASK]
    if (mid === null || mid === undefined) return undefined
    const leaf = mid[(h >>> 6) & MASK]
    if (leaf === null || leaf === undefined) return undefined
    for (let i = 0; i < leaf.length; i += 2) if (leaf[i] === key) return leaf[i + 1]
    return undefined
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
    for (const leaf of mid) if (leaf) for (let i = 0; i < leaf.length; i += 2) keys.push(leaf[i] as string)
  }
  return keys
}

/** True when the sharded table holds `limit` entries or fewer (it stops counting past that). */
function holdsAtMost(table: readonly (readonly (Leaf<unknown> | null)[] | null)[], limit: number): boolean {
  let entries = 0
  for (const mid of table) {
    if (!mid) continue
    for (const leaf of mid) {
      if (leaf && (entries += leaf.length / 2) > limit) return false
    }
  }
  return true
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

/**
 * Path-copies each touched node once per batch. `owned` means the whole trie was built by this
 * write (a flat table turning sharded): its nodes are changed in place, with no copies at all.
 */
function writeSharded<T>(table: ShardedTable<T>, keys: readonly string[], values: readonly T[], owned: boolean): ShardedTable<T> {
  const top = (owned ? table : copyNode(table)) as ((string | T)[] | null)[][]
  // Nodes copied by this write (so the next key in the same node does not copy it again).
  const fresh = owned || keys.length === 1 ? undefined : new Set<object>()
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    const h = hashKey(key)
    const a = h & MASK
    const b = (h >>> 6) & MASK
    let mid = top[a] as ((string | T)[] | null)[] | null
    if (mid === null) {
      mid = new Array(FANOUT).fill(null)
      fresh?.add(mid!)
      top[a] = mid as never
    } else if (!owned && !fresh?.has(mid)) {
      mid = copyNode(mid)
      fresh?.add(mid)
      top[a] = mid as never
    }
    let leaf = mid![b] ?? null
    if (leaf === null) {
      leaf = []
      fresh?.add(leaf)
      mid![b] = leaf
    } else if (!owned && !fresh?.has(leaf)) {
      leaf = copyNode(leaf)
      fresh?.add(leaf)
      mid![b] = leaf
    }
    let at = 0
    while (at < leaf.length && leaf[at] !== key) at += 2
    leaf[at] = key
    leaf[at + 1] = values[i]!
  }
  return top as unknown as ShardedTable<T>
}

/**
 * A copy of a node of a sharded table. `Array.from`, not `slice()`: nodes are frozen, and V8
 * copies a frozen array with `slice` (and freezes a copy made element by element) many times
 * slower.
 */
function copyNode<N>(node: readonly N[]): N[] {
  return Array.from(node)
}

/**
 * Gives a table that went through JSON null-prototype nodes again (a flat table), or checks the
 * shape of a sharded one (its leaves are arrays: nothing to re-parent). Anything else is empty.
 */
export function hydrateTable<T>(table: unknown): RecordTable<T> {
  if (Array.isArray(table)) {
    return table.map((mid) =>
      Array.isArray(mid) ? mid.map((leaf) => (Array.isArray(leaf) && leaf.length % 2 === 0 ? leaf.slice() : null)) : null,
    ) as unknown as ShardedTable<T>
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
  const top = copyNode(table as ShardedTable<T>) as ((Leaf<T> | null)[] | null)[]
  const fresh = new Set<object>()
  for (const key of keys) {
    const h = hashKey(key)
    const a = h & MASK
    const b = (h >>> 6) & MASK
    let mid = top[a]
    if (mid === null || mid === undefined) continue
    const leaf = mid[b]
    const at = leaf ? leafIndex(leaf, key) : -1
    if (at < 0) continue
    if (!fresh.has(mid)) {
      mid = copyNode(mid)
      fresh.add(mid)
      top[a] = mid
    }
    let copy = leaf as (string | T)[]
    if (!fresh.has(copy)) {
      copy = copyNode(copy)
      fresh.add(copy)
      mid[b] = copy
    }
    copy.splice(at, 2)
    // Empty nodes go back to null, so a table that shrinks shrinks in JSON too.
    if (copy.length === 0) mid[b] = null
    if (mid.every((node) => node === null)) top[a] = null
  }
  // Small again: flat, as a table that never grew would be. Counting stops as soon as the table
  // is known to stay large, so a removal costs what it removes, not what the table holds.
  if (holdsAtMost(top, SHARD_THRESHOLD / 2)) {
    const flat = createTable<T>()
    for (const key of tableKeys(top as RecordTable<T>)) flat[key] = readEntry(top as RecordTable, key) as T
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
  const note = (key: string) => {
    if (!out.includes(key)) out.push(key)
  }
  const diffLeaf = (a: Leaf | null | undefined, b: Leaf | null | undefined): boolean => {
    if (a === b) return true
    if (a) for (let i = 0; i < a.length; i += 2) if (!b || leafValue(b, a[i] as string) !== a[i + 1]) note(a[i] as string)
    if (b) for (let i = 0; i < b.length; i += 2) if (!a || leafIndex(a, b[i] as string) < 0) note(b[i] as string)
    return out.length <= limit
  }
  const diffFlat = (a: Readonly<Record<string, unknown>> | null | undefined, b: Readonly<Record<string, unknown>> | null | undefined): boolean => {
    if (a) for (const key of Object.keys(a)) if (a[key] !== b?.[key]) note(key)
    if (b) for (const key of Object.keys(b)) if (!a || !Object.prototype.hasOwnProperty.call(a, key)) note(key)
    return out.length <= limit
  }
  if (!Array.isArray(previous) || !Array.isArray(next)) {
    // A small flat table (or one that just turned sharded): compare it whole, it is small.
    const a = Array.isArray(previous) ? undefined : (previous as Readonly<Record<string, unknown>> | null | undefined)
    const b = Array.isArray(next) ? undefined : (next as Readonly<Record<string, unknown>> | null | undefined)
    if ((Array.isArray(previous) || Array.isArray(next)) && previous && next) return undefined
    return diffFlat(a, b) ? out : undefined
  }
  for (let i = 0; i < FANOUT; i++) {
    const a = (previous as ShardedTable)[i]
    const b = (next as ShardedTable)[i]
    if (a === b) continue
    for (let j = 0; j < FANOUT; j++) {
      if (!diffLeaf((a as ShardedTable[number])?.[j], (b as ShardedTable[number])?.[j])) return undefined
    }
  }
  return out
}

/** Where `key` is in a leaf (-1 when it is not). */
function leafIndex(leaf: Leaf, key: string): number {
  for (let i = 0; i < leaf.length; i += 2) if (leaf[i] === key) return i
  return -1
}

function leafValue(leaf: Leaf, key: string): unknown {
  const at = leafIndex(leaf, key)
  return at < 0 ? undefined : leaf[at + 1]
}
