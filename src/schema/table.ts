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

/**
 * Reads an own entry. Every inherited member of Object.prototype is a function or the prototype
 * itself, and records never are, so two comparisons rule them out without a hasOwn call.
 */
export function readEntry(table: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  if (table === undefined || table === null) return undefined
  const value = table[key]
  if (typeof value === 'function' || value === ObjectPrototype) return undefined
  return value
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
