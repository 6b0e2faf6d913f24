import { camelCase, type Namer } from './names'
import { docComment, objectKey, propertyName, stringLiteral } from './literals'
import type { Operation } from './operations'
import { emptyValue, normalizedOf } from './normalizedSchemas'
import { MEMBERS, pageOf, paginationField, type Page, type Resource } from './resources'
import type { Schemas, Uses } from './schemas'
import { tesseraPath } from './tesseraPath'

/** What one endpoint module needs beyond its text. */
export interface EndpointModule {
  text: string
  uses: Uses
  /** Whether it calls `RestEndpoint`, `createResource` and `schema.Collection`, and reads `urlPrefix`. */
  imports: Set<'RestEndpoint' | 'createResource' | 'schema' | 'urlPrefix'>
  resources: number
  endpoints: number
}

/** Where a module's pieces come from while it is written. */
interface Writer {
  schemas: Schemas
  namer: Namer
  module: EndpointModule
  urlPrefix: boolean
  warnings: string[]
}

function newModule(): EndpointModule {
  return { text: '', uses: { entities: new Set(), types: new Set() }, imports: new Set(), resources: 0, endpoints: 0 }
}

/**
 * The endpoint modules, one per group (the operation's first tag, else its path's first
 * segment): a `createResource` per resource, then a `RestEndpoint` per other operation, named
 * from its `operationId` (camelCase), else from its method and path.
 */
export function writeEndpoints(
  schemas: Schemas,
  operations: readonly Operation[],
  resources: readonly Resource[],
  options: { namer: Namer; files: Namer; urlPrefix: boolean; warnings: string[] },
): Map<string, EndpointModule> {
  const modules = new Map<string, EndpointModule>()
  const fileOf = new Map<string, string>()
  const moduleFor = (operation: Operation) => {
    const group = operation.tags[0] ?? operation.path.split('/').find((segment) => segment !== '' && !segment.includes('{')) ?? 'root'
    let file = fileOf.get(group)
    if (file === undefined) {
      file = options.files.claim(camelCase(group, 'endpoints'))
      fileOf.set(group, file)
      modules.set(file, newModule())
    }
    return modules.get(file)!
  }
  const taken = new Set<Operation>()
  for (const resource of resources) {
    const module = moduleFor(resource.members.get!)
    writeResource({ schemas, namer: options.namer, module, urlPrefix: options.urlPrefix, warnings: options.warnings }, resource)
    for (const member of MEMBERS) if (resource.members[member]) taken.add(resource.members[member]!)
  }
  for (const operation of operations) {
    if (taken.has(operation)) continue
    const module = moduleFor(operation)
    writeEndpoint({ schemas, namer: options.namer, module, urlPrefix: options.urlPrefix, warnings: options.warnings }, operation)
  }
  return modules
}

/** `export const PetResource = …`: a whole `createResource`, or the members the document has. */
function writeResource(writer: Writer, resource: Resource): void {
  const { module } = writer
  const path = tesseraPath(resource.path)
  if (path === undefined) return
  const entity = resource.entity.ident
  module.uses.entities.add(resource.entity)
  module.imports.add('createResource')
  const list = resource.members.getList
  const bodySource = resource.members.create ?? resource.members.update ?? resource.members.partialUpdate
  const options = [...prefix(writer), `path: ${stringLiteral(path)}`, `schema: ${entity}`]
  if (list !== undefined && list.query.length > 0) options.push(`searchParams: {} as ${searchParamsType(writer, list)}`)
  if (bodySource?.body !== undefined) options.push(`body: {} as ${bodyType(writer, bodySource)}`)
  const field = list === undefined ? undefined : paginationField(list, resource.page)
  if (field !== undefined) options.push(`paginationField: ${stringLiteral(field)}`)
  const members = MEMBERS.filter((member) => resource.members[member] !== undefined)
  const name = writer.namer.claim(`${entity}Resource`)
  const doc = docComment([
    `${entity}: ${members.map((member) => `${member} (${route(resource.members[member]!)})`).join(', ')}.`,
    ...members.flatMap((member) => notes(resource.members[member]!).map((note) => `${member}: ${note}`)),
  ])
  const create = `createResource({\n${options.map((option) => `  ${option},`).join('\n')}\n})`
  module.resources++
  if (members.length === MEMBERS.length && resource.page === undefined && resource.listed === undefined) {
    module.text += `\n${doc}export const ${name} = ${create}\n`
    return
  }
  const base = writer.namer.claim(`${camel(entity)}Base`)
  let text = `\nconst ${base} = ${create}\n`
  const picked = members.map((member) => `${member}: ${base}.${member}`)
  if (resource.page !== undefined || resource.listed !== undefined) {
    module.imports.add('schema')
    const listed = resource.page?.entity ?? resource.listed!
    module.uses.entities.add(listed)
    const getList = writer.namer.claim(`${camel(entity)}GetList`)
    const listSchema = resource.page !== undefined ? pageSchema(writer, resource.page, true) : `new schema.Collection([${listed.ident}])`
    text += `/** The list${resource.page !== undefined ? ', in pages' : ''}: a Collection of ${listed.ident}, so \`create\` adds to it${resource.page !== undefined && field !== undefined ? ' and `getList.getPage` appends the next page' : ''}. */\n`
    text += `const ${getList} = ${base}.getList.extend({ schema: ${listSchema} })\n`
    picked[members.indexOf('getList')] = `getList: ${getList}`
    // push takes the list's item as its body; the document's create body is what is sent.
    const createBody = resource.members.create?.body === undefined ? '' : `.extend({ body: {} as ${bodyType(writer, resource.members.create)} })`
    if (members.includes('create')) picked[members.indexOf('create')] = `create: ${getList}.push${createBody}`
  }
  module.text += `${text}${doc}export const ${name} = {\n${picked.map((member) => `  ${member},`).join('\n')}\n}\n`
}

/** `export const findPets = new RestEndpoint({ … })` for one operation. */
function writeEndpoint(writer: Writer, operation: Operation): void {
  const { schemas, module } = writer
  const path = tesseraPath(operation.path)
  if (path === undefined) {
    writer.warnings.push(`${route(operation)}: a path parameter name holds a quote or a backslash; left out`)
    return
  }
  const name = writer.namer.claim(camelCase(operation.operationId ?? `${operation.method} ${operation.path.replace(/[{}]/g, '')}`, operation.method))
  const options = [...prefix(writer), `path: ${stringLiteral(path)}`]
  if (operation.method !== 'get') options.push(`method: ${stringLiteral(operation.method.toUpperCase())}`)
  if (operation.query.length > 0) options.push(`searchParams: {} as ${searchParamsType(writer, operation)}`)
  if (operation.body !== undefined) options.push(`body: {} as ${bodyType(writer, operation)}`)
  const response = operation.response
  const entity = schemas.entityOf(response)
  const list = schemas.entityListOf(response)
  const page = pageOf(schemas, response)
  let normalized: ReturnType<typeof normalizedOf>
  if (entity !== undefined) {
    module.uses.entities.add(entity)
    options.push(`schema: ${entity.ident}`)
  } else if (list !== undefined) {
    module.uses.entities.add(list)
    options.push(`schema: [${list.ident}]`)
  } else if (page !== undefined) {
    options.push(`schema: ${pageSchema(writer, page, false)}`)
  } else if ((normalized = normalizedOf(schemas, response, module.uses, 'response', '  ')) !== undefined) {
    // Entities inside plain objects, or a discriminated union of entities: normalized too.
    if (normalized.union) module.imports.add('schema')
    options.push(`schema: ${normalized.schema}`)
  } else if (response !== undefined) {
    options.push(`process: (value: ${schemas.typeOf(response, module.uses, '  ')}) => value`)
  }
  const field = operation.method === 'get' && (list !== undefined || page !== undefined) ? paginationField(operation, page) : undefined
  if (field !== undefined) options.push(`paginationField: ${stringLiteral(field)}`)
  options.push(`name: ${stringLiteral(name)}`)
  module.imports.add('RestEndpoint')
  module.endpoints++
  const doc = docComment([operation.summary, ...(operation.description !== '' && operation.description !== operation.summary ? ['', operation.description] : []), '', `${route(operation)}`, ...notes(operation), ...(operation.deprecated ? ['@deprecated'] : [])])
  module.text += `\n${doc}export const ${name} = new RestEndpoint({\n${options.map((option) => `  ${option},`).join('\n')}\n})\n`
}

/** The schema of a page: `{ results: [Pet], cursor: '' }` (a Collection in a resource's list). */
function pageSchema(writer: Writer, page: Page, collection: boolean): string {
  writer.module.uses.entities.add(page.entity)
  const list = collection ? `new schema.Collection([${page.entity.ident}])` : `[${page.entity.ident}]`
  const members = [`${objectKey(page.list)}: ${list}`, ...page.others.map((property) => `${objectKey(property.name)}: ${memberSchema(writer, property.schema)}`)]
  return `{ ${members.join(', ')} }`
}

/**
 * Another member of a page: its schema when it holds entities (in a plain object, or a
 * discriminated union), else its typed empty value (what it reads as when absent).
 */
function memberSchema(writer: Writer, schema: unknown): string {
  const normalized = normalizedOf(writer.schemas, schema, writer.module.uses, 'response', '  ')
  if (normalized !== undefined) {
    if (normalized.union) writer.module.imports.add('schema')
    return normalized.schema
  }
  return emptyValue(writer.schemas.typeOf(schema, writer.module.uses, '  '))
}

function searchParamsType(writer: Writer, operation: Operation): string {
  const members = operation.query.map((parameter) => {
    const doc = parameter.description === '' ? '' : docComment([parameter.description], '    ')
    return `${doc}    ${propertyName(parameter.name)}${parameter.required ? '' : '?'}: ${writer.schemas.typeOf(parameter.schema, writer.module.uses, '    ')}`
  })
  return `{\n${members.join('\n')}\n  }`
}

function bodyType(writer: Writer, operation: Operation): string {
  const type = writer.schemas.typeOf(operation.body, writer.module.uses, '  ')
  return type === 'unknown' ? 'Record<string, unknown>' : type
}

function prefix(writer: Writer): string[] {
  if (!writer.urlPrefix) return []
  writer.module.imports.add('urlPrefix')
  return ['urlPrefix']
}

/** `GET /pets/{petId}` in backquotes, for comments. */
function route(operation: Operation): string {
  return `\`${operation.method.toUpperCase()} ${operation.path.replace(/`/g, "'")}\``
}

/** What the generator left out of an operation, for its comment. */
function notes(operation: Operation): string[] {
  return operation.unmapped.length === 0 ? [] : [`Not mapped (send it yourself, e.g. in getRequestInit / getHeaders): ${operation.unmapped.join(', ')}.`]
}

function camel(pascal: string): string {
  return pascal[0]!.toLowerCase() + pascal.slice(1)
}

