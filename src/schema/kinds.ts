import { SchemaError, describeValue, entityLabel } from './SchemaError'
import type { EntityClassLike } from './types'
import { isArray } from './isArray'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

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
  // Spelled out rather than `isSchemaLike(schema)`: this runs for every value a read visits.
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
  if (fields) return fields
  fields = Object.keys(schema)
  for (const field of fields) {
    const value = (schema as Record<string, unknown>)[field]
    if (!isSchemaLike(value)) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? `${entityLabel(entity)}.schema.${field} is not a schema: got ${describeValue(value)}. ` +
              'Use an Entity class, [Entity], an object of schemas, a schema.* instance or a value type such as Date' +
              (value === undefined ? ' (an import cycle can leave a class undefined at this point; assign the schema after both classes exist)' : '') +
              '.'
          : `Tessera E100: ${entityLabel(entity)}.schema.${field} ${describeValue(value)}`,
      )
    }
  }
  checkedFields.set(schema, fields)
  return fields
}

/** Anything the engine knows how to walk. Strings, numbers and the like are defaults, not schemas. */
export function isSchemaLike(value: unknown): boolean {
  return typeof value === 'function' || isObject(value)
}

/** An object or an array (not null). One spelling, so the bundle carries the test once. */
export function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null
}

/** An object that is not an array: the shape checks of data from outside (server data, storage). */
export function isRecord(value: unknown): value is Record<string, any> {
  return isObject(value) && !isArray(value)
}

/**
 * A string or number where an entity is expected is already that entity's pk: the response
 * refers to a record sent elsewhere (or earlier). Returns the pk as the cache stores it.
 * `''` stays as it is (an empty reference reads as missing, like null).
 * @throws {SchemaError} for NaN and the string "undefined", which only a bug produces.
 */
export function toReference(schema: unknown, value: string | number): string {
  if (value === 'undefined' || (typeof value === 'number' && Number.isNaN(value))) {
    throw new SchemaError(
      process.env.NODE_ENV !== 'production'
        ? `${entityLabel(schema)} reference is not a usable primary key: got ${describeValue(value)}`
        : `Tessera E101: ${entityLabel(schema)} ${describeValue(value)}`,
    )
  }
  return String(value)
}

/** True for the values `toReference` accepts. */
export function isReferenceValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number'
}

/**
 * Normalizes each item of a list (an array, or an object's values) with `normalizeItem`. Null and
 * undefined items, and items that normalize to nothing, are left out. An object stands for its
 * values (data-client normalizes `{ a: item, b: item }` as `[item, item]`); `keys` then names them
 * for error paths.
 * @throws {SchemaError} for anything else (`what` names the schema in the message).
 */
export function normalizeList(value: unknown, what: string, normalizeItem: (item: unknown) => unknown): unknown[] {
  if (!isObject(value)) throw new SchemaError(`${what}, got ${describeValue(value)}`)
  const keys = isArray(value) ? undefined : Object.keys(value)
  const items: readonly unknown[] = keys === undefined ? (value as unknown[]) : keys.map((k) => value[k])
  const out: unknown[] = []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    if (item == null) continue
    let normalized: unknown
    try {
      normalized = normalizeItem(item)
    } catch (error) {
      if (error instanceof SchemaError) error.prependPath(keys === undefined ? i : keys[i])
      throw error
    }
    if (normalized != null) out.push(normalized)
  }
  return out
}

/** The schema kind a `schema.*` object says it is (`'Array'`, `'Object'`, `'All'`, `'Union'`, `'Collection'`). */
export function schemaKindOf(schema: unknown): string | undefined {
  return isObject(schema) ? (schema as { schemaKind?: string }).schemaKind : undefined
}
