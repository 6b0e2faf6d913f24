import type { Denormalize } from '../../schema/index'
import type { Collection, CollectionAdd } from '../../schema/Collection'
import type { CollectionAssign } from '../../schema/CollectionAssign'
import type { ArraySchema } from '../../schema/ArraySchema'
import type { ObjectSchema } from '../../schema/ObjectSchema'
import type { BodyData, QueryOf, RestGenerics, SchemaOf } from './RestGenerics'

// The generics of the endpoints a list derives (push, unshift, assign, remove, move, getPage).
// Types only.

/** The Collection inside a schema (directly or as a member of an object schema). */
type CollectionIn<S> = S extends Collection<any> ? S
  : S extends ObjectSchema<infer D> ? CollectionIn<D[keyof D]>
  : S extends readonly unknown[] ? never
  : S extends { readonly [key: string]: unknown } ? { [K in keyof S]: CollectionIn<S[K]> }[keyof S]
  : never

/** The generics of `list.push` / `list.unshift`: a POST to the list's path adding to its Collection. */
export type AddGenerics<O extends RestGenerics> = {
  readonly path: O['path']
  readonly schema: CollectionIn<SchemaOf<O>> extends Collection<infer I> ? CollectionAdd<I> : never
  readonly method: 'POST'
  // A list's own body type (none, for a GET) says nothing about what creating an item sends.
  readonly body: unknown extends O['body'] ? BodyData<Denormalize<CollectionRow<CollectionIn<SchemaOf<O>>>>>
    : O['body'] extends undefined ? BodyData<Denormalize<CollectionRow<CollectionIn<SchemaOf<O>>>>>
    : O['body']
  readonly searchParams: O['searchParams']
  readonly process: undefined
}

/** The generics of `list.remove`: a PATCH to the list's path whose response leaves the matching lists. */
export type RemoveGenerics<O extends RestGenerics> = {
  readonly path: O['path']
  readonly schema: CollectionIn<SchemaOf<O>> extends Collection<infer I> ? CollectionAdd<I> : never
  readonly method: 'PATCH'
  readonly body: AddGenerics<O>['body']
  readonly searchParams: O['searchParams']
  readonly process: undefined
}

/** The generics of `list.move`: a PATCH to the item's path (`movePath`) moving it between lists; no query. */
export type MoveGenerics<O extends RestGenerics> = {
  readonly path: O extends { readonly movePath: infer P extends string } ? P : O['path']
  readonly schema: CollectionIn<SchemaOf<O>> extends Collection<infer I> ? CollectionAdd<I> : never
  readonly method: 'PATCH'
  readonly body: AddGenerics<O>['body']
  readonly searchParams: undefined
  readonly process: undefined
}
type CollectionRow<C> = C extends Collection<infer I> ? (I extends readonly (infer E)[] ? E : I extends ArraySchema<infer E> ? E : never) : never

/** The generics of `assign`: a POST whose body is entries (an object of item data) for a Collection of `schema.Values`. */
export type AssignGenerics<O extends RestGenerics> = {
  readonly path: O['path']
  readonly schema: CollectionIn<SchemaOf<O>> extends Collection<infer I> ? CollectionAssign<I> : never
  readonly method: 'POST'
  readonly body: CollectionIn<SchemaOf<O>> extends Collection<infer I> ? { readonly [key: string]: BodyData<Denormalize<I>[keyof Denormalize<I>]> } : never
  readonly searchParams: O['searchParams']
  readonly process: undefined
}

/** The generics of a next-page endpoint: the list's, plus the paging argument. */
export type PageGenerics<O extends RestGenerics, F extends string> = {
  readonly path: O['path']
  readonly schema: SchemaOf<O>
  readonly method: O['method']
  readonly body: O['body']
  readonly searchParams: QueryOf<O> & { [K in F]?: string | number | null }
  readonly process: O['process']
}
