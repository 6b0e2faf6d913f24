import { createTable } from './table'
import type { Collection, CollectionItems } from './Collection'
import type { Denormalize, DenormalizeDelegate, EntityMeta, NormalizeDelegate } from './types'
import { isArray } from './isArray'

/**
 * The schema of `collection.assign`: merges the response's entries (an object of them) into every
 * stored map whose filter arguments the call satisfies; a newer entry replaces one of the same name.
 */
export class CollectionAssign<S extends CollectionItems = readonly [any]> {
  declare readonly _denormalized: Denormalize<S>

  constructor(readonly collection: Collection<S>) {}

  get key(): string {
    return this.collection.key
  }

  merge(existing: unknown, incoming: unknown): unknown {
    return mergeEntries(existing, incoming)
  }

  mergeWithStore(_existingMeta: unknown, _incomingMeta: unknown, existing: unknown, incoming: unknown): unknown {
    return this.merge(existing, incoming)
  }

  /** Adding to a map does not make it newer: its freshness is the map response's. */
  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta ?? incomingMeta
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const collection = this.collection
    const refs = delegate.visit(collection.schema, input, parent, key) as object
    for (const pk of delegate.getEntities(this.key).keys()) {
      if (collection.matches(pk, delegate.args, undefined)) delegate.mergeEntity(this, pk, refs)
    }
    return refs
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return delegate.unvisit(this.collection.schema, input)
  }
}

/** Entries merged into a stored map; the same map when nothing changes. Server keys stay own data ("__proto__" too). */
function mergeEntries(existing: unknown, incoming: unknown): unknown {
  const base = typeof existing === 'object' && existing !== null && !isArray(existing) ? (existing as Record<string, unknown>) : {}
  const added = incoming as Record<string, unknown>
  const names = Object.keys(added).filter((name) => base[name] !== added[name] || !Object.hasOwn(base, name))
  if (names.length === 0 && base === existing) return existing
  const out: Record<string, unknown> = createTable()
  for (const name of Object.keys(base)) out[name] = base[name]
  for (const name of names) out[name] = added[name]
  return out
}
