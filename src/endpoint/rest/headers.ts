/** Any `HeadersInit` (Headers, entry pairs, a record) as a plain record, so inits can be merged. */
export function headersToObject(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {}
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return Object.fromEntries(headers.entries())
  if (Array.isArray(headers)) return Object.fromEntries(headers)
  return { ...(headers as Record<string, string>) }
}
