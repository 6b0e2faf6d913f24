// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
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

/** A parameter: its name, and whether it is a `*name` wildcard (one or more segments). */
type Param = readonly [name: string, wildcard: boolean]

/**
 * Literal text, a parameter, or a group's edge: `1` where a `{…}` group opens, `-1` where it
 * closes. Flat rather than nested: filling drops a group by cutting the URL back to where it began.
 */
type Part = string | Param | 1 | -1

/**
 * A parsed path template: its parts, the names of all its parameters (groups included), and
 * (built when `testKey` first needs it) the pattern of its filled paths.
 */
interface Template {
  readonly parts: readonly Part[]
  readonly names: readonly string[]
  /** True when a call must give a parameter (one outside any group, without `?`). */
  readonly required: boolean
  pattern?: RegExp
}

// A backslash makes the next character literal, whatever it is, as in path-to-regexp (which
// data-client uses): `'http\\://host\\:8080/users/:id'` has one parameter, and
// `'/search\\?q=:q'` a literal `?`. A name is an identifier or, as in path-to-regexp 8, any text
// in double quotes (`:"with-dash"`). A `?` after a group is data-client 0.14's way to make it
// optional, which every group now is.
const TOKEN = /\\([\s\S])|(\/)?([:*])(?:([A-Za-z_$][\w$]*)|"([^"]+)")(\?)?|\}\??|\{/g
// Each template is parsed once, however many endpoints and calls use it.
const templates = new Map<string, Template>()

/**
 * The parsed template of a path.
 * @throws {TypeError} when its `{` and `}` do not pair up: the path has no meaning to guess.
 */
export function template(path: string): Template {
  let parsed = templates.get(path)
  if (parsed === undefined) {
    const parts: Part[] = []
    const names: string[] = []
    let literal = ''
    let last = 0
    let depth = 0
    let required = false
    for (const match of path.matchAll(TOKEN)) {
      literal += path.slice(last, match.index)
      last = match.index! + match[0].length
      if (match[1] !== undefined) {
        literal += match[1]
        continue
      }
      const name = match[4] ?? match[5]
      const slash = match[2] ?? ''
      if (name === undefined) {
        const edge = match[0] === '{' ? 1 : -1
        // A `}` with no `{` open (depth below 0) is as malformed as a `{` never closed (checked below).
        if ((depth += edge) < 0) break
        parts.push(literal, edge)
      } else {
        const param: Param = [name, match[3] === '*']
        // data-client 0.14's optional `/:name?` is the group `{/:name}`.
        if (match[6]) parts.push(literal, 1, slash, param, -1)
        else parts.push(literal + slash, param)
        names.push(name)
        required ||= !depth && !match[6]
      }
      literal = ''
    }
    if (depth) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `The path ${path} has a { or } without its pair: {…} holds an optional part (/users{/:id}), and \\{ or \\} is a literal brace`
          : `Tessera E310: ${path}`,
      )
    }
    parts.push(literal + path.slice(last))
    templates.set(path, (parsed = { parts, names, required }))
  }
  return parsed
}

/**
 * The URL of a call: `prefix`, then the path template filled, then every other parameter as the
 * query, keys sorted for stable URLs (`?a=1&b=2`, or `&a=1` after a template that has its own
 * `\?`). Each `:name` becomes the URI-encoded parameter, one path segment (`/`, `?` and `#` are
 * encoded); a `*name` wildcard takes an array (or a string, split at `/`) and encodes each
 * segment; a `{…}` group is left out when a parameter in it has no value (an absent `:name?`
 * disappears with its slash, as `{/:name}` does); a backslash makes the next character literal.
 * An empty string or array is no value. Only own properties of `params` count, so `:constructor`
 * is not found on `Object.prototype`. A path that comes to `/` adds nothing to a prefix.
 * @throws {MissingParameterError} naming the first missing parameter that is outside any group.
 * @throws {InvalidParameterError} for a parameter (or wildcard segment) that is `.` or `..`.
 */
export function fillUrl(
  prefix: string,
  path: string,
  params: Record<string, unknown> | undefined,
  name: () => string,
  endpoint: { searchToString(search: Record<string, unknown>): string },
): string {
  const { parts, names } = template(path)
  let filled = ''
  // Where each open group began in `filled`, the innermost last.
  const groups: number[] = []
  // Inside a group being left out: how many of its `{` are still open.
  let skipping = 0
  for (const part of parts) {
    if (skipping) {
      if (typeof part === 'number') skipping += part
    } else if (typeof part === 'string') filled += part
    else if (typeof part === 'number') part > 0 ? groups.push(filled.length) : groups.pop()
    else {
      const [param, wildcard] = part
      const value = params != null && Object.hasOwn(params, param) ? params[param] : undefined
      const segments: unknown[] = value == null || value === '' ? [] : !wildcard ? [value] : isArray(value) ? value : String(value).split('/')
      if (segments.length === 0) {
        if (groups.length) {
          // The group goes, with what it wrote before this parameter.
          filled = filled.slice(0, groups.pop())
          skipping = 1
          continue
        }
        throw new MissingParameterError(
          process.env.NODE_ENV !== 'production'
            ? `${name()} needs the path parameter "${param}" (path ${path}), but the call gave ${describeParams(params)}`
            : `Tessera E301: ${param} ${path}`,
        )
      }
      filled += segments
        .map((segment) => {
          const text = String(segment)
          if (text === '.' || text === '..') {
            throw new InvalidParameterError(
              process.env.NODE_ENV !== 'production'
                ? `${name()} cannot send the path parameter "${param}" as ${JSON.stringify(text)}: ` +
                    'URLs resolve "." and ".." (even encoded as %2E) to another path, so no request is sent'
                : `Tessera E302: ${param} ${text} ${path}`,
            )
          }
          return encodeURIComponent(text)
        })
        .join('/')
    }
  }
  if (filled === '/' || filled === '') filled = prefix === '' ? '/' : ''
  // The parameters the path did not take, with a value (no prototype: '__proto__' is a key like any).
  let rest: Record<string, unknown> | undefined
  if (params != null) for (const key of Object.keys(params)) if (params[key] != null && !names.includes(key)) (rest ??= Object.create(null) as Record<string, unknown>)[key] = params[key]
  const query = rest ? endpoint.searchToString(rest) : ''
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
  // A wildcard's segments are joined with `/`; a group may be absent.
  const pattern = (parsed.pattern ??= new RegExp(
    `^${parsed.parts
      .map((part) =>
        typeof part === 'string'
          ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          : typeof part === 'number'
            ? part > 0 ? '(?:' : ')?'
            : `[^${part[1] ? '' : '/'}?#]+`,
      )
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
