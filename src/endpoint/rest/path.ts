import type { SearchValue } from './pathTypes'

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

interface Param {
  readonly name: string
  readonly optional: boolean
  /** The `/` before the parameter, dropped with an absent optional parameter. */
  readonly slash: boolean
}

/** A parsed path template: literal text and parameters, in order. */
interface Template {
  readonly parts: readonly (string | Param)[]
  readonly names: readonly string[]
  /**
   * Matches a filled path and any query string after it (parameter values are encoded, so they
   * hold no `/`, `?`, `&` or `#`: the first of those a template did not write starts the query).
   */
  readonly pattern: RegExp
}

// A backslash makes the next character literal, whatever it is, as in path-to-regexp (which
// data-client uses): `'http\\://host\\:8080/users/:id'` has one parameter, and
// `'/search\\?q=:q'` a literal `?` (path-to-regexp would read a bare one as a modifier).
const TOKEN = /\\([\s\S])|(\/)?:([A-Za-z_$][\w$]*)(\?)?/g
const templates = new Map<string, Template>()
const hasOwn = Object.prototype.hasOwnProperty

function parse(path: string): Template {
  let template = templates.get(path)
  if (template !== undefined) return template
  const parts: (string | Param)[] = []
  const names: string[] = []
  let source = ''
  let literal = ''
  let last = 0
  for (const match of path.matchAll(TOKEN)) {
    literal += path.slice(last, match.index)
    last = match.index! + match[0].length
    if (match[1] !== undefined) {
      literal += match[1]
      continue
    }
    if (literal !== '') parts.push(literal)
    source += escapeRegExp(literal)
    literal = ''
    const param: Param = { name: match[3]!, optional: match[4] === '?', slash: match[2] === '/' }
    parts.push(param)
    names.push(param.name)
    const segment = `${param.slash ? '/' : ''}[^/?#]+`
    source += param.optional ? `(?:${segment})?` : segment
  }
  literal += path.slice(last)
  if (literal !== '') parts.push(literal)
  source += escapeRegExp(literal)
  template = { parts, names, pattern: new RegExp(`^${source}(?:[?&].*)?$`) }
  templates.set(path, template)
  return template
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Names of the `:name` parameters in a path template, in order (an escaped `\:` is no parameter). */
export function pathParameterNames(path: string): string[] {
  return parse(path).names.slice()
}

/**
 * Fills a path template: each `:name` becomes the URI-encoded parameter (one path segment: `/`,
 * `?` and `#` are encoded); an absent optional `:name?` segment disappears with its slash; a
 * backslash makes the next character literal (`\:` a colon, `\?` a question mark). Only own properties of `params` count, so `:constructor` is not found on
 * `Object.prototype`.
 * @returns the filled path, `''` when nothing is left.
 * @throws {MissingParameterError} naming the first required parameter that is missing.
 * @throws {InvalidParameterError} for a parameter that is `.` or `..`.
 */
export function compilePath(path: string, params: Record<string, unknown> | undefined, endpointName: string): string {
  let out = ''
  for (const part of parse(path).parts) {
    if (typeof part === 'string') {
      out += part
      continue
    }
    const value = params !== undefined && params !== null && hasOwn.call(params, part.name) ? params[part.name] : undefined
    if (value === undefined || value === null || value === '') {
      if (part.optional) continue
      throw new MissingParameterError(
        `${endpointName} needs the path parameter "${part.name}" (path ${path}), but the call gave ${describeParams(params)}`,
      )
    }
    const text = String(value)
    if (text === '.' || text === '..') {
      throw new InvalidParameterError(
        `${endpointName} cannot send the path parameter "${part.name}" as ${JSON.stringify(text)}: ` +
          'URLs resolve "." and ".." (even encoded as %2E) to another path, so no request is sent',
      )
    }
    out += (part.slash ? '/' : '') + encodeURIComponent(text)
  }
  return out
}

/**
 * True when `filled` is what `compilePath` makes of `path` for some parameter values, followed by
 * any query string (`?…`, or `&…` after a template that has its own `\?`).
 */
export function matchesPath(path: string, filled: string): boolean {
  const pattern = parse(path).pattern
  if (pattern.test(filled)) return true
  // An empty path and `/` are the same address (a urlPrefix is not followed by a lone `/`).
  if (filled === '' || filled.startsWith('?')) return pattern.test('/' + filled)
  if (filled === '/' || filled.startsWith('/?')) return pattern.test(filled.slice(1))
  return false
}

/**
 * The query string for every parameter that is not a path parameter, keys sorted for stable URLs:
 * `?a=1&b=2`, or `&a=1&b=2` when `path` (filled) already has a query of its own.
 */
export function buildQuery(params: Record<string, unknown> | undefined, exclude: readonly string[], path = ''): string {
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
  return query ? `${path.includes('?') ? '&' : '?'}${query}` : ''
}

function describeParams(params: Record<string, unknown> | undefined): string {
  if (params === undefined || params === null) return 'no parameters'
  const names = Object.keys(params)
  return names.length === 0 ? '{}' : `{ ${names.join(', ')} }`
}
