import type { RecordTable } from './table'

/**
 * Shared schema types: the contract between normalize/denormalize and every schema kind.
 * Nothing here knows about a store; a "table" is just `{ [entityKey]: { [pk]: record } }`.
 */

/** Freshness stamps that travel with every normalized entity record. */
export interface EntityMeta {
  /** When the response that wrote the record was received (ms since epoch). */
  readonly date: number
  /** When the request that produced the record was started; orders racing responses. */
  readonly fetchedAt: number
  /** When the record stops being fresh. */
  readonly expiresAt: number
  /**
   * When the request behind a field started, for the fields where that is not `fetchedAt`: a
   * record merged from a summary and a detail response holds fields of two ages. Optimistic guesses
   * compare against it: over a field a response started after its mutation wrote, a pending guess
   * shows the value it had when the mutation started, not one made again over that response.
   */
  readonly fieldsAt?: { readonly [field: string]: number }
}

/** Normalized records by entity key and pk; `null` is a tombstone left by `schema.Invalidate`. */
export interface EntityTable {
  [entityKey: string]: { [pk: string]: unknown } | undefined
}

/** Per-record freshness stamps, shaped like `EntityTable`. */
export interface EntitiesMetaTable {
  [entityKey: string]: { [pk: string]: EntityMeta } | undefined
}

/**
 * Entity tables as the store keeps them: each table flat or sharded (see `RecordTable`). Every
 * `EntityTable` is one. Read records with `readEntry`, not by indexing.
 */
export interface StoredEntities {
  readonly [entityKey: string]: RecordTable | undefined
}

/** Freshness stamps as the store keeps them. */
export interface StoredEntitiesMeta {
  readonly [entityKey: string]: RecordTable<EntityMeta> | undefined
}

/** Secondary lookups (`entityKey → indexName → value → pk`). */
export interface IndexTable {
  [entityKey: string]: { [indexName: string]: { [value: string]: string } } | undefined
}

/** Identifies one entity record that a denormalized value was built from. */
export interface EntityPath {
  key: string
  pk: string
}

/** Helpers a schema receives while normalizing; they hide the store and the pending writes. */
export interface NormalizeDelegate {
  /** Normalizes a nested value with its schema. */
  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown
  /** Arguments of the endpoint call that produced the response. */
  readonly args: readonly unknown[]
  /** Freshness stamps given to every record this normalize writes. */
  readonly meta: EntityMeta
  /** Normalizing a guess (an optimistic response): a missing pk gets a placeholder instead of an error. */
  readonly optimistic?: boolean
  /** Latest record for a pk: pending writes first, then the store. `null` means invalidated. */
  getEntity(key: string, pk: string): unknown
  /** Every stored and pending record of one entity type (tombstones skipped). */
  getEntities(key: string): ReadonlyMap<string, unknown>
  /** Writes a record, merging with what is already there through the schema's merge hooks. */
  mergeEntity(schema: MergeableSchema, pk: string, incoming: object): void
  /** Writes a record as-is (no merge). */
  setEntity(key: string, pk: string, record: unknown): void
  /** Marks a record deleted: reads that need it become Invalid, lists drop it. */
  invalidate(key: string, pk: string): void
  /** True when this exact input object is already being normalized under this key/pk. */
  checkLoop(key: string, pk: string, input: object): boolean
  /** Ends the visit `checkLoop` started (when it returned false), after the nested fields. */
  exitLoop?(input: object): void
}

/** Helpers a schema receives while denormalizing. */
export interface DenormalizeDelegate {
  /** Denormalizes a nested value with its schema. */
  unvisit(schema: unknown, input: unknown): unknown
  /** Arguments of the read. */
  readonly args: readonly unknown[]
  /** The entity tables being read. */
  readonly entities: StoredEntities
  /** The pks of every record of one entity type; the read then depends on the whole table. */
  getEntityKeys(key: string): string[]
  /**
   * Reads a list of entity refs, reusing the rows that did not change since the last read of
   * the list `key` names (an object: the stored array, or the schema for lists it computes).
   */
  unvisitRows?(key: object, item: unknown, refs: readonly unknown[]): unknown[]
}

/** What every schema class implements (Entity classes implement the same as statics). */
export interface SchemaSimple<T = any> {
  normalize(input: any, parent: any, key: string | undefined, delegate: NormalizeDelegate): any
  denormalize(input: any, delegate: DenormalizeDelegate): T
}

/** A schema whose records can be merged with stored ones. */
export interface MergeableSchema {
  readonly key: string
  merge(existing: any, incoming: any): any
  mergeWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any): any
  mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta
  /** Judges an optimistic guess by what it changes (see `Entity.validate`). */
  validate?(processed: any): string | undefined | void | false | null
  /** The field defaults a guess's new record reads with. */
  readonly defaults?: object
}

/** Any value accepted where a schema is expected. */
export type Schema =
  | SchemaSimple
  | EntityClassLike
  | readonly Schema[]
  | { readonly [key: string]: Schema | unknown }
  | ((value: any) => any)
  | (new (value: any) => any)

/** The statics an Entity class exposes to the engine. */
export interface EntityClassLike<T = any> extends SchemaSimple<T>, MergeableSchema {
  readonly prototype: T
  readonly schema: { readonly [field: string]: unknown }
  pk(value: any, parent?: any, key?: string, args?: readonly unknown[]): string | number | undefined
  validate(processed: any): string | undefined | void | false | null
  createIfValid?(props: object): T | undefined
  readonly indexes?: readonly string[]
}

type AbstractCtor<T> = abstract new (...args: any[]) => T

/** An Entity class: constructor plus the engine's statics. */
export type EntityClass<T = any> = AbstractCtor<T> & EntityClassLike<T>

/** The value a schema produces when read back from the cache. */
export type Denormalize<S> =
  S extends EntityClassLike<infer U>
    ? S extends AbstractCtor<infer I> ? I : U
    : S extends { _denormalized: infer R } ? R
    : S extends AbstractCtor<infer I> ? I
    : S extends (value: any) => infer R ? R
    : S extends readonly [infer I] ? Denormalize<I>[]
    : S extends readonly (infer I)[] ? Denormalize<I>[]
    : S extends { denormalize(input: any, delegate: any): infer R } ? R
    : S extends object ? { -readonly [K in keyof S]: Denormalize<S[K]> }
    : S

/** Like `Denormalize`, but entities may be missing (what a cache read without a fetch can see). */
export type DenormalizeNullable<S> =
  S extends EntityClassLike<any> ? Denormalize<S> | undefined
    : S extends readonly unknown[] ? Denormalize<S> | undefined
    : S extends { _denormalized: any } ? Denormalize<S> | undefined
    : S extends object ? { -readonly [K in keyof S]: DenormalizeNullable<S[K]> }
    : S

/** The normalized form a schema stores: pks in place of entities. */
export type Normalize<S> =
  S extends EntityClassLike<any> ? string
    : S extends { _normalized: infer R } ? R
    : S extends readonly [infer I] ? Normalize<I>[]
    : S extends readonly (infer I)[] ? Normalize<I>[]
    : S extends AbstractCtor<any> ? unknown
    : S extends (value: any) => any ? unknown
    : S extends object ? { -readonly [K in keyof S]: Normalize<S[K]> }
    : S
