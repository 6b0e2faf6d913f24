/** Any `HeadersInit` (Headers, entry pairs, a record) as a plain record, so inits can be merged. */
import { isArray } from '../../schema/isArray'
export function headersToObject(headers: HeadersInit | undefined): Record<string, string> {
  // Headers and entry pairs are iterables of [name, value]; a record gives its entries.
  return Object.fromEntries(
    isArray(headers) || (typeof Headers !== 'undefined' && headers instanceof Headers)
      ? (headers as Iterable<[string, string]>)
      : Object.entries((headers ?? {}) as Record<string, string>),
  )
}
