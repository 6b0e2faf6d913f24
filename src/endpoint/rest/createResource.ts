import { isEntity, type Denormalize, type Schema } from '../../schema/index'
import { schemaKindOf } from '../../schema/kinds'
import { Collection, type CollectionAdd } from '../../schema/Collection'
import { Invalidate } from '../../schema/Invalidate'
import type { EndpointExtraOptions, EndpointInterface, SnapshotInterface } from '../types'
import type { PathArgs, SearchValue, ShortenPath } from './pathTypes'
import { RestEndpoint, type BodyData, type ExtendGenerics, type RestEndpointOptions, type RestGenerics } from './RestEndpoint'

/** Options of `createResource`; any other endpoint option (expiry, errorPolicy…) is passed to every member. */
export interface ResourceOptions<P extends string, S extends Schema, B = unknown, Q = unknown> extends EndpointExtraOptions {
  /** Path of one item, e.g. `/articles/:id`; lists and creates use it without the last parameter. */
  readonly path: P
  readonly schema: S
  /** Class of the members: a RestEndpoint subclass shared by a whole API (auth headers, link parsing…). */
  readonly Endpoint?: new (options: RestEndpointOptions<any>) => RestEndpoint<any>
  readonly urlPrefix?: string
  /** Type of getList's (and create's) query parameters. */
  readonly searchParams?: Q
  /** Type of the body of create, update and partialUpdate. */
  readonly body?: B
  /** Every mutation shows its expected result at once and rolls back if the server refuses it. */
  readonly optimistic?: boolean
  /** The argument that pages `getList` (e.g. `'cursor'`): `getList.getPage` fetches the next page into the same list. */
  readonly paginationField?: string
  readonly requestInit?: RequestInit
}

type Body<S, B> = unknown extends B ? BodyData<Denormalize<S>> : B
type Query<Q> = unknown extends Q ? Record<string, SearchValue> : Q

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
    options: N & Partial<Pick<N, keyof N & keyof RestGenerics>>,
  ): { [M in keyof R]: M extends K ? Extended<R[M], N> : R[M] }
  /** A new member: `get` with these options layered over its own (a new path, method, schema…). */
  extend<R extends { readonly get: RestEndpoint<any> }, K extends string, N extends MemberOptions>(
    this: R,
    name: K,
    options: N & Partial<Pick<N, keyof N & keyof RestGenerics>>,
  ): R & { readonly [M in K]: Extended<R['get'], N> }
  /** Several members at once, each with its options (`{ getList: { schema }, delete: { … } }`). */
  extend<R, const X extends { readonly [M in MemberKey<R>]?: MemberOptions }>(
    this: R,
    overrides: X,
  ): { [M in keyof R]: M extends keyof X ? Extended<R[M], X[M]> : R[M] }
  /** Members computed from the resource: `extend((base) => ({ current: base.get.extend({ path: '/me' }) }))`. */
  extend<R, T extends { readonly [key: string]: EndpointInterface }>(this: R, extender: (base: R) => T): Omit<R, keyof T> & T
}

/** The six endpoints `createResource` builds around one schema, and `extend` to customise them. */
export interface Resource<P extends string, S extends Schema, B = unknown, Q = unknown> extends ResourceExtendable {
  get: RestEndpoint<{ path: P; schema: S; method: 'GET'; body: undefined; searchParams: undefined; process: undefined }>
  /** A `schema.Collection` of the schema: reads as an array, and grows with `create` (its `push`). */
  getList: RestEndpoint<{ path: ShortenPath<P>; schema: Collection<[S]>; method: 'GET'; body: undefined; searchParams: Query<Q>; process: undefined }>
  create: RestEndpoint<{ path: ShortenPath<P>; schema: CollectionAdd<[S]>; method: 'POST'; body: Body<S, B>; searchParams: Query<Q>; process: undefined }>
  update: RestEndpoint<{ path: P; schema: S; method: 'PUT'; body: Body<S, B>; searchParams: undefined; process: undefined }>
  partialUpdate: RestEndpoint<{ path: P; schema: S; method: 'PATCH'; body: Partial<Body<S, B>>; searchParams: undefined; process: undefined }>
  delete: RestEndpoint<{
    path: P
    schema: Invalidate<S & any>
    method: 'DELETE'
    body: undefined
    searchParams: undefined
    process: (value: unknown, params: PathArgs<P>) => PathArgs<P> | Partial<Denormalize<S>>
  }>
}

/** `path` without its last `:param` segment; `/` when only one segment existed. */
export function shortenPath<P extends string>(path: P): ShortenPath<P> {
  const short = path.replace(/\/:[A-Za-z_$][\w$]*\??(?=[^/]*$)[^/]*$/, '')
  return (short === '' ? '/' : short) as ShortenPath<P>
}

/**
 * Builds get, getList, create, update, partialUpdate and delete for one REST resource. `getList`
 * is a `schema.Collection`, so what `create` returns appears in every cached list it belongs to.
 * Customise a member with `{ ...resource, getList: resource.getList.extend({...}) }` (spread, so
 * types follow).
 */
export function createResource<P extends string, S extends Schema, B = unknown, Q = unknown>(
  options: ResourceOptions<P, S, B, Q>,
): Resource<P, S, B, Q> {
  const { path, schema, Endpoint = RestEndpoint, searchParams, body, optimistic, paginationField, ...common } = options
  const listPath = shortenPath(path)
  const name = resourceName(schema)
  const make = (member: string, extra: Record<string, unknown>) =>
    new Endpoint({ ...common, name: `${name}.${member}`, ...extra } as RestEndpointOptions<any>) as any
  const withOptimistic = (getOptimisticResponse: (snapshot: SnapshotInterface, ...args: any[]) => unknown) =>
    optimistic ? { getOptimisticResponse } : {}

  const get = make('get', { path, schema })
  // getList carries the create guess (a read never uses it), so that its push and unshift, and
  // those of a getList extended with another list schema, are optimistic too.
  const getList = make('getList', { path: listPath, schema: new Collection([schema]), searchParams, paginationField, ...withOptimistic(guessCreated) })
  const create = (getList.push as RestEndpoint<any>).extend({ name: `${name}.create`, body }) as any
  // The stored entity the path parameters name, as the guesses of update and partialUpdate start from it.
  const stored = (snapshot: SnapshotInterface, params: object) => snapshot.get(schema, params) as object | undefined
  const update = make('update', {
    path,
    method: 'PUT',
    schema,
    body,
    ...withOptimistic((snapshot, params: object, sent: unknown) => ({ ...stored(snapshot, params), ...params, ...pojo(sent) })),
  })
  const partialUpdate = make('partialUpdate', {
    path,
    method: 'PATCH',
    schema,
    body,
    ...withOptimistic((snapshot, params: object, sent: unknown) => {
      // A partial body says nothing about the other fields: without the entity, there is no guess.
      const current = stored(snapshot, params)
      if (current === undefined) throw snapshot.abort
      return { ...current, ...params, ...pojo(sent) }
    }),
  })
  const remove = make('delete', {
    path,
    method: 'DELETE',
    // An Entity or a Union (whose type field, or the stored pk, picks the table) is deleted; any
    // other schema (data-client does the same) normalizes the response as it is.
    schema: isEntity(schema) || schemaKindOf(schema) === 'Union' ? new Invalidate(schema as any) : schema,
    process: (value: unknown, params: unknown) => deleteResult(value, params, schema),
    ...withOptimistic((_snapshot, params: object) => params),
  })
  return { get, getList, create, update, partialUpdate, delete: remove, extend: extendResource } as Resource<P, S, B, Q>
}

const hasOwn = Object.prototype.hasOwnProperty

/** The runtime of every `extend` form; a copy of the resource, so `this` is the one it was called on. */
function extendResource(this: Record<string, unknown>, ...args: unknown[]): Record<string, unknown> {
  const [first, options] = args
  if (typeof first === 'string') {
    const member = hasOwn.call(this, first) && isMember(this[first]) ? this[first] : this.get
    if (!isMember(member)) throw new TypeError(`resource.extend("${first}", options) needs a get member to start a new member from`)
    return { ...this, [first]: member.extend(options as MemberOptions) }
  }
  if (typeof first === 'function') return { ...this, ...(first as (base: unknown) => object)(this) }
  if (first === null || typeof first !== 'object') throw new TypeError('resource.extend takes (name, options), an object of member options, or a function of the resource')
  const out = { ...this }
  for (const name of Object.keys(first)) {
    const member = hasOwn.call(this, name) ? this[name] : undefined
    if (!isMember(member)) {
      throw new TypeError(`resource.extend({ ${name} }): the resource has no member "${name}"; add one with resource.extend("${name}", options)`)
    }
    out[name] = member.extend((first as Record<string, MemberOptions>)[name]!)
  }
  return out
}

function isMember(value: unknown): value is RestEndpoint<any> {
  return typeof value === 'function' && typeof (value as { extend?: unknown }).extend === 'function'
}

/** The guess of a create: the path parameters and the body (the server adds the id). */
function guessCreated(this: RestEndpoint, _snapshot: SnapshotInterface, ...args: unknown[]): object {
  const [params, sent] = this.splitArgs(args)
  return { ...params, ...pojo(sent) }
}

/** A FormData body as the plain object it stands for; anything else as it is. */
function pojo(body: unknown): object | undefined {
  if (typeof FormData !== 'undefined' && body instanceof FormData) return Object.fromEntries(body.entries())
  return body !== null && typeof body === 'object' ? body : undefined
}

/**
 * Spec rule 4: a non-empty object response is the result; otherwise the call's path parameters
 * are. A response that does not name the entity (`{ deleted: true }`) gets the parameters' ids,
 * so the entity it deleted can still be found and removed.
 */
function deleteResult(value: unknown, params: unknown, schema: unknown): unknown {
  if (value === null || typeof value !== 'object' || Object.keys(value).length === 0) return params
  const pk = (schema as { pk?: (v: unknown) => unknown }).pk?.(value)
  return pk === undefined || pk === null || pk === '' ? { ...(params as object), ...value } : value
}

function resourceName(schema: unknown): string {
  return (schema as { key?: string }).key ?? (schema as { entityKeys?: string }).entityKeys ?? (schema as { name?: string }).name ?? 'resource'
}
