import { SchemaError } from './SchemaError'
import { isEntity, isObject } from './kinds'
import type { Collection, CollectionAdd, CollectionItems, Row } from './Collection'
import type { DenormalizeDelegate, NormalizeDelegate } from './types'
import { isArray } from './isArray'

/**
 * The schema of `collection.move` (and `moveWith`): the response's items leave the stored lists
 * their cached record matched and join those their new values match, e.g. a todo whose `userId`
 * changed. Its own file: the lookups of the record as it was are the whole of it.
 */
export class CollectionMove<S extends CollectionItems = readonly [any]> {
  declare readonly _denormalized: Row<S>
  declare readonly collection: Collection<S>
  // The schemas the lists are merged with: the one that adds (moveWith's merge) and the one that removes.
  readonly #add: CollectionAdd<S>
  readonly #remove: CollectionAdd<S>

  constructor(collection: Collection<S>, add: CollectionAdd<S>, remove: CollectionAdd<S>) {
    this.collection = collection
    this.#add = add
    this.#remove = remove
  }

  get key(): string {
    return this.collection.key
  }

  /**
   * Which lists an item was in is read from its record *before* this response is written (with
   * the first argument for values it does not hold, such as a path's `:group`); which it goes to,
   * from its new fields over the last argument (the body). A list both match, or neither, keeps
   * what it has.
   */
  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const collection = this.collection
    if (collection.isMap) throw new SchemaError(`${this.key} is a map: move works on lists`)
    const schema = collection.schema as any
    const item = isArray(schema) ? schema[0] : schema.schema
    const many = isArray(input)
    const inputs: unknown[] = many ? input : [input]
    const args = delegate.args
    const first = isObject(args[0]) ? args[0] : {}
    const last = args[args.length - 1]
    const before = inputs.map((value) => {
      // A union's members have tables of their own: its items only join lists (none is left).
      if (!isEntity(item)) return [undefined, value]
      const processed = (item as { process?: (...a: unknown[]) => unknown }).process?.(value, parent, key, args) ?? value
      const pk = item.pk(processed, parent, key, args)
      const stored = pk === undefined ? undefined : delegate.getEntity(item.key, `${pk}`)
      return [isObject(stored) ? stored : undefined, processed]
    })
    const refs = delegate.visit(schema, inputs, parent, key) as unknown[]
    refs.forEach((ref, index) => {
      const [was, processed] = before[index] as [object | undefined, object]
      const now = { ...(isObject(last) ? last : {}), ...processed }
      for (const pk of delegate.getEntities(this.key).keys()) {
        const leaves = was !== undefined && collection.matches(pk, [{ ...first, ...was }, was], undefined)
        const joins = collection.matches(pk, [{ ...first, ...now }, { ...was, ...now }], undefined)
        if (leaves !== joins) delegate.mergeEntity(joins ? this.#add : this.#remove, pk, [ref])
      }
    })
    return many ? refs : refs[0]
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.#add.denormalize(input, delegate)
  }
}
