import { OpenApiError } from './OpenApiError'
import { Namer, pascalCase } from './names'
import { docComment, oneLine, stringLiteral } from './literals'
import { readOperations, type Operation } from './operations'
import { checkRefs } from './pointer'
import { findResources } from './resources'
import { Schemas, describe, isObject, isType, typeIdent, type NamedSchema, type Uses } from './schemas'
import { writeEndpoints } from './writeEndpoints'
import { writeEntities } from './writeEntities'
import { pathParameters } from './tesseraPath'

/** What `tessera openapi` was asked for, besides the document. */
export interface GenerateOptions {
  /** The document's file name, for the generated header. */
  source: string
  /** Every endpoint's `urlPrefix`; default: the document's first server (3.x) or scheme, host and base path (2.0). */
  urlPrefix?: string
}

/** The generated package: file name → text, and what it holds (for the CLI's summary line). */
export interface Generated {
  files: Map<string, string>
  entities: number
  types: number
  resources: number
  endpoints: number
  warnings: string[]
}

/**
 * Turns an OpenAPI 3.0 / 3.1 or Swagger 2.0 document (already parsed) into the generated files.
 * Pure: it reads nothing and writes nothing, so the CLI can refuse a document before a single
 * file is written, and tests can look at the text. Throws an {@link OpenApiError} for a document
 * it cannot read as one.
 */
export function generate(document: unknown, options: GenerateOptions): Generated {
  if (!isObject(document)) throw new OpenApiError(`${options.source} is not an OpenAPI document: it is not an object`)
  const swagger2 = document.swagger === '2.0'
  if (!swagger2 && !(typeof document.openapi === 'string' && /^3\.\d/.test(document.openapi))) {
    throw new OpenApiError(`${options.source} is not an OpenAPI document: it has neither \`openapi: 3.x\` nor \`swagger: "2.0"\` at its top`)
  }
  checkRefs(document)
  const warnings: string[] = []
  const schemas = new Schemas(document, swagger2)
  const operations = readOperations(schemas, swagger2, warnings)
  choosePrimaryKeys(schemas, operations, warnings)

  const namer = new Namer()
  for (const named of schemas.named.values()) named.ident = namer.claim(pascalCase(named.name, 'Schema'))
  const all = [...schemas.named.values()]
  const entities = all.filter((named) => named.pk !== undefined)
  for (const entity of entities) entity.dataIdent = namer.claim(`${entity.ident}Data`)
  const types = all.filter((named) => named.pk === undefined)
  const resources = findResources(schemas, operations)
  const urlPrefix = options.urlPrefix ?? serverUrl(document, swagger2)

  const header = headerComment(document, options.source)
  const files = new Map<string, string>()
  const fileNames = new Namer(['index', 'entities', 'types', 'urlPrefix'])
  if (entities.length > 0) {
    const { text, uses, validates } = writeEntities(schemas, entities, warnings)
    files.set('entities', `${header}import { Entity${validates ? ', validateRequired' : ''} } from 'tessera'\n${typeImports(uses, 'entities')}\n${text}`)
  }
  if (all.length > 0) {
    const uses: Uses = { entities: new Set(), types: new Set() }
    const text = all.map((named) => {
      const type = aliasesItself(schemas, named) ? 'unknown' : schemas.typeOf(named.schema, uses)
      const doc = named.pk === undefined ? describe(named.schema) : `The JSON of a ${named.ident} (request bodies and plain responses; reads of the entity are ${named.ident} instances).`
      return `${docComment([doc])}export type ${typeIdent(named)} = ${type}\n`
    })
    files.set('types', `${header}${typeImports(uses, 'types')}\n${text.join('\n')}`)
  }
  if (urlPrefix !== '') files.set('urlPrefix', `${header}/** The server every endpoint here calls (\`--url-prefix\` to choose another). */\nexport const urlPrefix = ${stringLiteral(urlPrefix)}\n`)
  const modules = writeEndpoints(schemas, operations, resources, { namer, files: fileNames, urlPrefix: urlPrefix !== '', warnings })
  let resourceCount = 0
  let endpointCount = 0
  for (const [file, module] of modules) {
    if (module.text === '') continue
    resourceCount += module.resources
    endpointCount += module.endpoints
    const tessera = (['RestEndpoint', 'createResource', 'schema'] as const).filter((name) => module.imports.has(name))
    const imports = [
      `import { ${tessera.join(', ')} } from 'tessera'\n`,
      module.uses.entities.size > 0 ? `import { ${idents(module.uses.entities)} } from './entities'\n` : '',
      module.uses.types.size > 0 ? `import type { ${idents(module.uses.types, true)} } from './types'\n` : '',
      module.imports.has('urlPrefix') ? `import { urlPrefix } from './urlPrefix'\n` : '',
    ]
    files.set(file, `${header}${imports.join('')}${module.text}`)
  }
  const exported = [...files.keys()].map((file) => `export * from './${file}'\n`)
  files.set('index', `${header}${exported.join('')}`)
  return { files: new Map([...files].map(([name, text]) => [`${name}.ts`, text])), entities: entities.length, types: types.length, resources: resourceCount, endpoints: endpointCount, warnings }
}

/**
 * Decides which named schemas are entities and by which field: `x-tessera-pk` naming a
 * property, else an `id` property, else the path parameter of a GET that returns the schema
 * (`/users/{username}` returning a User with a `username`). The field must hold a scalar.
 */
function choosePrimaryKeys(schemas: Schemas, operations: readonly Operation[], warnings: string[]): void {
  const usable = (named: NamedSchema, field: string) => {
    const property = schemas.properties(named.schema)?.find((candidate) => candidate.name === field)
    if (property === undefined) return false
    const resolved = schemas.deref(property.schema)
    return !isType(resolved, 'object') && !isType(resolved, 'array') && !Array.isArray(resolved.oneOf) && !Array.isArray(resolved.anyOf)
  }
  for (const named of schemas.named.values()) {
    if (schemas.properties(named.schema) === undefined || Array.isArray(named.schema.oneOf) || Array.isArray(named.schema.anyOf)) continue
    const declared = named.schema['x-tessera-pk']
    if (typeof declared === 'string') {
      if (usable(named, declared)) named.pk = declared
      else warnings.push(`${named.name}: x-tessera-pk names ${JSON.stringify(declared)}, which is not a scalar property of it; ignored`)
    }
    if (named.pk === undefined && usable(named, 'id')) named.pk = 'id'
  }
  for (const operation of operations) {
    const last = pathParameters(operation.path).at(-1)
    if (operation.method !== 'get' || last === undefined || !operation.path.endsWith(`{${last}}`)) continue
    const named = schemas.namedOf(operation.response)
    if (named !== undefined && named.pk === undefined && schemas.properties(named.schema) !== undefined && usable(named, last)) named.pk = last
  }
}

/** True for a named schema that is only a `$ref` leading back to itself (`A: $ref B`, `B: $ref A`): `type A = B` would not compile. */
function aliasesItself(schemas: Schemas, named: NamedSchema): boolean {
  const seen = new Set<NamedSchema>()
  for (let at = schemas.namedOf(named.schema); at !== undefined; at = schemas.namedOf(at.schema)) {
    if (at === named) return true
    if (seen.has(at)) return false
    seen.add(at)
  }
  return false
}

/** The default `urlPrefix`: 3.x's first server (its variables at their defaults), 2.0's scheme, host and base path; '' when none. */
function serverUrl(document: Record<string, unknown>, swagger2: boolean): string {
  if (swagger2) {
    const host = typeof document.host === 'string' ? document.host : ''
    const basePath = typeof document.basePath === 'string' && document.basePath !== '/' ? document.basePath : ''
    if (host === '') return basePath
    const schemes = Array.isArray(document.schemes) ? document.schemes : []
    const scheme = schemes.includes('https') ? 'https' : typeof schemes[0] === 'string' ? schemes[0] : 'https'
    return `${scheme}://${host}${basePath}`
  }
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined
  if (!isObject(server) || typeof server.url !== 'string') return ''
  const variables = isObject(server.variables) ? server.variables : {}
  const url = server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name]
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole
  })
  return url === '/' ? '' : url.replace(/\/$/, '')
}

function headerComment(document: Record<string, unknown>, source: string): string {
  const info = isObject(document.info) ? document.info : {}
  const title = typeof info.title === 'string' ? info.title : 'an untitled API'
  const version = typeof info.version === 'string' ? ` ${info.version}` : ''
  return `// Generated by tessera openapi from ${oneLine(`"${title}"${version} (${source})`)}; do not edit.\n`
}

function typeImports(uses: Uses, self: 'entities' | 'types'): string {
  const lines = []
  if (self !== 'entities' && uses.entities.size > 0) lines.push(`import type { ${idents(uses.entities)} } from './entities'\n`)
  if (self !== 'types' && uses.types.size > 0) lines.push(`import type { ${idents(uses.types, true)} } from './types'\n`)
  return lines.join('')
}

function idents(named: Set<NamedSchema>, types = false): string {
  return [...named]
    .map((schema) => (types ? typeIdent(schema) : schema.ident))
    .sort()
    .join(', ')
}
