import { SchemaError, describeValue } from './SchemaError'
import { isEntity } from './kinds'
import type { Denormalize, DenormalizeDelegate, EntityClassLike, NormalizeDelegate } from './types'

/**
 * Deletes the entity a response names. Reads that need it become Invalid (and refetch); lists
 * and maps simply drop it. Used by `createResource`'s `delete`.
 */
export class Invalidate<E extends EntityClassLike = EntityClassLike> {
  declare readonly _denormalized: Denormalize<E> | undefined
  /** Type marker: a read through this schema deletes, so endpoints resolve to what they returned. */
  declare readonly _deletes: true
  readonly schema: E

  constructor(entity: E) {
    if (!isEntity(entity)) throw new SchemaError(`schema.Invalidate needs an Entity, got ${describeValue(entity)}`)
    this.schema = entity
  }

  /** The key of the entity this deletes. */
  get key(): string {
    return this.schema.key
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    let id: unknown = input
    if (typeof input === 'object') {
      const entity = this.schema as any
      const processed = typeof entity.process === 'function' ? entity.process(input, parent, key, delegate.args) : input
      id = entity.pk(processed, parent, key, delegate.args)
    }
    if (id === undefined || id === null || id === '' || (typeof id !== 'string' && typeof id !== 'number')) {
      throw new SchemaError(
        `Cannot delete ${(this.schema as any).name ?? this.key}: no usable primary key in ${describeValue(input)}`,
      )
    }
    const pk = String(id)
    delegate.invalidate(this.schema.key, pk)
    return pk
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return delegate.unvisit(this.schema, input)
  }
}
