import type { Collection } from '../../schema/Collection'
import { schemaKindOf } from '../../schema/kinds'
import { ObjectSchema } from '../../schema/ObjectSchema'
import { isArray } from '../../schema/isArray'

/**
 * The schema with its Collection (bare, or a member of an object schema) replaced by
 * `map(collection)`; undefined when it holds none. Only the first Collection is mapped. How a
 * list's derived endpoints (push, getPage…) find the Collection they add to.
 */
export function mapCollection(schema: unknown, map: (collection: Collection<any>) => unknown): unknown {
  if (schemaKindOf(schema) === 'Collection') return map(schema as Collection<any>)
  const members = schema instanceof ObjectSchema ? (schema.schema as object) : schema
  // Arrays and schema objects (anything that normalizes itself) hold no member Collection here.
  if (members === null || typeof members !== 'object' || isArray(members) || 'normalize' in members) return undefined
  for (const [name, member] of Object.entries(members)) {
    const mapped = mapCollection(member, map)
    if (mapped !== undefined) {
      const out = { ...members, [name]: mapped }
      return schema instanceof ObjectSchema ? new ObjectSchema(out) : out
    }
  }
  return undefined
}
