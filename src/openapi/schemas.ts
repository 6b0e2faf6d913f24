import { OpenApiError } from './OpenApiError'
import { docComment, propertyName, stringLiteral } from './literals'
import { escapeKey, resolvePointer } from './pointer'

/** A JSON Schema object as OpenAPI documents write them (only what the generator reads is typed). */
export type Schema = Record<string, unknown>

/** A schema of `#/components/schemas` (3.x) or `#/definitions` (2.0): it becomes an Entity class or a type. */
export interface NamedSchema {
  /** The `$ref` that names it. */
  ref: string
  /** Its name in the document. */
  name: string
  schema: Schema
  /** Its identifier in the generated code (unique among the exports). */
  ident: string
  /** The field that identifies a record, when the schema is an entity. */
  pk?: string
  /**
   * For an entity, its JSON as a plain type (`PetData`): what request bodies, parameters and
   * plain (not normalized) responses hold where the document names the entity, since those are
   * never instances of the class (no `Date` fields, every optional field optional).
   */
  dataIdent?: string
}

/** One member of an object schema, its own `properties` and those of its `allOf` parts merged. */
export interface Property {
  name: string
  schema: Schema
  required: boolean
}

/** What a written type or schema refers to, so each module imports exactly what it uses. */
export interface Uses {
  /** Entity classes (values). */
  entities: Set<NamedSchema>
  /** Types of types.ts: named types, and entities' plain `…Data` types. */
  types: Set<NamedSchema>
}

/** The name a named schema's plain type has in types.ts. */
export function typeIdent(named: NamedSchema): string {
  return named.dataIdent ?? named.ident
}

/** Formats that mean a date, read back as a `Date` in entities. */
const DATE_FORMATS = new Set(['date-time', 'date'])

/**
 * The document's schemas as the generator sees them: `$ref`s followed (local ones only: the
 * document was checked by `checkRefs`, and a reference this class meets that is not local is
 * refused again), named schemas looked up, and TypeScript types written from schemas. Recursion
 * goes through names: a schema that refers to itself (directly or through others) is written as
 * its name, so cycles end there; one that does so without a name (a `$ref` into a schema's
 * insides) becomes `unknown` at the point it would repeat.
 */
export class Schemas {
  readonly document: Record<string, unknown>
  /** Named schemas by `$ref`. */
  readonly named = new Map<string, NamedSchema>()
  /** The folder that holds the named schemas, as a `$ref` prefix. */
  readonly base: string

  constructor(document: Record<string, unknown>, swagger2: boolean) {
    this.document = document
    this.base = swagger2 ? '#/definitions/' : '#/components/schemas/'
    const holder = swagger2 ? document.definitions : (document.components as Schema | undefined)?.schemas
    if (holder !== undefined && !isObject(holder)) throw new OpenApiError(`${this.base.slice(0, -1)} is not an object`)
    for (const [name, schema] of Object.entries((holder ?? {}) as Record<string, unknown>)) {
      const ref = this.base + escapeKey(name)
      this.named.set(ref, { ref, name, schema: isObject(schema) ? schema : {}, ident: '' })
    }
  }

  /** Follows `$ref`s until a schema that is not one; a chain that comes back to itself is refused. */
  deref(schema: unknown): Schema {
    const seen = new Set<string>()
    let current = schema
    while (isObject(current) && typeof current.$ref === 'string') {
      const ref = current.$ref
      if (!ref.startsWith('#')) throw new OpenApiError(`external $ref ${JSON.stringify(ref)}: tessera openapi never follows a $ref to another file or a URL`)
      if (seen.has(ref)) throw new OpenApiError(`$ref ${JSON.stringify(ref)} points back to itself without a schema in between`)
      seen.add(ref)
      current = resolvePointer(this.document, ref)
    }
    return isObject(current) ? current : {}
  }

  /** The named schema a schema is a `$ref` to (directly), if it is one. */
  namedOf(schema: unknown): NamedSchema | undefined {
    if (!isObject(schema) || typeof schema.$ref !== 'string') return undefined
    const named = this.named.get(schema.$ref)
    if (named !== undefined) return named
    // A $ref to a $ref to a named schema names it too.
    const target = resolvePointer(this.document, schema.$ref)
    return isObject(target) && typeof target.$ref === 'string' && target.$ref !== schema.$ref ? this.namedOf(target) : undefined
  }

  /**
   * The entity a schema is: a `$ref` to one, or an `allOf` whose one entity part the others only
   * add to (`allOf: [{ $ref: Pet }, { description }]`, or a response adding `links` to the record),
   * read as that entity (the added members are kept in the data, not in the class).
   */
  entityOf(schema: unknown, depth = 0): NamedSchema | undefined {
    const named = this.namedOf(schema)
    if (named !== undefined) return named.pk !== undefined ? named : undefined
    if (!isObject(schema) || depth > 8) return undefined
    const resolved = this.deref(schema)
    if (!Array.isArray(resolved.allOf) || resolved.oneOf !== undefined || resolved.anyOf !== undefined) return undefined
    const found = new Set(resolved.allOf.map((part) => this.entityOf(part, depth + 1)).filter((entity) => entity !== undefined))
    return found.size === 1 ? [...found][0] : undefined
  }

  /** The entity an array schema holds, if it is an array of one. */
  entityListOf(schema: unknown): NamedSchema | undefined {
    const array = this.deref(schema)
    return isType(array, 'array') ? this.entityOf(array.items) : undefined
  }

  /**
   * The properties of an object schema, its `allOf` parts' included (later ones win), in order;
   * undefined when the schema is not an object with properties.
   */
  properties(schema: unknown, stack = new Set<Schema>()): Property[] | undefined {
    const resolved = this.deref(schema)
    if (stack.has(resolved)) return undefined
    stack.add(resolved)
    const merged = new Map<string, Property>()
    const required = new Set(Array.isArray(resolved.required) ? resolved.required.filter((name) => typeof name === 'string') : [])
    if (Array.isArray(resolved.allOf)) {
      for (const part of resolved.allOf) for (const property of this.properties(part, stack) ?? []) merged.set(property.name, property)
    }
    if (isObject(resolved.properties)) {
      for (const [name, property] of Object.entries(resolved.properties)) merged.set(name, { name, schema: isObject(property) ? property : {}, required: false })
    }
    stack.delete(resolved)
    if (merged.size === 0) return undefined
    for (const name of required) {
      const property = merged.get(name)
      if (property) merged.set(name, { ...property, required: true })
    }
    return [...merged.values()]
  }

  /** True when the schema allows `null` (3.0's `nullable`, 2.0's `x-nullable`, 3.1's `type: [..., 'null']`). */
  nullable(schema: unknown): boolean {
    const resolved = this.deref(schema)
    return resolved.nullable === true || resolved['x-nullable'] === true || (Array.isArray(resolved.type) && resolved.type.includes('null'))
  }

  /** True for a string schema whose format is a date (read back as a `Date` in entities). */
  isDate(schema: unknown): boolean {
    const resolved = this.deref(schema)
    return isType(resolved, 'string') && typeof resolved.format === 'string' && DATE_FORMATS.has(resolved.format)
  }

  /**
   * The TypeScript type of the JSON a schema describes, recording the named schemas it mentions
   * in `uses`. A named schema is its type's name; an entity its plain `…Data` type (the class
   * is only for normalized fields, which the entity writer handles).
   */
  typeOf(schema: unknown, uses: Uses, indent = '', stack: Set<Schema> = new Set()): string {
    if (!isObject(schema)) return 'unknown'
    const named = this.namedOf(schema)
    if (named !== undefined) {
      uses.types.add(named)
      return withNull(typeIdent(named), this.nullableAround(schema))
    }
    const resolved = this.deref(schema)
    if (stack.has(resolved)) return 'unknown'
    stack.add(resolved)
    try {
      return withNull(this.#typeOfResolved(resolved, uses, indent, stack), this.nullable(resolved))
    } finally {
      stack.delete(resolved)
    }
  }

  /** 3.1 and some 3.0 documents write `{ $ref, nullable: true }` or `anyOf: [{ $ref }, { type: 'null' }]`. */
  nullableAround(schema: Schema): boolean {
    return schema.nullable === true || schema['x-nullable'] === true
  }

  #typeOfResolved(schema: Schema, uses: Uses, indent: string, stack: Set<Schema>): string {
    const literals = enumLiterals(schema)
    if (literals !== undefined) return literals
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0 && !isObject(schema.properties)) {
      return schema.allOf.map((part) => wrap(this.typeOf(part, uses, indent, stack))).join(' & ')
    }
    const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
    if (choices !== undefined && choices.length > 0) return [...new Set(choices.map((part) => wrap(this.typeOf(part, uses, indent, stack))))].join(' | ')
    const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type]
    if (types.length > 1) return types.map((type) => wrap(this.#typeOfResolved({ ...schema, type }, uses, indent, stack))).join(' | ')
    switch (types[0]) {
      case 'string':
        return 'string'
      case 'integer':
      case 'number':
        return 'number'
      case 'boolean':
        return 'boolean'
      case 'null':
        return 'null'
      case 'array':
        return `${wrap(this.typeOf(schema.items, uses, indent, stack))}[]`
      case 'object':
        return this.#objectType(schema, uses, indent, stack)
      default:
        if (isObject(schema.properties) || schema.allOf !== undefined || schema.additionalProperties !== undefined) return this.#objectType(schema, uses, indent, stack)
        if (schema.items !== undefined) return `${wrap(this.typeOf(schema.items, uses, indent, stack))}[]`
        return 'unknown'
    }
  }

  #objectType(schema: Schema, uses: Uses, indent: string, stack: Set<Schema>): string {
    const properties = this.properties(schema) ?? []
    const extra = schema.additionalProperties
    const rest = extra === undefined || extra === false ? undefined : isObject(extra) ? this.typeOf(extra, uses, `${indent}  `, stack) : 'unknown'
    if (properties.length === 0) return rest === undefined ? 'Record<string, unknown>' : `Record<string, ${rest}>`
    const inner = `${indent}  `
    const members = properties.map((property) => {
      const doc = describe(property.schema)
      return `${doc === '' ? '' : docComment([doc], inner)}${inner}${propertyName(property.name)}${property.required ? '' : '?'}: ${this.typeOf(property.schema, uses, inner, stack)}`
    })
    const object = `{\n${members.join('\n')}\n${indent}}`
    return rest === undefined ? object : `(${object} & Record<string, ${rest}>)`
  }
}

/** A description for a generated comment: the schema's own `description` or `title`. */
export function describe(schema: unknown): string {
  if (!isObject(schema)) return ''
  return typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : ''
}

/** `'a' | 'b' | 3` for an enum (or `const`) of JSON scalars; undefined when it has anything else. */
export function enumLiterals(schema: Schema): string | undefined {
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
  if (values === undefined || values.length === 0) return undefined
  const literals = new Set<string>()
  for (const value of values) {
    if (typeof value === 'string') literals.add(stringLiteral(value))
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null) literals.add(String(value))
    else return undefined
  }
  return [...literals].join(' | ')
}

/** True for a plain object (what JSON and YAML objects are). */
export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** True when the schema is of `type` (3.1 lists types; a missing type with members implies object / array). */
export function isType(schema: Schema, type: string): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes(type)
  if (schema.type !== undefined) return schema.type === type
  if (type === 'object') return isObject(schema.properties) || schema.additionalProperties !== undefined
  if (type === 'array') return schema.items !== undefined
  return false
}

/** Parenthesizes a union or intersection where it goes inside `[]` or `&`. */
function wrap(type: string): string {
  return /^[\w$.]+(\[\])*$/.test(type) || type.startsWith('{') || type.startsWith('Record<') ? type : `(${type})`
}

function withNull(type: string, nullable: boolean): string {
  return nullable && type !== 'unknown' && !/(^| )null( |$)/.test(type) ? `${type} | null` : type
}
