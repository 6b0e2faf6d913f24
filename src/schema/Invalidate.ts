import { SchemaError, describeValue, entityLabel } from './SchemaError'
import { INVALID, isEntity } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import { Union } from './Union'
import type { Denormalize, DenormalizeDelegate, EntityClassLike, NormalizeDelegate } from './types'

/** What Invalidate can delete: an Entity, a `schema.Union` of them, or a mapping of them. */
export type InvalidateTarget = EntityClassLike | Union<any> | { readonly [type: string]: EntityClassLike }

/** The entity (or union) a read of the deleted record gives. */
type Deleted<E> = E extends EntityClassLike ? E : E extends Union<any> ? E : E[keyof E]

const hasOwn = Object.prototype.hasOwnProperty

/**
 * Deletes the entity a response names. Reads that need it become Invalid (and refetch); lists
 * and maps simply drop it. Used by `createResource`'s `delete`. Takes an Entity, or a
 * `schema.Union` (its mapping and schemaAttribute are used, so the response's type field picks
 * the table), or a mapping plus a schemaAttribute.
 */
export class Invalidate<E extends InvalidateTarget = EntityClassLike> extends Polymorphic {
  declare readonly _denormalized: Denormalize<Deleted<E>> | undefined
  /** Type marker: a read through this schema deletes, so endpoints resolve to what they returned. */
  declare readonly _deletes: true

  protected override get kind(): string {
    return 'Invalidate'
  }

  constructor(entity: E, schemaAttribute?: E extends EntityClassLike | Union<any> ? undefined : SchemaAttribute) {
    const union = entity instanceof Union && schemaAttribute === undefined ? entity : undefined
    if (union === undefined && schemaAttribute === undefined && !isEntity(entity)) {
      throw new SchemaError(`schema.Invalidate needs an Entity, a schema.Union or a mapping of Entities with a schemaAttribute, got ${describeValue(entity)}`)
    }
    super(union !== undefined ? union.schema : entity, union !== undefined ? union.schemaAttribute : schemaAttribute)
  }

  /** The key of the entity this deletes (the member keys, joined, for a union). */
  get key(): string {
    return this.entityKeys
  }

  /** data-client's `infer`: a delete is never read from the cache, so nothing is inferred. */
  infer(): undefined {
    return undefined
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (this.isSingle()) {
      const entity = this.definition as EntityClassLike
      const pk = pkOf(entity, input, parent, key, delegate)
      if (pk === undefined) throw noPk(entity, input)
      delegate.invalidate(entity.key, pk)
      return pk
    }
    const attr = typeof input === 'object' || typeof this.schemaAttribute === 'function' ? this.attributeOf(input, parent, key) : undefined
    if (attr !== undefined && hasOwn.call(this.definition, attr)) {
      const entity = this.definition[attr] as EntityClassLike
      const pk = pkOf(entity, input, parent, key, delegate)
      if (pk === undefined) throw noPk(entity, input)
      delegate.invalidate(entity.key, pk)
      return { id: pk, schema: attr }
    }
    // The response (or the path parameters) does not say which type was deleted: the record goes
    // from every member table that holds its pk. Deleting one too many only costs a refetch;
    // missing the right one would keep showing deleted data.
    let first: string | undefined
    let found: { id: string; schema: string } | undefined
    for (const type of Object.keys(this.definition)) {
      const entity = this.definition[type] as EntityClassLike
      const pk = pkOf(entity, input, parent, key, delegate)
      if (pk === undefined) continue
      first ??= pk
      const stored = delegate.getEntity(entity.key, pk)
      if (stored === undefined || stored === null) continue
      delegate.invalidate(entity.key, pk)
      found ??= { id: pk, schema: type }
    }
    if (first === undefined) throw noPk(this, input)
    return found ?? first
  }

  /** The deleted entity reads as INVALID (and a pk whose type was never known, too). */
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (!this.isSingle() && (typeof input !== 'object' || input === null)) return INVALID
    return this.denormalizeValue(input, delegate)
  }
}

/** The pk an input names for `entity`: a bare pk as it is, an object through process and pk(). */
function pkOf(entity: EntityClassLike, input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string | undefined {
  let id: unknown = input
  if (typeof input === 'object' && input !== null) {
    const process = (entity as { process?: (...a: unknown[]) => unknown }).process
    const processed = typeof process === 'function' ? process.call(entity, input, parent, key, delegate.args) : input
    id = entity.pk(processed, parent, key, delegate.args)
  }
  if (id === undefined || id === null || id === '' || id === 'undefined' || (typeof id !== 'string' && typeof id !== 'number') || Number.isNaN(id)) return undefined
  return String(id)
}

function noPk(schema: unknown, input: unknown): SchemaError {
  const label = schema instanceof Invalidate ? schema.key : entityLabel(schema)
  return new SchemaError(`Cannot delete ${label}: no usable primary key in ${describeValue(input)}`)
}
