import { escapeKey } from './pointer'
import { docComment, objectKey, propertyName, stringLiteral } from './literals'
import { describe, isObject, isType, type NamedSchema, type Schema, type Schemas, type Uses } from './schemas'

/** A part of a response or an entity field that the store normalizes, written as a Tessera schema. */
export interface Normalized {
  /** The schema expression: `User`, `[User]`, `{ meta: { owner: User } }`, `new schema.Union({ cat: Cat, dog: Dog }, 'petType')`. */
  schema: string
  /** The type a read of it gives: entities as instances of their classes, the rest as plain JSON. */
  type: string
  /** The entity classes the expression names, so a class's `static schema` comes after theirs. */
  entities: Set<NamedSchema>
  /** True when it calls `schema.Union` (the module then imports `schema`). */
  union: boolean
}

/**
 * What goes into an object schema besides its members that hold entities: `'fields'` for an
 * entity's `static schema` (only those members: the class declares the others), `'response'`
 * for an endpoint's schema, where each other member gets its typed empty value (`''`, `0`,
 * `undefined as T | undefined`) so that the schema, which types the endpoint's result, types it.
 */
export type NormalizedMode = 'fields' | 'response'

/**
 * The Tessera schema of a value that holds entities where a plain entity or list check does not
 * see them: a plain object whose members (at any depth) hold entities or arrays of them, a
 * `oneOf` / `anyOf` of entities with a `discriminator` (a `schema.Union` keyed by the
 * discriminator's values), and arrays of either. Undefined when the value holds none of them, so
 * it stays a typed plain value as before. A plain object schema that contains itself is not
 * followed a second time (that member stays typed, not normalized): the schema would never end.
 */
export function normalizedOf(schemas: Schemas, schema: unknown, uses: Uses, mode: NormalizedMode, indent = ''): Normalized | undefined {
  return visit(schemas, schema, uses, mode, indent, new Set())
}

function visit(schemas: Schemas, schema: unknown, uses: Uses, mode: NormalizedMode, indent: string, stack: Set<Schema>): Normalized | undefined {
  if (!isObject(schema)) return undefined
  const nullable = schemas.nullable(schema) || schemas.nullableAround(schema)
  const entity = schemas.entityOf(schema)
  if (entity !== undefined) {
    uses.entities.add(entity)
    return { schema: entity.ident, type: withNull(entity.ident, nullable), entities: new Set([entity]), union: false }
  }
  const union = unionOf(schemas, schema)
  if (union !== undefined) {
    const members = [...union.members]
    for (const [, member] of members) uses.entities.add(member)
    const mapping = members.map(([value, member]) => `${objectKey(value)}: ${member.ident}`).join(', ')
    const type = [...new Set(members.map(([, member]) => member.ident))].join(' | ')
    return { schema: `new schema.Union({ ${mapping} }, ${stringLiteral(union.attribute)})`, type: withNull(type, nullable), entities: new Set(members.map(([, member]) => member)), union: true }
  }
  const resolved = schemas.deref(schema)
  if (stack.has(resolved)) return undefined
  stack.add(resolved)
  try {
    if (isType(resolved, 'array') && !isType(resolved, 'object')) {
      const item = visit(schemas, resolved.items, uses, mode, indent, stack)
      return item === undefined ? undefined : { ...item, schema: `[${item.schema}]`, type: withNull(`${wrap(item.type)}[]`, nullable) }
    }
    if (Array.isArray(resolved.oneOf) || Array.isArray(resolved.anyOf)) return undefined
    const properties = schemas.properties(resolved)
    if (properties === undefined) return undefined
    const inner = `${indent}  `
    const found = properties.map((property) => ({ property, normalized: visit(schemas, property.schema, uses, mode, inner, stack) }))
    if (found.every(({ normalized }) => normalized === undefined)) return undefined
    const entries: string[] = []
    const members: string[] = []
    const entities = new Set<NamedSchema>()
    let unions = false
    for (const { property, normalized } of found) {
      const doc = describe(property.schema)
      const optional = property.required ? '' : '?'
      if (normalized !== undefined) {
        entries.push(`${objectKey(property.name)}: ${normalized.schema}`)
        members.push(`${doc === '' ? '' : docComment([doc], inner)}${inner}${propertyName(property.name)}${optional}: ${normalized.type}`)
        for (const named of normalized.entities) entities.add(named)
        unions ||= normalized.union
      } else {
        const type = schemas.typeOf(property.schema, uses, inner)
        if (mode === 'response') entries.push(`${objectKey(property.name)}: ${emptyValue(type)}`)
        members.push(`${doc === '' ? '' : docComment([doc], inner)}${inner}${propertyName(property.name)}${optional}: ${type}`)
      }
    }
    const extra = resolved.additionalProperties
    const rest = extra === undefined || extra === false ? undefined : isObject(extra) ? schemas.typeOf(extra, uses, inner) : 'unknown'
    const object = `{\n${members.join('\n')}\n${indent}}`
    const type = rest === undefined ? object : `(${object} & Record<string, ${rest}>)`
    return { schema: `{ ${entries.join(', ')} }`, type: withNull(type, nullable), entities, union: unions }
  } finally {
    stack.delete(resolved)
  }
}

/**
 * A member of a response's object schema that holds no schema: its typed empty value, what it
 * reads as when the response lacks it.
 */
export function emptyValue(type: string): string {
  if (type === 'string') return "''"
  if (type === 'number') return '0'
  if (type === 'boolean') return 'false'
  return `undefined as ${type} | undefined`
}

/**
 * A `oneOf` / `anyOf` whose members are all entities and which has a `discriminator`: the
 * Union's mapping (discriminator value → entity) and attribute. OpenAPI's rules: the
 * `discriminator.mapping` entries (a schema name or a `$ref` to one) name the values they give;
 * a member no entry names is told by its schema's name. Undefined otherwise (no discriminator, a
 * member or a mapped schema that is not an entity), where the union stays a union type.
 */
export function unionOf(schemas: Schemas, schema: unknown): { members: Map<string, NamedSchema>; attribute: string } | undefined {
  const resolved = schemas.deref(schema)
  const choices = Array.isArray(resolved.oneOf) ? resolved.oneOf : Array.isArray(resolved.anyOf) ? resolved.anyOf : undefined
  const discriminator = resolved.discriminator
  if (choices === undefined || choices.length === 0 || !isObject(discriminator) || typeof discriminator.propertyName !== 'string') return undefined
  const entities: NamedSchema[] = []
  for (const choice of choices) {
    const entity = schemas.entityOf(choice)
    if (entity === undefined) return undefined
    entities.push(entity)
  }
  const members = new Map<string, NamedSchema>()
  const mapped = new Set<NamedSchema>()
  if (discriminator.mapping !== undefined) {
    if (!isObject(discriminator.mapping)) return undefined
    for (const [value, target] of Object.entries(discriminator.mapping)) {
      if (typeof target !== 'string') return undefined
      const named = schemas.named.get(target.startsWith('#') ? target : schemas.base + escapeKey(target))
      if (named === undefined || named.pk === undefined) return undefined
      members.set(value, named)
      mapped.add(named)
    }
  }
  for (const entity of entities) if (!mapped.has(entity) && !members.has(entity.name)) members.set(entity.name, entity)
  return { members, attribute: discriminator.propertyName }
}

/** Parenthesizes a union where it goes inside `[]`. */
function wrap(type: string): string {
  return /^[\w$.]+(\[\])*$/.test(type) || (type.startsWith('{') && type.endsWith('}')) ? type : `(${type})`
}

function withNull(type: string, nullable: boolean): string {
  return nullable && !/(^| )null( |$)/.test(type) ? `${type} | null` : type
}
