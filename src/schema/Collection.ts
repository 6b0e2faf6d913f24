import { SchemaError, describeValue } from './SchemaError'
import type { Denormalize, DenormalizeDelegate, EntityMeta, NormalizeDelegate } from './types'

/** Options for `schema.Collection`. */
export interface CollectionOptions {
  /** Table name; defaults to `COLLECT:` plus the item entity's key. */
  key?: string
  /** Argument names that do not change which list this is (pagination cursors, page numbers). */
  nonFilterArgumentKeys?: readonly string[] | RegExp | ((name: string) => boolean)
}

type Item<S> = S extends readonly [infer I] ? I : S

/**
 * A list stored as a record of its own, one per set of filter arguments, so it can grow: use
 * `push`/`unshift` as the schema of a create endpoint (or of a next-page endpoint) to add to it.
 */
export class Collection<S extends readonly [unknown] = readonly [any]> {
  declare readonly _denormalized: Denormalize<Item<S>>[]
  readonly schema: S
  readonly key: string
  /** Appends the response's items to the list named by the call's arguments. */
  readonly push: CollectionAdd<S>
  /** Prepends the response's items to the list named by the call's arguments. */
  readonly unshift: CollectionAdd<S>
  private readonly isFilterKey: (name: string) => boolean

  constructor(schema: S, options: CollectionOptions = {}) {
    if (!Array.isArray(schema) || schema.length !== 1) {
      throw new SchemaError(`schema.Collection takes [Entity], got ${describeValue(schema)}`)
    }
    this.schema = schema
    this.key = options.key ?? `COLLECT:${(schema[0] as { key?: string }).key ?? 'list'}`
    const skip = options.nonFilterArgumentKeys
    this.isFilterKey =
      skip === undefined ? () => true
        : typeof skip === 'function' ? (name) => !skip(name)
        : skip instanceof RegExp ? (name) => !skip.test(name)
        : (name) => !skip.includes(name)
    this.push = new CollectionAdd(this, 'end')
    this.unshift = new CollectionAdd(this, 'start')
  }

  /** The list's identity: the filter arguments of the call, as stable JSON. */
  pk(_value: unknown, _parent?: unknown, _key?: string, args: readonly unknown[] = []): string {
    const params = args[0]
    if (typeof params !== 'object' || params === null) return params === undefined ? '' : JSON.stringify(params)
    const filtered: Record<string, unknown> = {}
    for (const name of Object.keys(params).sort()) {
      if (this.isFilterKey(name) && (params as Record<string, unknown>)[name] !== undefined) {
        filtered[name] = (params as Record<string, unknown>)[name]
      }
    }
    return JSON.stringify(filtered)
  }

  /** A newer response replaces the list; its items were merged into their own tables already. */
  merge(_existing: unknown, incoming: unknown): unknown {
    return incoming
  }

  mergeWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): unknown {
    return existingMeta !== undefined && incomingMeta.fetchedAt < existingMeta.fetchedAt ? existing : incoming
  }

  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta !== undefined && incomingMeta.fetchedAt < existingMeta.fetchedAt ? existingMeta : incomingMeta
  }

  validate(): undefined {
    return undefined
  }

  createIfValid(record: unknown): unknown {
    return Array.isArray(record) ? record : undefined
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): string {
    const items = delegate.visit(this.schema, input, parent, key)
    const pk = this.pk(input, parent, key, delegate.args)
    delegate.mergeEntity(this, pk, items as object)
    return pk
  }

  denormalize(record: unknown, delegate: DenormalizeDelegate): unknown {
    const out: unknown[] = []
    const items = record as unknown[]
    for (let i = 0; i < items.length; i++) {
      const value = delegate.unvisit(this.schema[0], items[i])
      if (value !== undefined && typeof value !== 'symbol') out.push(value)
    }
    return out
  }
}

/** The schema of `collection.push` / `collection.unshift`: adds items to an existing list. */
export class CollectionAdd<S extends readonly [unknown] = readonly [any]> {
  declare readonly _denormalized: Denormalize<Item<S>> | Denormalize<Item<S>>[]

  constructor(
    readonly collection: Collection<S>,
    private readonly where: 'start' | 'end',
  ) {}

  get key(): string {
    return this.collection.key
  }

  merge(existing: unknown, incoming: unknown): unknown {
    const list = Array.isArray(existing) ? existing : []
    const added = (incoming as unknown[]).filter((ref) => !list.includes(ref))
    return this.where === 'end' ? [...list, ...added] : [...added, ...list]
  }

  mergeWithStore(_existingMeta: unknown, _incomingMeta: unknown, existing: unknown, incoming: unknown): unknown {
    return this.merge(existing, incoming)
  }

  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta): EntityMeta {
    return existingMeta ?? incomingMeta
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    const itemSchema = this.collection.schema[0]
    const many = Array.isArray(input)
    const refs = (many ? input : [input]).map((item: unknown) => delegate.visit(itemSchema, item, parent, key))
    const pk = this.collection.pk(input, parent, key, delegate.args)
    if (delegate.getEntity(this.key, pk) !== undefined) delegate.mergeEntity(this, pk, refs)
    return many ? refs : refs[0]
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    const itemSchema = this.collection.schema[0]
    if (!Array.isArray(input)) return delegate.unvisit(itemSchema, input)
    return delegate.unvisit(this.collection.schema, input)
  }
}
