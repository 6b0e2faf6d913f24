import { INVALID } from './kinds'
import { Invalidate as InvalidateClass, dropRecord, noPk, supportMany, type InvalidateMany, type InvalidateTarget } from './Invalidate'
import type { EntityClassLike } from './types'

/**
 * The polymorphic half of `schema.Invalidate`: deleting one of several types, picked by the
 * schemaAttribute (a Union's, or one given with a mapping). Installed by `schema.Invalidate` and
 * by `schema.Union`, the two ways such an Invalidate is made.
 */
export const invalidateMany: InvalidateMany = {
  key(self) {
    const schema = self.schema
    return Object.keys(schema).map((type) => schema[type].key).join('|')
  },

  normalize(self, input, parent, key, delegate) {
    const schema = self.schema
    const attribute = self.schemaAttribute!
    const chosen = typeof attribute === 'function' ? attribute(input, parent, key) : typeof input === 'object' ? input?.[attribute] : undefined
    const type = chosen == null ? undefined : String(chosen)
    if (type !== undefined && Object.hasOwn(schema, type)) return { id: dropRecord(schema[type], input, parent, key, delegate, true), schema: type }
    // The response (or the path parameters) does not say which type was deleted: the record goes
    // from every member table that holds its pk. Deleting one too many only costs a refetch;
    // missing the right one would keep showing deleted data.
    let first: string | undefined
    let found: { id: string; schema: string } | undefined
    for (const type of Object.keys(schema)) {
      const entity = schema[type] as EntityClassLike
      const pk = dropRecord(entity, input, parent, key, delegate, false)
      if (pk === undefined) continue
      first ??= pk
      const stored = delegate.getEntity(entity.key, pk)
      if (stored == null) continue
      delegate.invalidate(entity.key, pk)
      found ??= { id: pk, schema: type }
    }
    if (first === undefined) throw noPk(self.key, input)
    return found ?? first
  },

  denormalize(self, input, delegate) {
    if (typeof input !== 'object' || input === null) return INVALID
    // `{ id, schema }` names the member; anything else was kept as it came.
    return Object.hasOwn(input, 'id') && typeof input.schema === 'string' && Object.hasOwn(self.schema, input.schema) ? delegate.unvisit(self.schema[input.schema], input.id) : input
  },
}

/**
 * `schema.Invalidate`: the Invalidate class, with the polymorphic half installed (a mapping with a
 * schemaAttribute works). The same class `createResource`'s `delete` uses.
 */
export const Invalidate: typeof InvalidateClass = (supportMany(invalidateMany), InvalidateClass)
export type Invalidate<E extends InvalidateTarget = EntityClassLike> = InvalidateClass<E>
