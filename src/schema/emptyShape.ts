import { isEntity, isObject, isSchemaLike, schemaKindOf } from './kinds'
import { isArray } from './isArray'

const shapes = new WeakMap<object, unknown>()

/**
 * What reading nothing through a schema gives: an object schema is its shape, with every
 * non-schema member at its default (`{ results: undefined, nextPage: '' }`), so a component can
 * destructure it before the first response; anything else is undefined. The same frozen object
 * for the same schema, so it never looks like a change.
 */
export function emptyShape(schema: unknown): unknown {
  if (!isObject(schema) || isArray(schema) || isEntity(schema)) return undefined
  const members = schemaKindOf(schema) === 'Object' ? (schema as { schema: object }).schema : typeof (schema as { normalize?: unknown }).normalize === 'function' ? undefined : schema
  if (members === undefined) return undefined
  let shape = shapes.get(schema)
  if (shape === undefined) {
    const out: Record<string, unknown> = {}
    for (const name of Object.keys(members)) {
      const member = (members as Record<string, unknown>)[name]
      out[name] = isSchemaLike(member) ? emptyShape(member) : member
    }
    shapes.set(schema, (shape = Object.freeze(out)))
  }
  return shape
}
