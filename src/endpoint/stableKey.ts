/**
 * JSON with object keys sorted at every level, so `{ a, b }` and `{ b, a }` give one cache key.
 * undefined members are dropped, as JSON.stringify drops them.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v
    const sorted: Record<string, unknown> = {}
    for (const k of Object.keys(v).sort()) {
      if (k === '__proto__') Object.defineProperty(sorted, k, { value: v[k], enumerable: true, writable: true, configurable: true })
      else sorted[k] = v[k]
    }
    return sorted
  }) ?? 'undefined'
}
