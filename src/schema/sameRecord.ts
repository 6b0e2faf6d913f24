import { isArray } from './isArray'
import { sameList } from './sameList'

/** Shallow equality where array fields (lists of pks) compare by their items. */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (isArray(a) !== isArray(b)) return false
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  for (const k of aKeys) {
    const x = (a as Record<string, unknown>)[k]
    const y = (b as Record<string, unknown>)[k]
    if (x !== y && !(isArray(x) && isArray(y) && sameList(x, y))) return false
  }
  return true
}
