/**
 * Turning the document's names (schema names, operationIds, tags, paths) into identifiers of the
 * generated TypeScript. The document is untrusted: a name may be a reserved word, start with a
 * digit, hold dashes, spaces, quotes or any Unicode, or clash with another after cleaning; every
 * name that comes out is ASCII `[A-Za-z_$][A-Za-z0-9_$]*`, not reserved, and unique in its scope.
 */

/** Words a binding cannot be (JavaScript's reserved words, strict mode's, and TypeScript's type keywords). */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity any unknown never string number boolean bigint symbol object ' +
    'type as async declare from get set of readonly keyof infer is asserts namespace module require global constructor'
  ).split(' '),
)

/**
 * Names the generated modules use themselves (imports, globals they call, the types they write),
 * which an export of the same name would shadow or clash with.
 */
const TAKEN = [
  'Entity', 'RestEndpoint', 'createResource', 'schema', 'Date', 'Array', 'Object', 'String', 'Number', 'Boolean', 'Record', 'Partial',
  'Blob', 'FormData', 'Promise', 'Map', 'Set', 'JSON', 'Math', 'Error', 'Symbol', 'urlPrefix', 'index', 'entities', 'types',
]

/** True for a name that can be written as it is as a property name or a dotted access. */
export function isIdentifierName(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
}

/** The words of a name: runs of ASCII letters and digits, accents stripped, split at case changes. */
function words(name: string): string[] {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  return ascii
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
}

/** `pet-store_item` → `PetStoreItem`; `200 response` → `_200Response`; nothing usable → `fallback`. */
export function pascalCase(name: string, fallback: string): string {
  const joined = words(name)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
  return safe(joined, fallback)
}

/** `find-pets_by status` → `findPetsByStatus`; `GET /pets` → `getPets`. */
export function camelCase(name: string, fallback: string): string {
  const parts = words(name)
  const joined = parts
    .map((word, index) => {
      const lower = word === word.toUpperCase() ? word.toLowerCase() : word
      return index === 0 ? lower[0]!.toLowerCase() + lower.slice(1) : lower[0]!.toUpperCase() + lower.slice(1)
    })
    .join('')
  return safe(joined, fallback)
}

function safe(joined: string, fallback: string): string {
  if (joined === '') return fallback
  if (/^[0-9]/.test(joined)) return `_${joined}`
  if (RESERVED.has(joined)) return `${joined}_`
  return joined
}

/**
 * One scope of unique names: the generated package's exports (all of its modules re-export into
 * one `index.ts`, so they share it) or its file names. A name seen before gets the lowest free
 * number (`Pet`, `Pet2`, `Pet3`), compared without case so that file names stay distinct on
 * case-insensitive file systems.
 */
export class Namer {
  readonly #taken = new Set<string>()

  constructor(reserved: readonly string[] = TAKEN) {
    for (const name of reserved) this.#taken.add(name.toLowerCase())
  }

  /** Claims `name`, or the first numbered variant of it still free. */
  claim(name: string): string {
    let candidate = name
    for (let n = 2; this.#taken.has(candidate.toLowerCase()); n++) candidate = `${name}${n}`
    this.#taken.add(candidate.toLowerCase())
    return candidate
  }
}
