import { INVALID, isEntity, normalizeList } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'
import { isArray } from './isArray'

type Member<D> = D extends (...args: any) => any ? D : D extends { readonly [key: string]: infer E } ? E : D
/** The schema of one item: the definition itself, or (with a schemaAttribute) one of its entries. */
type Item<D, A> = [A] extends [undefined] ? D : Member<D>

/**
 * A list of entities, optionally polymorphic; `[Entity]` is the short form of the single case.
 * Null and undefined items are dropped; an object given as the list stands for its values.
 * Without a schemaAttribute, an object definition is the schema of every item.
 */
export class ArraySchema<D = any, A extends SchemaAttribute | undefined = undefined> extends Polymorphic {
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'Array'
  declare readonly _denormalized: Denormalize<Item<D, A>>[]

  protected override get kind(): string {
    return 'Array'
  }

  constructor(definition: D, schemaAttribute?: A) {
    super(definition, schemaAttribute, false)
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown[] {
    return normalizeList(input, 'Expected an array', (item) => this.normalizeValue(item, parent, key, delegate))
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown[] {
    if (!isArray(input)) return input as unknown[]
    // One entity type: rows that did not change since the last read are reused as they are.
    if (delegate.unvisitRows !== undefined && this.isSingle() && isEntity(this.definition)) return delegate.unvisitRows(input, this.definition, input)
    const out: unknown[] = []
    for (const item of input) {
      const value = this.denormalizeValue(item, delegate)
      if (value != null && value !== INVALID) out.push(value)
    }
    return out
  }
}
