import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import { supportMany } from './Invalidate'
import { invalidateMany } from './InvalidateMany'
import { isEntity } from './kinds'
import { inferPk } from './inferResults'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'

type Members<D> = D extends { readonly [key: string]: infer E } ? E : never

/** One entity that may be of several types, chosen per value by `schemaAttribute`. */
export class Union<D extends { readonly [key: string]: any } = any> extends Polymorphic {
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'Union'
  declare readonly _denormalized: Denormalize<Members<D>>

  protected override get kind(): string {
    return 'Union'
  }

  constructor(definition: D, schemaAttribute: SchemaAttribute) {
    super(definition, schemaAttribute)
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return this.normalizeValue(input, parent, key, delegate)
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.denormalizeValue(input, delegate)
  }

  /**
   * What a read of the Union by arguments (`{ id, type }`) looks up when no response is stored
   * under its key: the member its attribute names, by the pk the arguments give. Here rather than
   * in the store's selectors, so that apps without Unions do not bundle it.
   */
  queryInput(args: readonly unknown[]): { id: string; schema: string } | undefined {
    const params = args[0]
    if (typeof params !== 'object' || params === null) return undefined
    const attr = this.attributeOf(params, undefined, '')
    const member = attr !== undefined && Object.prototype.hasOwnProperty.call(this.definition, attr) ? this.definition[attr] : undefined
    const id = isEntity(member) ? inferPk(member, args) : undefined
    return id === undefined ? undefined : { id, schema: attr! }
  }
}

// `new schema.Invalidate(union)` (createResource's `delete` of a Union) deletes through this.
supportMany(invalidateMany)
