import { SchemaError, describeValue } from './SchemaError'
import { INVALID } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import { CollectionAssign } from './CollectionAssign'
import type { Collection } from './Collection'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'
import { isArray } from './isArray'

type Member<D> = D extends (...args: any) => any ? D : D extends { readonly [key: string]: infer E } ? E : D
/** The schema of one item: the definition itself, or (with a schemaAttribute) one of its entries. */
type Item<D, A> = [A] extends [undefined] ? D : Member<D>

/**
 * A map whose values are entities (of one type, or of several chosen by `schemaAttribute`).
 * Without a schemaAttribute, an object definition is the schema of every value.
 */
export class Values<D = any, A extends SchemaAttribute | undefined = undefined> extends Polymorphic {
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'Values'
  declare readonly _denormalized: Record<string, Denormalize<Item<D, A>>>

  protected override get kind(): string {
    return 'Values'
  }

  constructor(definition: D, schemaAttribute?: A) {
    super(definition, schemaAttribute, false)
  }

  /**
   * The `assign` schema of a Collection holding this map. Made here, not by Collection, so apps
   * that never use a map collection do not bundle it.
   */
  assignTo(collection: Collection<any>): CollectionAssign<any> {
    return new CollectionAssign(collection)
  }

  normalize(input: any, _parent: unknown, _key: string | undefined, delegate: NormalizeDelegate): Record<string, unknown> {
    if (typeof input !== 'object' || input === null || isArray(input)) {
      throw new SchemaError(`schema.Values expects an object, got ${describeValue(input)}`)
    }
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(input)) {
      const value = input[key]
      // Empty entries drop out of the map, as they do from lists.
      if (value == null) continue
      try {
        const normalized = this.normalizeValue(value, input, key, delegate)
        if (normalized != null) defineField(out, key, normalized)
      } catch (error) {
        if (error instanceof SchemaError) error.prependPath(key)
        throw error
      }
    }
    return out
  }

  denormalize(input: any, delegate: DenormalizeDelegate): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(input)) {
      const value = this.denormalizeValue(input[key], delegate)
      // Deleted or missing entries drop out of the map, as they do from lists.
      if (value != null && value !== INVALID) defineField(out, key, value)
    }
    return out
  }
}

/** Server-chosen keys become own data properties, even "__proto__". */
function defineField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}
