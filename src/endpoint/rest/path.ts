// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and use-sync-external-store (which every app here loads) read it.
import { isArray } from '../../schema/isArray'
declare const process: { env: { NODE_ENV?: string } }

/** Thrown before any request when a path needs a parameter the call did not give. */
export class MissingParameterError extends Error {
  override name = 'MissingParameterError'
  /** Bad arguments are the caller's error: retrying will not help. */
  readonly status = 400
}

/**
 * Thrown before any request when a path parameter is `.` or `..`. No encoding can carry those as
 * one segment: URL parsers (and so `fetch`) resolve `%2E` and `%2E%2E` like `.` and `..`, so
 * `DELETE /users/me/..` would reach `/users/` instead.
 */
export class InvalidParameterError extends Error {
  override name = 'InvalidParameterError'
  /** Bad arguments are the caller's error: retrying will not help. */
  readonly status = 400
}

/** A parameter: its name, whether it is optional, and whether a `/` goes before it (dropped with an absent optional one). */
type Param = readonly [name: string, optional: boolean, slash: boolean]

/**
 * A parsed path template: literal text and parameters, alternating (literals may be empty), the
 * parameter names, and (built when `testKey` first needs it) the pattern of its filled paths.
 */
interface Template {
  readonly parts: readonly (string | Param)[]
  readonly names: readonly string[]
  pattern?: RegExp
}

// A backslash makes the next character literal, whatever it is, as in path-to-regexp (which
// data-client uses): `'http\\://host\\:8080/users/:id'` has one parameter, and
// `'/search\\?q=:q'` a literal `?` (path-to-regexp would read a bare one as a modifier).
const TOKEN = /\\([\s\S])|(\/)?:([A-Za-z_$][\w$]*)(\?)?/g
// Each template is parsed once, however many endpoints and calls use it.
const templates = new Map<string, Template>()

/** The parsed template of a path. */
export function template(path: string): Template {
  let parsed = templates.get(path)
  if (parsed === undefined) {
    const parts: (string | Param)[] = []
    const names: string[] = []
    let literal = ''
    let last = 0
    for (const match of path.matchAll(TOKEN)) {
      literal += path.slice(last, match.index)
      last = match.index! + match[0].length
      if (match[1] !== undefined) literal += match[1]
      else {
        parts.push(literal, [match[3]!, match[4] === '?', match[2] === '/'])
        names.push(match[3]!)
        literal = ''
      }
    }
    parts.push(literal + path.slice(last))
    templates.set(path, (parsed = { parts, names }))
  }
  return parsed
}

/**
 * The URL of a call: `prefix`, then the path template filled (each `:name` becomes the
 * URI-encoded parameter, one path segment: `/`, `?` and `#` are encoded; an absent optional
 * `:name?` segment disappears with its slash; a backslash makes the next character literal), then
 * every other parameter as the query, keys sorted for stable URLs (`?a=1&b=2`, or `&a=1` after a
 * template that has its own `\?`). Only own properties of `params` count, so `:constructor` is not
 * found on `Object.prototype`. A path that comes to `/` adds nothing to a prefix.
 * @throws {MissingParameterError} naming the first required parameter that is missing.
 * @throws {InvalidParameterError} for a parameter that is `.` or `..`.
 */
export function fillUrl(prefix: string, path: string, params: Record<string, unknown> | undefined, name: () => string): string {
  const { parts, names } = template(path)
  let filled = ''
  for (const part of parts) {
    if (typeof part === 'string') {
      filled += part
      continue
    }
    const [param, optional, slash] = part
    const value = params != null && Object.prototype.hasOwnProperty.call(params, param) ? params[param] : undefined
    if (value == null || value === '') {
      if (optional) continue
      throw new MissingParameterError(
        process.env.NODE_ENV !== 'production'
          ? `${name()} needs the path parameter "${param}" (path ${path}), but the call gave ${describeParams(params)}`
          : `Tessera E301: ${param} ${path}`,
      )
    }
    const text = String(value)
    if (text === '.' || text === '..') {
      throw new InvalidParameterError(
        process.env.NODE_ENV !== 'production'
          ? `${name()} cannot send the path parameter "${param}" as ${JSON.stringify(text)}: ` +
              'URLs resolve "." and ".." (even encoded as %2E) to another path, so no request is sent'
          : `Tessera E302: ${param} ${text} ${path}`,
      )
    }
    filled += (slash ? '/' : '') + encodeURIComponent(text)
  }
  if (filled === '/' || filled === '') filled = prefix === '' ? '/' : ''
  const search = new URLSearchParams()
  if (params != null) {
    for (const key of Object.keys(params).sort()) {
      const value = params[key]
      if (value != null && !names.includes(key)) for (const item of isArray(value) ? value : [value]) search.append(key, String(item))
    }
  }
  const query = search.toString()
  return prefix + filled + (query ? (filled.includes('?') ? '&' : '?') + query : '')
}

/**
 * True when `filled` is what `fillUrl` makes of `path` (without a prefix) for some parameter
 * values, followed by any query string (`?…`, or `&…` after a template that has its own `\?`).
 * An empty path and `/` are the same address (a urlPrefix is not followed by a lone `/`).
 */
export function matchesPath(path: string, filled: string): boolean {
  const parsed = template(path)
  // Parameter values are encoded, so they hold no `/`, `?`, `&` or `#`: the first of those a
  // template did not write starts the query.
  const pattern = (parsed.pattern ??= new RegExp(
    `^${parsed.parts
      .map((part) => (typeof part === 'string' ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?:${part[2] ? '/' : ''}[^/?#]+)${part[1] ? '?' : ''}`))
      .join('')}(?:[?&].*)?$`,
  ))
  return pattern.test(filled) || (/^\/?(\?|$)/.test(filled) && pattern.test(filled[0] === '/' ? filled.slice(1) : '/' + filled))
}

/** What a call gave, for the message of a missing parameter (development builds only). */
function describeParams(params: Record<string, unknown> | undefined): string {
  if (params == null) return 'no parameters'
  const names = Object.keys(params)
  return names.length === 0 ? '{}' : `{ ${names.join(', ')} }`
}
