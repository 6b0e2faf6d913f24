import { SchemaError, describeValue, entityLabel } from './SchemaError'
import type { EntityClassLike } from './types'

/**
 * Returned by denormalize when a required entity was deleted or failed validation: the read is
 * Invalid and should be fetched again. A symbol, so it can never be confused with data; it prints
 * as data-client's does (`Symbol(INVALID)`). Reads also take it, like `null`, as a deleted record
 * in entity tables (data-client's tombstone).
 */
export const INVALID: unique symbol = Symbol('INVALID')

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

const checkedFields = new WeakMap<object, string[]>()

/**
 * The field names of an entity's `static schema`, checked once per schema object: every value
 * must be a schema or a value type, so a typo or an import cycle fails loudly instead of
 * silently storing unnormalized data.
 */
export function checkFieldSchemas(entity: { schema: object }): string[] {
  const schema = entity.schema
  let fields = checkedFields.get(schema)
  if (fields !== undefined) return fields
  fields = Object.keys(schema)
  for (const field of fields) {
    const value = (schema as Record<string, unknown>)[field]
    if (!isSchemaLike(value)) {
      throw new SchemaError(
        `${entityLabel(entity)}.schema.${field} is not a schema: got ${describeValue(value)}. ` +
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

/**
 * A string or number where an entity is expected is already that entity's pk: the response
 * refers to a record sent elsewhere (or earlier). Returns the pk as the cache stores it.
 * `''` stays as it is (an empty reference reads as missing, like null).
 * @throws {SchemaError} for NaN and the string "undefined", which only a bug produces.
 */
export function toReference(schema: unknown, value: string | number): string {
  if (value === 'undefined' || (typeof value === 'number' && Number.isNaN(value))) {
    throw new SchemaError(`${entityLabel(schema)} reference is not a usable primary key: got ${describeValue(value)}`)
  }
  return String(value)
}

/** True for the values `toReference` accepts. */
export function isReferenceValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number'
}

/**
 * The items of a value given to a list schema. An object stands for its values (data-client
 * normalizes `{ a: item, b: item }` as `[item, item]`); `keys` then names them for error paths.
 * @throws {SchemaError} for anything else (`what` names the schema in the message).
 */
export function listItems(value: unknown, what: string): { items: readonly unknown[]; keys?: string[] } {
  if (Array.isArray(value)) return { items: value }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value)
    return { items: keys.map((k) => (value as Record<string, unknown>)[k]), keys }
  }
  throw new SchemaError(`${what}, got ${describeValue(value)}`)
}

/**
 * Normalizes each item of a list (an array, or an object's values) with `normalizeItem`. Null and
 * undefined items, and items that normalize to nothing, are left out.
 */
export function normalizeList(value: unknown, what: string, normalizeItem: (item: unknown) => unknown): unknown[] {
  const { items, keys } = listItems(value, what)
  const out: unknown[] = []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (item === undefined || item === null) continue
    let normalized: unknown
    try {
      normalized = normalizeItem(item)
    } catch (error) {
      if (error instanceof SchemaError) error.prependPath(keys === undefined ? i : keys[i])
      throw error
    }
    if (normalized !== undefined && normalized !== null) out.push(normalized)
  }
  return out
}

/** The schema kind a `schema.*` object says it is (`'Array'`, `'Object'`, `'All'`, `'Union'`, `'Collection'`). */
export function schemaKindOf(schema: unknown): string | undefined {
  return schema !== null && typeof schema === 'object' ? (schema as { schemaKind?: string }).schemaKind : undefined
}
