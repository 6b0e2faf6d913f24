import { SchemaError, describeValue } from './SchemaError'
import type { EntityClassLike, SchemaSimple } from './types'

/**
 * Returned by denormalize when a required entity was deleted or failed validation: the read is
 * Invalid and should be fetched again. A symbol, so it can never be confused with data.
 */
export const INVALID: unique symbol = Symbol('tessera.invalid')

/**
 * True for schemas stored as records of their own (Entity classes, `schema.Entity(...)` results,
 * collections): they have a pk and build values with `createIfValid`, so reads of them are cached.
 */
export function isEntity(schema: unknown): schema is EntityClassLike {
  return (
    schema !== null &&
    (typeof schema === 'function' || typeof schema === 'object') &&
    typeof (schema as { pk?: unknown }).pk === 'function' &&
    typeof (schema as { createIfValid?: unknown }).createIfValid === 'function'
  )
}

/** True for schema objects (All, Collection, Union, …) that normalize and denormalize themselves. */
export function isSchemaClass(schema: unknown): schema is SchemaSimple {
  return (
    schema !== null &&
    (typeof schema === 'object' || typeof schema === 'function') &&
    typeof (schema as { normalize?: unknown }).normalize === 'function' &&
    typeof (schema as { denormalize?: unknown }).denormalize === 'function'
  )
}

const checkedFields = new WeakMap<object, string[]>()

/**
 * The field names of an entity's `static schema`, checked once per schema object: every value
 * must be a schema or a value type, so a typo or an import cycle fails loudly instead of
 * silently storing unnormalized data.
 */
export function checkFieldSchemas(entity: { name: string; schema: object }): string[] {
  const schema = entity.schema
  let fields = checkedFields.get(schema)
  if (fields !== undefined) return fields
  fields = Object.keys(schema)
  for (const field of fields) {
    const value = (schema as Record<string, unknown>)[field]
    if (!isSchemaLike(value)) {
      throw new SchemaError(
        `${entity.name}.schema.${field} is not a schema: got ${describeValue(value)}. ` +
          'Use an Entity class, [Entity], an object of schemas, a schema.* instance or a value type such as Date' +
          (value === undefined ? ' (an import cycle can leave a class undefined at this point; assign the schema after both classes exist)' : '') +
          '.',
      )
    }
  }
  checkedFields.set(schema, fields)
  return fields
}

/** Anything the engine knows how to walk. Strings, numbers and the like are defaults, not schemas. */
export function isSchemaLike(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null)
}
