/**
 * Thrown when a response does not fit its schema (missing pk, wrong shape, bad schema definition).
 * `path` says where in the response the problem is, e.g. `["results", 3, "author"]`.
 */
import { isArray } from './isArray'
export class SchemaError extends Error {
  override name = 'SchemaError'
  /** Where in the input the problem was found, outermost key first. */
  readonly path: (string | number)[] = []
  /** The message without the location suffix. */
  declare readonly detail: string
  /** Client errors are not worth retrying: the same response will fail again. */
  readonly status = 400

  constructor(detail: string) {
    super(detail)
    this.detail = detail
  }

  /** Adds an outer key to the location and refreshes the message. */
  prependPath(key: string | number | undefined): void {
    if (key === undefined) return
    this.path.unshift(key)
    this.message = `${this.detail} (at ${formatPath(this.path)})`
  }
}

/** `["results", 3, "author"]` → `response.results[3].author` */
function formatPath(path: readonly (string | number)[]): string {
  let out = 'response'
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`
  }
  return out
}

/** A short, safe rendering of an offending value for error messages. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return `${value}`
  if (isArray(value)) return `an array (${value.length} items)`
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? value.slice(0, 57) + '...' : value)}`
  if (typeof value === 'function') return `a function${value.name ? ` (${value.name})` : ''}`
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`
  let json: string
  try {
    json = JSON.stringify(value) ?? String(value)
  } catch {
    json = '[object with cycles]'
  }
  return json.length > 120 ? json.slice(0, 117) + '...' : json
}

/**
 * How messages name an entity: its `static key` (class names do not survive minifiers), else the
 * class name. Never throws, so a message can always be built.
 */
export function entityLabel(schema: unknown): string {
  for (const name of ['key', 'name']) {
    try {
      const label = (schema as Record<string, unknown>)[name]
      if (typeof label === 'string' && label !== '') return label
    } catch {
      // an anonymous class without a key (its getter explains that elsewhere), or no schema at all
    }
  }
  return 'an anonymous Entity'
}
