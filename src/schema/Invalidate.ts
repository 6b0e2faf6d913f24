import { SchemaError, describeValue, entityLabel } from './SchemaError'
import { isEntity, isObject, schemaKindOf } from './kinds'
import { unusablePk } from './Entity'
import type { SchemaAttribute } from './Polymorphic'
import type { Union } from './Union'
import type { Denormalize, DenormalizeDelegate, EntityClassLike, NormalizeDelegate } from './types'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages.
declare const process: { env: { NODE_ENV?: string } }

/** What Invalidate can delete: an Entity, a `schema.Union` of them, or a mapping of them. */
export type InvalidateTarget = EntityClassLike | Union<any> | { readonly [type: string]: EntityClassLike }

/** The entity (or union) a read of the deleted record gives. */
type Deleted<E> = E extends EntityClassLike ? E : E extends Union<any> ? E : E[keyof E]

/**
 * How Invalidate deletes one of several types (a Union's, or a mapping's with a schemaAttribute).
 * It lives in `InvalidateMany.ts`, installed by `schema.Invalidate` and `schema.Union`, so that an
 * app that deletes plain entities only (`createResource`'s `delete`) does not bundle it.
 */
export interface InvalidateMany {
  key(self: Invalidate<any>): string
  normalize(self: Invalidate<any>, input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown
  denormalize(self: Invalidate<any>, input: any, delegate: DenormalizeDelegate): unknown
}

let many: InvalidateMany | undefined

/** Installs the polymorphic half of Invalidate (see `InvalidateMany`). */
export function supportMany(ops: InvalidateMany): void {
  many = ops
}

/**
 * Deletes the entity a response names. Reads that need it become Invalid (and refetch); lists
 * and maps simply drop it. Used by `createResource`'s `delete`. Takes an Entity, or a
 * `schema.Union` (its mapping and schemaAttribute are used, so the response's type field picks
 * the table), or a mapping plus a schemaAttribute.
 */
export class Invalidate<E extends InvalidateTarget = EntityClassLike> {
  declare readonly _denormalized: Denormalize<Deleted<E>> | undefined
  /** Type marker: a call of an endpoint with this schema resolves to what its process returned (`controller.fetch` to the deleted entity). */
  declare readonly _deletes: true
  /** The entity, or the mapping of entities by the value `schemaAttribute` gives. */
  declare schema: any
  declare readonly schemaAttribute: SchemaAttribute | undefined

  constructor(entity: E, schemaAttribute?: E extends EntityClassLike | Union<any> ? undefined : SchemaAttribute) {
    // A Union is read through its fields, so deleting a plain Entity bundles no Union code.
    const union = schemaAttribute === undefined && schemaKindOf(entity) === 'Union' ? (entity as unknown as Union) : undefined
    if (union === undefined && (schemaAttribute === undefined ? !isEntity(entity) : !isObject(entity))) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? `schema.Invalidate needs an Entity, a schema.Union or a mapping of Entities with a schemaAttribute, got ${describeValue(entity)}`
          : `Tessera E114: ${describeValue(entity)}`,
      )
    }
    this.schema = union !== undefined ? union.schema : entity
    this.schemaAttribute = union !== undefined ? union.schemaAttribute : (schemaAttribute as SchemaAttribute | undefined)
  }

  /** The key of the entity this deletes (the member keys, joined, for a union). */
  get key(): string {
    return this.schemaAttribute === undefined ? this.schema.key : many!.key(this)
  }

  /** Merges more entries into the mapping (or replaces the entity); lets definitions refer to each other. */
  define(definition: unknown): this {
    if (this.schemaAttribute !== undefined && typeof definition === 'object') Object.assign(this.schema, definition)
    else this.schema = definition
    return this
  }

  /** data-client's `infer`: a delete is never read from the cache, so nothing is inferred. */
  infer(): undefined {
    return undefined
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return this.schemaAttribute === undefined ? dropRecord(this.schema, input, parent, key, delegate, true) : many!.normalize(this, input, parent, key, delegate)
  }

  /** The deleted entity reads as INVALID (and a pk whose type was never known, too). */
  denormalize(input: any, delegate: DenormalizeDelegate): unknown {
    return this.schemaAttribute === undefined ? delegate.unvisit(this.schema, input) : many!.denormalize(this, input, delegate)
  }
}

/**
 * The pk an input names for `entity`: a bare pk as it is, an object through process and pk().
 * With `write`, the record is deleted, and a missing pk is an error.
 */
export function dropRecord(entity: EntityClassLike, input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate, write: boolean): string | undefined {
  let id: unknown = input
  if (isObject(input)) {
    const process = (entity as { process?: (...a: unknown[]) => unknown }).process
    id = entity.pk(typeof process === 'function' ? process.call(entity, input, parent, key, delegate.args) : input, parent, key, delegate.args)
  }
  if (unusablePk(id)) {
    if (write) throw noPk(entityLabel(entity), input)
    return undefined
  }
  const pk = String(id)
  if (write) delegate.invalidate(entity.key, pk)
  return pk
}

/** The error for a delete whose response names no record. */
export function noPk(label: string, input: unknown): SchemaError {
  return new SchemaError(
    process.env.NODE_ENV !== 'production'
      ? `Cannot delete ${label}: no usable primary key in ${describeValue(input)}`
      : `Tessera E115: ${label} ${describeValue(input)}`,
  )
}
