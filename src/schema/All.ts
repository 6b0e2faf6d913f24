import { INVALID, normalizeList } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'
import { isArray } from './isArray'

type Member<D> = D extends { readonly [key: string]: infer E } ? (D extends (...args: any) => any ? D : E) : D

/**
 * Every entity of a type that is in the cache, as an array. An entity created through any
 * endpoint appears in the next read, so lists built on All never need to be refetched after a
 * create. With a mapping, the read concatenates each mapped type's table.
 */
/** The input of every read of a `schema.All`: it reads the tables, not an input. */
const TABLES: readonly never[] = Object.freeze([])

export class All<D = any> extends Polymorphic {
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'All'
  declare readonly _denormalized: Denormalize<Member<D>>[]

  protected override get kind(): string {
    return 'All'
  }

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute)
  }

  /**
   * What a read of it looks up: whole tables whatever the arguments, from one shared empty input
   * (so reads with any arguments share one memoized result). Here rather than in the store's
   * selectors, so that apps without `schema.All` do not bundle it.
   */
  queryInput(): readonly never[] {
    return TABLES
  }

  /** Writes the items (an array, or an object's values; null items skipped) to their tables. */
  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown[] {
    return normalizeList(input, 'schema.All expects an array', (item) => this.normalizeValue(item, parent ?? input, key, delegate))
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown[] {
    const out: unknown[] = []
    const seenKeys = new Set<string>()
    for (const entity of this.schemas() as { key: string }[]) {
      if (seenKeys.has(entity.key)) continue
      seenKeys.add(entity.key)
      const pks = delegate.getEntityKeys(entity.key)
      if (delegate.unvisitRows !== undefined) {
        // Row by row against the last read of this table: an edit rebuilds one row.
        for (const value of delegate.unvisitRows(this, entity, pks)) out.push(value)
        continue
      }
      for (const pk of pks) {
        // Deleted records (tombstones) read as INVALID and drop out below.
        const value = delegate.unvisit(entity, pk)
        if (value !== undefined && value !== INVALID) out.push(value)
      }
    }
    // Items that matched no mapping entry were stored as they came; they are part of the result too.
    if (isArray(input)) {
      for (const item of input) {
        if (typeof item === 'object' && item !== null && !isReference(item)) out.push(item)
      }
    }
    return out
  }

}

function isReference(item: object): boolean {
  return Object.hasOwn(item, 'id') && typeof (item as { schema?: unknown }).schema === 'string' && Object.keys(item).length === 2
}
