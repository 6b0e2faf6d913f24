import { OpenApiError } from './OpenApiError'

/**
 * The keys of a local `$ref` (`#/components/schemas/Pet~1Cat` → `components`, `schemas`,
 * `Pet/Cat`): a URI fragment (percent-decoded) holding a JSON pointer, where `~1` is `/` and `~0`
 * is `~` (RFC 6901; `~1` first would turn `~01` into `/` instead of `~1`).
 */
export function pointerKeys(ref: string): string[] {
  let fragment: string
  try {
    fragment = decodeURIComponent(ref.slice(1))
  } catch {
    throw new OpenApiError(`broken $ref ${JSON.stringify(ref)}: not a valid URI fragment`)
  }
  if (fragment === '') return []
  if (!fragment.startsWith('/')) throw new OpenApiError(`broken $ref ${JSON.stringify(ref)}: a local $ref is a JSON pointer starting with "#/"`)
  return fragment
    .slice(1)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** Escapes one key for a JSON pointer (the inverse of {@link pointerKeys}' unescaping). */
export function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * The value a local `$ref` points to. Only the document's own own-properties are followed (never
 * `__proto__` or an inherited member, so a pointer cannot reach outside the parsed document).
 */
export function resolvePointer(document: unknown, ref: string): unknown {
  let value = document
  let walked = '#'
  for (const key of pointerKeys(ref)) {
    const container = value as Record<string, unknown>
    const found = typeof value === 'object' && value !== null && Object.hasOwn(container, key) && !(Array.isArray(value) && !/^(0|[1-9]\d*)$/.test(key))
    if (!found) throw new OpenApiError(`broken $ref ${JSON.stringify(ref)}: ${walked} has no ${JSON.stringify(key)}`)
    value = container[key]
    walked += `/${escapeKey(key)}`
  }
  return value
}

/** A node of the walk in {@link checkRefs}: its value and how it was reached (for messages). */
interface Visit {
  value: unknown
  parent: Visit | undefined
  key: string
}

/** Keys whose values are literal data (examples, defaults, extensions), where a `$ref` is just text. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const'])

/**
 * Checks every `$ref` in the document before anything is generated, so a bad one fails the whole
 * run (nothing written) with the place it sits: a `$ref` to another file or a URL is refused (the
 * generator reads one local file and never the network), and a local one must point at something.
 * Iterative, with a visited set, because a YAML document's aliases can make the tree a graph.
 */
export function checkRefs(document: unknown): void {
  const seen = new Set<object>()
  const stack: Visit[] = [{ value: document, parent: undefined, key: '' }]
  while (stack.length > 0) {
    const visit = stack.pop()!
    const value = visit.value
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    const ref = (value as { $ref?: unknown }).$ref
    if (typeof ref === 'string' && !Array.isArray(value)) {
      if (!ref.startsWith('#')) {
        throw new OpenApiError(
          `external $ref ${JSON.stringify(ref)} at ${where(visit)}: tessera openapi reads one local file and never follows a $ref to another file or a URL (bundle the document into one file first)`,
        )
      }
      try {
        resolvePointer(document, ref)
      } catch (error) {
        throw new OpenApiError(`${(error as Error).message} (at ${where(visit)})`)
      }
    }
    for (const key of Object.keys(value)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue
      stack.push({ value: (value as Record<string, unknown>)[key], parent: visit, key })
    }
  }
}

/** The JSON pointer of a visited node, built only when a message needs it. */
function where(visit: Visit): string {
  const keys: string[] = []
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) keys.push(escapeKey(at.key))
  return `#/${keys.reverse().join('/')}`
}
