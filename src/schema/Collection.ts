import { SchemaError, describeValue } from './SchemaError'
import { isEntity, isObject, schemaKindOf } from './kinds'
import type { ArraySchema } from './ArraySchema'
import type { Values } from './Values'
import type { CollectionAssign } from './CollectionAssign'
import { createTable } from './table'
import type { Denormalize, DenormalizeDelegate, EntityMeta, NormalizeDelegate } from './types'
import { isArray } from './isArray'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** What a Collection needs from the map schema it holds (`schema.Values`). */
interface MapSchema {
  assignTo(collection: Collection<any>): unknown
}

/** Options for `schema.Collection`. */
export interface CollectionOptions {
  /** Table name; defaults to `COLLECT:` plus the item entity's key. */
  key?: string
  /**
   * Argument names that do not narrow which items belong to a list (sort orders, cursors): a
   * created item is added to a list whatever that list's value for them. Default: names
   * starting with `order`.
   */
  nonFilterArgumentKeys?: readonly string[] | RegExp | ((name: string) => boolean)
  /**
   * Replaces the argument matching altogether: given a create's arguments, returns the test of a
   * stored list's arguments (`collectionKey`, every value a string) that says whether the created
   * items join that list. Subclasses may define either as a method instead, as in data-client.
   */
  createCollectionFilter?: (...args: any[]) => (collectionKey: Record<string, string>) => boolean
  /** The list's identity from the call's arguments (default: the first argument's members). */
  argsKey?: (...args: any[]) => Record<string, unknown>
  /**
   * For a Collection nested in an entity: the list's identity from the entity that holds it,
   * e.g. `(parent) => ({ userId: parent.id })`, so a push with `{ userId }` finds it.
   */
  nestKey?: (parent: any, key: string | undefined) => Record<string, unknown>
}

/**
 * Schemas a Collection can hold: `[Entity]` or `new schema.Array(...)` (a list), or
 * `new schema.Values(...)` (a map, grown with `assign`). Any array type is accepted too, for
 * data-client's spelling `schema.Collection<Todo[]>` (or `<O['schema'][]>`); the tuple keeps
 * `new schema.Collection([Todo])` inferred as `Collection<[typeof Todo]>`.
 */
export type CollectionItems = readonly [unknown] | readonly unknown[] | ArraySchema<any, any> | Values<any, any>

/** One item of a Collection's response (what `push`, `remove` and `move` return for one). */
export type Row<S> = Denormalize<S> extends readonly (infer R)[] ? R : never

/**
 * How a list takes the items a request brings: given the stored list and the incoming items (both
 * normalized: pks, or `{ id, schema }` for unions), the new list. `push` appends, `unshift`
 * prepends; pass one to `addWith` or `moveWith` to choose where items go.
 */
export type CollectionMerge = (existing: any, incoming: any) => any

/** Entity classes (and `schema.Entity` results) copy their input with `process` before reading its pk. */
type EntityWithProcess = { process(value: unknown, parent: unknown, key: string | undefined, args: readonly unknown[]): object }

/** Filter arguments as `createCollectionFilter` receives them: the call's, then the stored list's key. */
type CollectionFilter = (...args: any[]) => (collectionKey: Record<string, string>) => boolean

/**
 * A list stored as a record of its own, one per set of arguments, so it can grow: `push` and
 * `unshift` (the schemas of create endpoints) add items to every stored list whose filter
 * arguments match, and a paginated endpoint appends its pages to the list it continues. Over a
 * `schema.Values`, the record is a map instead, and `assign` merges new entries into it.
 */
export class Collection<S extends CollectionItems = readonly [any]> {
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'Collection'
  declare readonly _denormalized: Denormalize<S>
  // Fields set in the constructor are `declare`d: a class field would be emitted (and shipped) twice.
  /** The item list schema, as given. */
  declare readonly schema: S
  declare readonly key: string
  /** Appends the response's items to every stored list whose filter arguments match the call. */
  declare readonly push: CollectionAdd<S>
  /** Prepends the response's items to every stored list whose filter arguments match the call. */
  declare readonly unshift: CollectionAdd<S>
  /**
   * Takes the response's items out of every stored list whose filter arguments match the call
   * (not the items' own fields: an item updated to another group leaves the lists of the group
   * the call names). Writable, as data-client's, so a subclass may replace it.
   */
  declare remove: CollectionAdd<S>
  /**
   * Moves the response's items between lists: out of the stored lists their cached record (before
   * this response) matches, into those their new fields and the last argument match; lists both
   * or neither match are left alone. Appends; `this.move = this.moveWith(unshift)` prepends.
   */
  declare move: CollectionAdd<S>
  /**
   * For a Collection of `schema.Values`: merges the response's entries into every stored map whose
   * filter arguments match. Undefined for lists (they grow with `push` and `unshift`).
   */
  declare readonly assign: S extends Values<any, any> ? CollectionAssign<S> : undefined
  /** Reads as a list: denormalizers rebuild it row by row instead of caching it whole. */
  readonly readsAsList = true
  /** True for argument names that do not narrow the list (see `nonFilterArgumentKeys`). */
  declare readonly nonFilterArgumentKey: (name: string) => boolean
  // `#` fields: minifiers shorten them. Read only by methods of the instance itself (a paginated
  // view, made with Object.create, calls the original's `pk`).
  readonly #filterFor: ((...args: any[]) => (collectionKey: Record<string, string>) => boolean) | undefined
  readonly #argsKey: ((...args: any[]) => Record<string, unknown>) | undefined
  readonly #nestKey: ((parent: any, key: string | undefined) => Record<string, unknown>) | undefined

  constructor(schema: S, options: CollectionOptions = {}) {
    const kind = schemaKindOf(schema)
    const wrapper = kind === 'Array' || kind === 'Values'
    const item = isArray(schema) && schema.length === 1 ? schema[0] : wrapper ? (schema as { schema: unknown }).schema : undefined
    if (item === undefined) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? `schema.Collection takes [Entity], new schema.Array(...) or new schema.Values(...), got ${describeValue(schema)}`
          : `Tessera E110: ${describeValue(schema)}`,
      )
    }
    this.schema = schema
    // A union has no key of its own: its members' keys keep its lists apart from other unions'.
    const named = (wrapper ? schema : item) as { key?: string; entityKeys?: string }
    this.key = options.key ?? `COLLECT:${(named.key ?? named.entityKeys) || 'list'}`
    // A subclass's method counts like the option (data-client's way of customizing them).
    const option = <N extends 'nonFilterArgumentKeys' | 'createCollectionFilter'>(name: N): CollectionOptions[N] => {
      const method = (this as unknown as Record<N, unknown>)[name]
      return options[name] ?? (typeof method === 'function' ? method.bind(this) : undefined)
    }
    const skip = option('nonFilterArgumentKeys')
    this.#filterFor = option('createCollectionFilter')
    this.nonFilterArgumentKey =
      skip === undefined ? (name) => name.startsWith('order')
        : typeof skip === 'function' ? skip
        : skip instanceof RegExp ? (name) => skip.test(name)
        : (name) => skip.includes(name)
    this.#argsKey = options.argsKey
    this.#nestKey = options.nestKey
    this.push = this.addWith(append)
    this.unshift = this.addWith(unshift)
    this.remove = this.addWith(removeItems)
    this.move = this.moveWith(append)
    // Made by the Values schema, so apps without map collections do not bundle it.
    this.assign = (kind === 'Values' ? (schema as unknown as MapSchema).assignTo(this) : undefined) as this['assign']
  }

  /**
   * A schema that adds items the way `merge` says, to the stored lists `createCollectionFilter`
   * (given the call's arguments) accepts; without one, to those `push` would add to. What `push`,
   * `unshift` and `remove` are made with.
   */
  addWith(merge: CollectionMerge, createCollectionFilter?: CollectionFilter): CollectionAdd<S> {
    return new CollectionAdd(this, merge, createCollectionFilter)
  }

  /** A `move` that puts the items in the lists they join the way `merge` says (`unshift`: first). */
  moveWith(merge: CollectionMerge): CollectionAdd<S> {
    return new CollectionAdd(this, merge, undefined, this.addWith(removeItems))
  }

  /** True for a Collection of `schema.Values`: its record is a map, not a list. */
  get isMap(): boolean {
    return schemaKindOf(this.schema) === 'Values'
  }

  /**
   * The list's identity: its arguments (or, nested, what `nestKey` takes from the parent) as
   * key-sorted JSON with every value a string (objects stay JSON), so `{ page: 1 }` and `{ page: '1' }` are one list.
   */
  pk(_value: unknown, parent?: unknown, key?: string, args: readonly unknown[] = []): string {
    // Nested is under a member (a key); at the top level, the parent is the response itself.
    const source = this.#nestKey !== undefined && parent !== undefined && key !== undefined ? this.#nestKey(parent, key)
      : this.#argsKey !== undefined ? this.#argsKey(...args)
      : args[0]
    return listId(source)
  }

  /** A newer response replaces the list; its items were merged into their own tables already. */
  merge(_existing: unknown, incoming: unknown): unknown {
    return incoming
  }

  shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt
  }

  mergeWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown {
    return existingMeta !== undefined && this.shouldReorder(existingMeta, incomingMeta) ? this.merge(incoming, existing) : this.merge(existing, incoming)
  }

  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta !== undefined && this.shouldReorder(existingMeta, incomingMeta) ? existingMeta : incomingMeta
  }

  validate(): undefined {
    return undefined
  }

  createIfValid(record: unknown): unknown {
    return (this.isMap ? isObject(record) && !isArray(record) : isArray(record)) ? record : undefined
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const items = delegate.visit(this.schema, input, parent, key)
    const pk = this.pk(input, parent, key, delegate.args)
    delegate.mergeEntity(this, pk, items as object)
    return pk
  }

  denormalize(record: unknown, delegate: DenormalizeDelegate): unknown {
    // Remembered row by row, however short: the list is rebuilt on every read (not cached whole).
    const item = isArray(this.schema) ? this.schema[0] : undefined
    if (delegate.unvisitRows !== undefined && isArray(record) && isEntity(item)) return delegate.unvisitRows(record, item, record)
    return delegate.unvisit(this.schema, record)
  }

  /**
   * The same lists, for an endpoint that fetches one more page: `removeCursor` turns the page's
   * arguments into those of the list it continues, and the page's items are appended to that
   * list (items already in it are not repeated).
   */
  paginate(removeCursor: (...args: any[]) => readonly unknown[]): Collection<S> {
    const collection = this
    return Object.create(this, {
      pk: {
        value(value: unknown, parent?: unknown, key?: string, args: readonly unknown[] = []) {
          return collection.pk(value, parent, key, removeCursor(...args))
        },
      },
      merge: { value: append },
    })
  }

  /**
   * True when a list (by its pk) is one a created item with these arguments belongs in; `filterFor`
   * replaces the Collection's own `createCollectionFilter` (what `addWith` was given).
   */
  matches(pk: string, args: readonly unknown[], item: unknown, filterFor = this.#filterFor): boolean {
    let filter: Record<string, string>
    try {
      filter = JSON.parse(pk)
    } catch {
      return false
    }
    if (!isObject(filter)) return false
    if (filterFor !== undefined) return filterFor(...args)(filter)
    const sources = [args[0], args[1], item]
    return Object.keys(filter).every(
      (name) => this.nonFilterArgumentKey(name) || sources.some((source) => isObject(source) && Object.hasOwn(source, name) && `${source[name]}` === filter[name]),
    )
  }
}

/**
 * The schema of `collection.push`, `unshift`, `remove` and `move` (and of `addWith`, `moveWith`):
 * normalizes the response's items and merges them into the stored lists the call matches. One
 * class for all of them: every app bundles it (createResource's lists have them), so it is kept small.
 */
export class CollectionAdd<S extends CollectionItems = readonly [any]> {
  declare readonly _denormalized: Row<S>
  declare readonly collection: Collection<S>
  readonly #merge: CollectionMerge
  readonly #filterFor: CollectionFilter | undefined
  /** Set for a move: the schema that takes the items out of the lists they leave. */
  readonly #remove: CollectionAdd<S> | undefined

  constructor(collection: Collection<S>, merge: CollectionMerge, createCollectionFilter?: CollectionFilter, remove?: CollectionAdd<S>) {
    this.collection = collection
    this.#merge = merge
    this.#filterFor = createCollectionFilter
    this.#remove = remove
  }

  get key(): string {
    return this.collection.key
  }

  merge(existing: unknown, incoming: unknown): unknown {
    return this.#merge(existing, incoming)
  }

  mergeWithStore(_existingMeta: unknown, _incomingMeta: unknown, existing: unknown, incoming: unknown): unknown {
    return this.merge(existing, incoming)
  }

  /** Adding to a list does not make it newer: its freshness is the list response's. */
  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta ?? incomingMeta
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const collection = this.collection
    if (collection.isMap) throw new SchemaError(`${this.key} is a map: add to it with assign`)
    const many = isArray(input)
    const args = delegate.args
    const schema = collection.schema as any
    const item = isArray(schema) ? schema[0] : schema.schema
    const remove = this.#remove
    // A move: each item's processed input, and its record before this response overwrites it (which
    // lists it is in now). A union's members have tables of their own: its items are not looked up,
    // so they only join lists.
    const values: any[] = (many ? input : [input]).map((value: unknown) => (remove && isEntity(item) ? (item as unknown as EntityWithProcess).process(value, parent, key, args) : value))
    const records = remove && values.map((value) => isEntity(item) && delegate.getEntity(item.key, `${item.pk(value, parent, key, args)}`))
    const refs = delegate.visit(schema, many ? input : [input], parent, key) as unknown[]
    for (const pk of delegate.getEntities(this.key).keys()) {
      if (records) {
        // It leaves the lists its record matched (with the first argument for values it does not
        // hold, such as a path's `:group`) and joins those its new fields over the last argument
        // (the body) match. A list both match, or neither, keeps what it has.
        refs.forEach((ref, index) => {
          const was = records[index]
          const now = { ...(args[args.length - 1] as object), ...values[index] }
          const leaves = isObject(was) && collection.matches(pk, [{ ...(args[0] as object), ...was }, was], undefined)
          const joins = collection.matches(pk, [{ ...(args[0] as object), ...now }, { ...(was as object), ...now }], undefined)
          if (leaves !== joins) delegate.mergeEntity(joins ? this : remove, pk, [ref])
        })
      } else if (collection.matches(pk, args, many || this.#merge === removeItems ? undefined : input, this.#filterFor)) {
        // A created item's own fields count too (it joins its user's lists); a removed item's do
        // not: updated to another group, it leaves the lists of the group the call names.
        delegate.mergeEntity(this, pk, refs)
      }
    }
    return many ? refs : refs[0]
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    const many = isArray(input)
    const rows = delegate.unvisit(this.collection.schema, many ? input : [input]) as unknown[]
    return many ? rows : rows[0]
  }
}

/**
 * The merge of `unshift`: the incoming items first, then the list's (items it already holds are
 * not repeated). Give it to `moveWith` or `addWith` to put items at the start.
 */
export const unshift: CollectionMerge = (existing, incoming) => addItems(existing, incoming, false)

/** The merge of `push` (and of `move`): the incoming items after the list's, not repeated. */
const append: CollectionMerge = (existing, incoming) => addItems(existing, incoming, true)

/** The merge of `remove`: the list without the incoming items; the same list when none was in it. */
function removeItems(existing: unknown, incoming: readonly unknown[]): unknown {
  if (!isArray(existing)) return existing
  const kept = existing.filter((ref) => !containsItem(incoming, ref))
  return kept.length === existing.length ? existing : kept
}

/** Items added to a stored list (at its end or its start), without repeating the ones it holds. */
function addItems(existing: unknown, incoming: unknown, atEnd: boolean): unknown {
  const list = isArray(existing) ? existing : []
  const added = (incoming as unknown[]).filter((ref) => !containsItem(list, ref))
  if (added.length === 0) return existing
  return atEnd ? [...list, ...added] : [...added, ...list]
}

/** Items are pks, or `{ id, schema }` references for polymorphic lists: compared by value. */
function containsItem(list: readonly unknown[], ref: unknown): boolean {
  if (!isObject(ref)) return list.includes(ref)
  const id = JSON.stringify(ref)
  return list.some((item) => isObject(item) && JSON.stringify(item) === id)
}

/**
 * Key-sorted JSON of an argument object with every defined value as a string, except objects and
 * arrays, kept as JSON (as data-client keeps them): `{ a: { b: 1 } }` and `{ a: { b: 2 } }` are two lists.
 */
function listId(source: unknown): string {
  if (source == null) return '{}'
  if (typeof source !== 'object') return JSON.stringify(`${source}`)
  const out = createTable<unknown>()
  for (const name of Object.keys(source).sort()) {
    const value = (source as Record<string, unknown>)[name]
    if (value !== undefined) out[name] = typeof value === 'string' || (typeof value === 'object' && value) ? value : `${value}`
  }
  return JSON.stringify(out)
}
