import type { SearchValue } from './pathTypes'

/** Thrown before any request when a path needs a parameter the call did not give. */
export class MissingParameterError extends Error {
  override name = 'MissingParameterError'
  /** Bad arguments are the caller's error: retrying will not help. */
  readonly status = 400
}

const SEGMENT = /:([A-Za-z_$][\w$]*)(\?)?/g

/** Names of the `:name` parameters in a path template, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(SEGMENT)].map((match) => match[1]!)
}

/**
 * Fills a path template: each `:name` becomes the URI-encoded parameter; an absent optional
 * `:name?` segment disappears with its slash.
 * @throws {MissingParameterError} naming the first required parameter that is missing.
 */
export function compilePath(path: string, params: Record<string, unknown> | undefined, endpointName: string): string {
  const filled = path.replace(/\/?:([A-Za-z_$][\w$]*)(\?)?/g, (segment, name: string, optional: string | undefined) => {
    const value = params?.[name]
    if (value === undefined || value === null || value === '') {
      if (optional) return ''
      throw new MissingParameterError(
        `${endpointName} needs the path parameter "${name}" (path ${path}), but the call gave ${describeParams(params)}`,
      )
    }
    const slash = segment.startsWith('/') ? '/' : ''
    return slash + encodeURIComponent(String(value))
  })
  return filled === '' ? '/' : filled
}

/** The query string for every parameter that is not a path parameter, keys sorted for stable URLs. */
export function buildQuery(params: Record<string, unknown> | undefined, exclude: readonly string[]): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const name of Object.keys(params).sort()) {
    if (exclude.includes(name)) continue
    const value = params[name] as SearchValue
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item))
    else search.append(name, String(value))
  }
  const query = search.toString()
  return query ? `?${query}` : ''
}

function describeParams(params: Record<string, unknown> | undefined): string {
  if (params === undefined) return 'no parameters'
  const names = Object.keys(params)
  return names.length === 0 ? '{}' : `{ ${names.join(', ')} }`
}
