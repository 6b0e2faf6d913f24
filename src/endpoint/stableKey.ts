/**
 * JSON with object keys sorted at every level, so `{ a, b }` and `{ b, a }` give one cache key.
 * undefined members are dropped, as JSON.stringify drops them.
 */
import { isArray } from '../schema/isArray'
export function stableStringify(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v) =>
      // From entries, not assigned: a "__proto__" key stays a key.
      v === null || typeof v !== 'object' || isArray(v) ? v : Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])),
    ) ?? 'undefined'
  )
}
