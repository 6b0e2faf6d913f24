// The types of a resource: its generics (data-client's ResourceGenerics), its members and
// `extend`. createResource.ts builds the values and exports `Resource` for both spellings.
import type { Denormalize, Schema } from '../../schema/index'
import type { Collection, CollectionAdd } from '../../schema/Collection'
import type { Invalidate } from '../../schema/Invalidate'
import type { EndpointInterface } from '../types'
import type { PathArgs, SearchValue, ShortenPath } from './pathTypes'
import type { BodyData, ExtendGenerics, RestEndpoint, RestEndpointOptions, RestGenerics } from './RestEndpoint'

/**
 * The type-level description of a resource, data-client's `ResourceGenerics`: what a wrapper
 * such as `createMyResource<O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions)`
 * carries through to `Resource<O>`. `body` and `searchParams` only matter as types.
 */
export interface ResourceGenerics {
  /** Path of one item, e.g. `/articles/:id`. */
  readonly path: string
  readonly schema: Schema
  /** Type of the body of create, update and partialUpdate. */
  readonly body?: any
  /** Type of getList's (and create's) query parameters. */
  readonly searchParams?: any
  /** The argument that pages `getList`. */
  readonly paginationField?: string
}

type Body<S, B> = unknown extends B ? BodyData<Denormalize<S>> | FormData : B
type PartialBody<S, B> = unknown extends B ? BodyData<Denormalize<S>> | FormData : Partial<B>
type Query<Q> = unknown extends Q ? Record<string, SearchValue> : Q

// body and searchParams are optional generics: unknown when O does not have them.
type BodyOfResource<O extends ResourceGenerics> = 'body' extends keyof O ? O[keyof O & 'body'] : unknown
type QueryOfResource<O extends ResourceGenerics> = 'searchParams' extends keyof O ? O[keyof O & 'searchParams'] : unknown

/** Options for extending one member: those of `RestEndpoint#extend`. */
type MemberOptions = Partial<RestEndpointOptions<RestGenerics>>
/** What `member.extend(options)` gives. */
type Extended<E, N> = E extends RestEndpoint<infer O> ? (N extends MemberOptions ? RestEndpoint<ExtendGenerics<O, N>> : E) : never
type MemberKey<R> = Exclude<keyof R, 'extend'> & string

/**
 * `resource.extend`, as data-client 0.9.9 has it: customise members without losing their types.
 * Every form returns a new resource (the original is untouched) that can be extended again.
 */
export interface ResourceExtendable {
  /** A member with these options layered over its own (`member.extend(options)`). */
  extend<R extends { readonly [key in K]: RestEndpoint<any> }, K extends MemberKey<R>, N extends MemberOptions>(
    this: R,
    name: K,
    options: N & Readonly<Pick<N, keyof N & keyof RestGenerics>> & MemberOptions,
  ): { [M in keyof R]: M extends K ? Extended<R[M], N> : R[M] }
  /** A new member: `get` with these options layered over its own (a new path, method, schema…). */
  extend<R extends { readonly get: RestEndpoint<any> }, K extends string, N extends MemberOptions>(
    this: R,
    name: K,
    options: N & Readonly<Pick<N, keyof N & keyof RestGenerics>> & MemberOptions,
  ): R & { readonly [M in K]: Extended<R['get'], N> }
  /** Several members at once, each with its options (`{ getList: { schema }, delete: { … } }`). */
  extend<R, X extends { readonly [M in MemberKey<R>]?: MemberOptions }>(
    this: R,
    // The mapped half keeps a new `path` literal (its members are typed through X) while the
    // type-carrier values of `body` and `searchParams` (`body: { text: '' }`) widen to `string`.
    // (`& {}` drops the undefined an optional member's type has, which would widen the path too).
    overrides: X & { readonly [M in keyof X]: Readonly<X[M] & {}> },
  ): { [M in keyof R]: M extends keyof X ? Extended<R[M], X[M]> : R[M] }
  /** Members computed from the resource: `extend((base) => ({ current: base.get.extend({ path: '/me' }) }))`. */
  extend<R, T extends { readonly [key: string]: EndpointInterface }>(this: R, extender: (base: R) => T): Omit<R, keyof T> & T
}

/**
 * The six endpoints `createResource` builds around one schema, and `extend` to customise them,
 * for the generics O (path, schema, and the types of body and searchParams). Apps name it
 * through the `Resource` that `createResource` exports, which also takes createResource's own
 * type parameters.
 */
export interface Resource<O extends ResourceGenerics = { path: any; schema: any }> extends ResourceExtendable {
  // get and getList have the generics `new RestEndpoint({ path, schema, searchParams })` infers,
  // so they are the GetEndpoint of those (and such an endpoint can stand in for them).
  get: RestEndpoint<{ path: O['path']; schema: O['schema'] }>
  /**
   * A `schema.Collection` of the schema: reads as an array, grows with `create` (its `push`), and
   * its `move` PATCHes an item's path (`movePath`) to move the item between lists.
   */
  getList: RestEndpoint<{ path: ShortenPath<O['path']>; schema: Collection<[O['schema']]>; searchParams: Query<QueryOfResource<O>>; movePath: O['path'] }>
  create: RestEndpoint<{
    path: ShortenPath<O['path']>
    schema: CollectionAdd<[O['schema']]>
    method: 'POST'
    body: Body<O['schema'], BodyOfResource<O>>
    searchParams: Query<QueryOfResource<O>>
    process: undefined
  }>
  update: RestEndpoint<{
    path: O['path']
    schema: O['schema']
    method: 'PUT'
    body: Body<O['schema'], BodyOfResource<O>>
    searchParams: undefined
    process: undefined
  }>
  partialUpdate: RestEndpoint<{
    path: O['path']
    schema: O['schema']
    method: 'PATCH'
    body: PartialBody<O['schema'], BodyOfResource<O>>
    searchParams: undefined
    process: undefined
  }>
  delete: RestEndpoint<{
    path: O['path']
    schema: Invalidate<O['schema'] & any>
    method: 'DELETE'
    body: undefined
    searchParams: undefined
    process: (value: unknown, params: PathArgs<O['path']>) => PathArgs<O['path']> | Partial<Denormalize<O['schema']>>
  }>
}
