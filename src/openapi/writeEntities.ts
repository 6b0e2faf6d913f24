import { docComment, objectKey, propertyName, stringLiteral } from './literals'
import { normalizedOf } from './normalizedSchemas'
import { entityKey } from './resources'
import { describe, enumLiterals, isType, type NamedSchema, type Property, type Schemas, type Uses } from './schemas'

/**
 * Field names an Entity class body must not define: `constructor` is a syntax error as a field,
 * `__proto__` would (compiled to an assignment, as TypeScript does below ES2022 or without
 * `useDefineForClassFields`) replace the record's prototype, `pk` would hide the method that
 * names the record, and the other members every object inherits (`toString`, `hasOwnProperty`,
 * …) would turn a method into data (and fail `noImplicitOverride`). They stay out of the class
 * with a warning; the `…Data` type keeps them.
 */
const UNSAFE_FIELDS = new Set(['pk', ...Object.getOwnPropertyNames(Object.prototype)])

/** One field of an entity class: its declaration and, for nested entities and dates, its `static schema` entry. */
interface Field {
  line: string
  schemaEntry?: string
  /** True when the entry calls `schema.Union`. */
  union?: boolean
}

/**
 * The `entities.ts` module: an `Entity` class per named schema with a primary key, its fields
 * with their defaults (the schema's `default`, else a typed empty value), `static key`, and
 * `static schema` for nested entities, lists of them and dates.
 *
 * Classes come in an order where each one's `static schema` only names classes already defined
 * (a class may name itself). Entities that refer to each other in a cycle cannot all be in that
 * order: their `static schema` is assigned after every class is defined. A field holding an
 * entity of the same cycle defaults to `null` rather than `X.fromJS()`, which would build
 * defaults forever.
 */
export function writeEntities(schemas: Schemas, entities: readonly NamedSchema[], warnings: string[]): { text: string; uses: Uses; validates: boolean; unions: boolean } {
  const uses: Uses = { entities: new Set(), types: new Set() }
  const direct = new Map(entities.map((entity) => [entity, directEntities(schemas, entity)]))
  const order = definitionOrder(schemas, entities)
  const defined = new Set<NamedSchema>()
  const later: string[] = []
  let validates = false
  let unions = false
  const classes = order.map((entity) => {
    const fields = (schemas.properties(entity.schema) ?? []).flatMap((property) => {
      if (UNSAFE_FIELDS.has(property.name)) {
        warnings.push(`${entity.name}.${property.name}: left out of the ${entity.ident} class (a field of that name would break the class); its ${entity.dataIdent} type has it`)
        return []
      }
      return [field(schemas, entity, property, reaches(direct, property, schemas, entity), uses)]
    })
    unions ||= fields.some((f) => f.union === true)
    const schemaEntries = fields.flatMap((f) => (f.schemaEntry === undefined ? [] : [f.schemaEntry]))
    const dependsLater = schemaEntries.length > 0 && schemaDependencies(schemas, entity).some((other) => other !== entity && !defined.has(other))
    defined.add(entity)
    let body = fields.map((f) => f.line).join('\n')
    if (entity.pk !== 'id') body += `\n  pk() {\n    return this${propertyAccess(entity.pk!)}\n  }`
    body += `\n  static override key = ${stringLiteral(entityKey(entity))}`
    if (schemaEntries.length > 0) {
      const object = `{ ${schemaEntries.join(', ')} }`
      if (dependsLater) later.push(`${entity.ident}.schema = ${object}`)
      else body += `\n  static override schema = ${object}`
    }
    const detail = detailFields(schemas, entity, entities)
    if (detail.length > 0) {
      const keys = detail.map((name) => `${objectKey(name)}: true`).join(', ')
      body += `\n  /** Shares its table with a summary that lacks ${detail.join(', ')}: a summary in the cache is not this record, so reading it as one fetches it. */`
      body += `\n  static override validate(processed: Record<string, unknown>) {\n    return validateRequired(processed, { ${keys} }) || super.validate(processed)\n  }`
    }
    validates ||= detail.length > 0
    const doc = docComment([describe(entity.schema)])
    return `${doc}export class ${entity.ident} extends Entity {\n${body.replace(/^\n/, '')}\n}\n`
  })
  const cycles = later.length === 0 ? '' : `\n// These entities refer to each other in a cycle: their nested schemas are set once all are defined.\n${later.join('\n')}\n`
  return { text: classes.join('\n') + cycles, uses, validates, unions }
}

/** One field of an entity class (see {@link writeEntities}). */
function field(schemas: Schemas, entity: NamedSchema, property: Property, recursive: boolean, uses: Uses): Field {
  const name = propertyName(property.name)
  const doc = docComment([describe(property.schema)], '  ')
  const line = (declaration: string) => `${doc}  ${declaration}`
  const nested = schemas.entityOf(property.schema)
  const nullable = schemas.nullable(property.schema)
  if (nested !== undefined) {
    if (nested !== entity) uses.entities.add(nested)
    if (recursive || nullable) return { line: line(`${name}: ${nested.ident} | null = null`), schemaEntry: `${name}: ${nested.ident}` }
    return { line: line(`${name} = ${nested.ident}.fromJS()`), schemaEntry: `${name}: ${nested.ident}` }
  }
  const list = schemas.entityListOf(property.schema)
  if (list !== undefined) {
    if (list !== entity) uses.entities.add(list)
    return { line: line(`${name}: ${list.ident}[]${nullable ? ' | null' : ''} = ${nullable ? 'null' : '[]'}`), schemaEntry: `${name}: [${list.ident}]` }
  }
  // A plain object holding entities, or a discriminated union of them (and lists of either).
  const normalized = normalizedOf(schemas, property.schema, uses, 'fields', '  ')
  if (normalized !== undefined) {
    const empty = /(^| )null$/.test(normalized.type) ? ' = null' : normalized.schema.startsWith('[') ? ' = []' : ' | undefined = undefined'
    return { line: line(`${name}: ${normalized.type}${empty}`), schemaEntry: `${name}: ${normalized.schema}`, union: normalized.union }
  }
  if (schemas.isDate(property.schema) && !nullable) return { line: line(`${name} = new Date(0)`), schemaEntry: `${name}: Date` }
  const type = schemas.typeOf(property.schema, uses, '  ')
  return { line: line(declaration(schemas, name, property.schema, type)) }
}

/** `name = ''`, `status: 'a' | 'b' = 'a'`, `tags: string[] = []`, `meta: Meta | undefined = undefined`. */
function declaration(schemas: Schemas, name: string, schema: unknown, type: string): string {
  const resolved = schemas.deref(schema)
  const given = defaultLiteral(resolved, type)
  if (type === 'string' || type === 'number' || type === 'boolean') return `${name} = ${given ?? { string: "''", number: '0', boolean: 'false' }[type]}`
  if (given !== undefined) return `${name}: ${type} = ${given}`
  if (/(^| )null( |$)/.test(type)) return `${name}: ${type} = null`
  // An enum, inline or a named type of its own: its first value.
  const literals = enumLiterals(resolved)
  if (literals !== undefined && !/(^| )null( |$)/.test(literals)) return `${name}: ${type} = ${literals.split(' | ')[0]}`
  if (type.endsWith('[]') && isType(resolved, 'array')) return `${name}: ${type} = []`
  return `${name}: ${type} | undefined = undefined`
}

/**
 * The schema's `default` as a literal when it is a scalar that fits the type (a default that
 * contradicts its own schema, which real documents have, is ignored rather than failing tsc).
 */
function defaultLiteral(schema: Record<string, unknown>, type: string): string | undefined {
  const value = schema.default
  let literal: string
  if (typeof value === 'string') literal = stringLiteral(value)
  else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') literal = String(value)
  else return undefined
  const fits =
    type === typeof value ||
    (type === 'number' && typeof value === 'number') ||
    type.split(' | ').includes(literal) ||
    type.split(' | ').includes(typeof value) ||
    (enumLiterals(schema)?.split(' | ').includes(literal) ?? false)
  return fits ? literal : undefined
}

/**
 * The required fields of an entity that another entity of the same table (`x-tessera-key`), whose
 * fields are a subset of its own, lacks: a list's summary and an item's detail. The detail's
 * `validate` checks them, so a summary in the cache reads as missing (and is fetched) instead of
 * as a detail with empty fields, the README's pattern for two views of one record.
 */
function detailFields(schemas: Schemas, entity: NamedSchema, entities: readonly NamedSchema[]): string[] {
  const own = schemas.properties(entity.schema) ?? []
  const names = new Set(own.map((property) => property.name))
  const missing = new Set<string>()
  for (const other of entities) {
    if (other === entity || entityKey(other) !== entityKey(entity)) continue
    const theirs = new Set((schemas.properties(other.schema) ?? []).map((property) => property.name))
    if (theirs.size >= names.size || ![...theirs].every((name) => names.has(name))) continue
    for (const property of own) if (property.required && !theirs.has(property.name) && !UNSAFE_FIELDS.has(property.name)) missing.add(property.name)
  }
  return [...missing]
}

/** `.id`, or `['odd-name']` for a field that is not an identifier. */
function propertyAccess(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${stringLiteral(name)}]`
}

/** The entities an entity's fields hold one of (not lists): the edges whose defaults build instances. */
function directEntities(schemas: Schemas, entity: NamedSchema): NamedSchema[] {
  return (schemas.properties(entity.schema) ?? []).flatMap((property) => {
    const nested = schemas.entityOf(property.schema)
    return nested === undefined || UNSAFE_FIELDS.has(property.name) ? [] : [nested]
  })
}

/** True when the field's entity leads back to `entity` through single nested entities (so `fromJS()` would not end). */
function reaches(direct: Map<NamedSchema, NamedSchema[]>, property: Property, schemas: Schemas, entity: NamedSchema): boolean {
  const start = schemas.entityOf(property.schema)
  if (start === undefined) return false
  const seen = new Set<NamedSchema>()
  const stack = [start]
  while (stack.length > 0) {
    const at = stack.pop()!
    if (at === entity) return true
    if (seen.has(at)) continue
    seen.add(at)
    stack.push(...(direct.get(at) ?? []))
  }
  return false
}

/** The entities a class's `static schema` names. */
function schemaDependencies(schemas: Schemas, entity: NamedSchema): NamedSchema[] {
  return (schemas.properties(entity.schema) ?? []).flatMap((property) => {
    if (UNSAFE_FIELDS.has(property.name)) return []
    const nested = schemas.entityOf(property.schema) ?? schemas.entityListOf(property.schema)
    if (nested !== undefined) return [nested]
    return [...(normalizedOf(schemas, property.schema, { entities: new Set(), types: new Set() }, 'fields')?.entities ?? [])]
  })
}

/** Entities ordered so that each one's schema dependencies come first where no cycle prevents it (depth first, in document order). */
function definitionOrder(schemas: Schemas, entities: readonly NamedSchema[]): NamedSchema[] {
  const order: NamedSchema[] = []
  const state = new Map<NamedSchema, 'visiting' | 'done'>()
  const visit = (root: NamedSchema) => {
    // Iterative: a chain of thousands of nested entities must not overflow the stack.
    const stack: { entity: NamedSchema; next: NamedSchema[] }[] = []
    const enter = (entity: NamedSchema) => {
      state.set(entity, 'visiting')
      stack.push({ entity, next: schemaDependencies(schemas, entity) })
    }
    if (state.has(root)) return
    enter(root)
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      const dependency = top.next.shift()
      if (dependency === undefined) {
        stack.pop()
        state.set(top.entity, 'done')
        order.push(top.entity)
      } else if (!state.has(dependency)) enter(dependency)
    }
  }
  for (const entity of entities) visit(entity)
  return order
}
