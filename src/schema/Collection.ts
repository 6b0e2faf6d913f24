import { SchemaError, describeValue } from './SchemaError'
import { isEntity, schemaKindOf } from './kinds'
import type { ArraySchema } from './ArraySchema'
import type { Values } from './Values'
import type { CollectionAssign } from './CollectionAssign'

/** What a Collection needs from the map schema it holds (`schema.Values`). */
interface MapSchema {
  assignTo(collection: Collection<any>): unknown
}
import { createTable } from './table'
import type { Denormalize, DenormalizeDelegate, EntityMeta, NormalizeDelegate } from './types'

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

type Row<S> = Denormalize<S> extends readonly (infer R)[] ? R : never

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
  /** The item list schema, as given. */
  readonly schema: S
  readonly key: string
  /** Appends the response's items to every stored list whose filter arguments match the call. */
  readonly push: CollectionAdd<S>
  /** Prepends the response's items to every stored list whose filter arguments match the call. */
  readonly unshift: CollectionAdd<S>
  /**
   * For a Collection of `schema.Values`: merges the response's entries into every stored map whose
   * filter arguments match. Undefined for lists (they grow with `push` and `unshift`).
   */
  readonly assign: S extends Values<any, any> ? CollectionAssign<S> : undefined
  /** Reads as a list: denormalizers rebuild it row by row instead of caching it whole. */
  readonly readsAsList = true
  /** True for argument names that do not narrow the list (see `nonFilterArgumentKeys`). */
  readonly nonFilterArgumentKey: (name: string) => boolean
  private readonly filterFor: ((...args: any[]) => (collectionKey: Record<string, string>) => boolean) | undefined
  private readonly argsKey: ((...args: any[]) => Record<string, unknown>) | undefined
  private readonly nestKey: ((parent: any, key: string | undefined) => Record<string, unknown>) | undefined

  constructor(schema: S, options: CollectionOptions = {}) {
    const kind = schemaKindOf(schema)
    const item = Array.isArray(schema) && schema.length === 1 ? schema[0] : kind === 'Array' || kind === 'Values' ? (schema as { schema: unknown }).schema : undefined
    if (item === undefined) {
      throw new SchemaError(`schema.Collection takes [Entity], new schema.Array(...) or new schema.Values(...), got ${describeValue(schema)}`)
    }
    this.schema = schema
    // A union has no key of its own: its members' keys keep its lists apart from other unions'.
    const named = kind === 'Array' || kind === 'Values' ? schema : item
    const itemKey = (named as { key?: string }).key ?? (named as { entityKeys?: string }).entityKeys ?? ''
    this.key = options.key ?? `COLLECT:${itemKey || 'list'}`
    // A subclass's method counts like the option (data-client's way of customizing them).
    const own = this as { nonFilterArgumentKeys?: unknown; createCollectionFilter?: unknown }
    const skip = options.nonFilterArgumentKeys ?? (typeof own.nonFilterArgumentKeys === 'function' ? (own.nonFilterArgumentKeys.bind(this) as (name: string) => boolean) : undefined)
    this.filterFor = options.createCollectionFilter ?? (typeof own.createCollectionFilter === 'function' ? (own.createCollectionFilter.bind(this) as CollectionOptions['createCollectionFilter']) : undefined)
    this.nonFilterArgumentKey =
      skip === undefined ? (name) => name.startsWith('order')
        : typeof skip === 'function' ? skip
        : skip instanceof RegExp ? (name) => skip.test(name)
        : (name) => skip.includes(name)
    this.argsKey = options.argsKey
    this.nestKey = options.nestKey
    this.push = new CollectionAdd(this, 'end')
    this.unshift = new CollectionAdd(this, 'start')
    // Made by the Values schema, so apps without map collections do not bundle it.
    this.assign = (kind === 'Values' ? (schema as unknown as MapSchema).assignTo(this) : undefined) as this['assign']
  }

  /** True for a Collection of `schema.Values`: its record is a map, not a list. */
  get isMap(): boolean {
    return schemaKindOf(this.schema) === 'Values'
  }

  /**
   * The list's identity: its arguments (or, nested, what `nestKey` takes from the parent) as
   * key-sorted JSON with every value a string, so `{ page: 1 }` and `{ page: '1' }` are one list.
   */
  pk(_value: unknown, parent?: unknown, key?: string, args: readonly unknown[] = []): string {
    // Nested is under a member (a key); at the top level, the parent is the response itself.
    const source = this.nestKey !== undefined && parent !== undefined && key !== undefined ? this.nestKey(parent, key)
      : this.argsKey !== undefined ? this.argsKey(...args)
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
    if (this.isMap) return typeof record === 'object' && record !== null && !Array.isArray(record) ? record : undefined
    return Array.isArray(record) ? record : undefined
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const items = delegate.visit(this.schema, input, parent, key)
    const pk = this.pk(input, parent, key, delegate.args)
    delegate.mergeEntity(this, pk, items as object)
    return pk
  }

  denormalize(record: unknown, delegate: DenormalizeDelegate): unknown {
    // Remembered row by row, however short: the list is rebuilt on every read (not cached whole).
    const item = Array.isArray(this.schema) ? this.schema[0] : undefined
    if (delegate.unvisitRows !== undefined && Array.isArray(record) && isEntity(item)) return delegate.unvisitRows(record, item, record)
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
      merge: { value: appendItems },
    })
  }

  /** True when a list (by its pk) is one a created item with these arguments belongs in. */
  matches(pk: string, args: readonly unknown[], item: unknown): boolean {
    let filter: Record<string, string>
    try {
      filter = JSON.parse(pk)
    } catch {
      return false
    }
    if (typeof filter !== 'object' || filter === null) return false
    if (this.filterFor !== undefined) return this.filterFor(...args)(filter)
    const sources = [args[0], args[1], item]
    for (const name of Object.keys(filter)) {
      if (this.nonFilterArgumentKey(name)) continue
      const wanted = filter[name]
      if (!sources.some((source) => source !== null && typeof source === 'object' && Object.prototype.hasOwnProperty.call(source, name) && `${(source as Record<string, unknown>)[name]}` === wanted)) return false
    }
    return true
  }
}

/** The schema of `collection.push` / `collection.unshift`: adds items to the stored lists. */
export class CollectionAdd<S extends CollectionItems = readonly [any]> {
  declare readonly _denormalized: Row<S>

  constructor(
    readonly collection: Collection<S>,
    private readonly where: 'start' | 'end',
  ) {}

  get key(): string {
    return this.collection.key
  }

  merge(existing: unknown, incoming: unknown): unknown {
    const list = Array.isArray(existing) ? existing : []
    const added = (incoming as unknown[]).filter((ref) => !containsItem(list, ref))
    if (added.length === 0) return existing
    return this.where === 'end' ? [...list, ...added] : [...added, ...list]
  }

  mergeWithStore(_existingMeta: unknown, _incomingMeta: unknown, existing: unknown, incoming: unknown): unknown {
    return this.merge(existing, incoming)
  }

  /** Adding to a list does not make it newer: its freshness is the list response's. */
  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta ?? incomingMeta
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (this.collection.isMap) throw new SchemaError(`${this.key} is a map: add to it with assign`)
    const many = Array.isArray(input)
    const refs = delegate.visit(this.collection.schema, many ? input : [input], parent, key) as unknown[]
    const collection = this.collection
    // Every list already stored whose filter the call (or the created item) satisfies.
    for (const pk of delegate.getEntities(this.key).keys()) {
      if (collection.matches(pk, delegate.args, many ? undefined : input)) delegate.mergeEntity(this, pk, refs)
    }
    return many ? refs : refs[0]
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (Array.isArray(input)) return delegate.unvisit(this.collection.schema, input)
    const [row] = delegate.unvisit(this.collection.schema, [input]) as unknown[]
    return row
  }
}

/** A page merged into the list it continues: appended, without repeating items. */
function appendItems(existing: unknown, incoming: unknown): unknown {
  const list = Array.isArray(existing) ? existing : []
  const added = (incoming as unknown[]).filter((ref) => !containsItem(list, ref))
  return added.length === 0 ? existing : [...list, ...added]
}

/** Items are pks, or `{ id, schema }` references for polymorphic lists: compared by value. */
function containsItem(list: readonly unknown[], ref: unknown): boolean {
  if (typeof ref !== 'object' || ref === null) return list.includes(ref)
  const id = JSON.stringify(ref)
  return list.some((item) => typeof item === 'object' && item !== null && JSON.stringify(item) === id)
}

/** Key-sorted JSON of an argument object with every defined value as a string. */
function listId(source: unknown): string {
  if (source === undefined || source === null) return '{}'
  if (typeof source !== 'object') return JSON.stringify(`${source}`)
  const out = createTable<string>()
  for (const name of Object.keys(source).sort()) {
    const value = (source as Record<string, unknown>)[name]
    if (value !== undefined) out[name] = typeof value === 'string' ? value : `${value}`
  }
  return JSON.stringify(out)
}
