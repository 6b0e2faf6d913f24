import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import { supportMany } from './Invalidate'
import { invalidateMany } from './InvalidateMany'
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
}

// `new schema.Invalidate(union)` (createResource's `delete` of a Union) deletes through this.
supportMany(invalidateMany)
