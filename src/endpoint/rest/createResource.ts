import { schema as schemas, type Denormalize, type Schema } from '../../schema/index'
import type { EndpointExtraOptions, SnapshotInterface } from '../types'
import type { PathArgs, SearchValue, ShortenPath } from './pathTypes'
import { RestEndpoint, type BodyData, type RestEndpointOptions } from './RestEndpoint'

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

/** The six endpoints `createResource` builds around one schema. */
export interface Resource<P extends string, S extends Schema, B = unknown, Q = unknown> {
  get: RestEndpoint<{ path: P; schema: S; method: 'GET'; body: undefined; searchParams: undefined; process: undefined }>
  /** A `schema.Collection` of the schema: reads as an array, and grows with `create` (its `push`). */
  getList: RestEndpoint<{ path: ShortenPath<P>; schema: schemas.Collection<[S]>; method: 'GET'; body: undefined; searchParams: Query<Q>; process: undefined }>
  create: RestEndpoint<{ path: ShortenPath<P>; schema: schemas.CollectionAdd<[S]>; method: 'POST'; body: Body<S, B>; searchParams: Query<Q>; process: undefined }>
  update: RestEndpoint<{ path: P; schema: S; method: 'PUT'; body: Body<S, B>; searchParams: undefined; process: undefined }>
  partialUpdate: RestEndpoint<{ path: P; schema: S; method: 'PATCH'; body: Partial<Body<S, B>>; searchParams: undefined; process: undefined }>
  delete: RestEndpoint<{
    path: P
    schema: schemas.Invalidate<S & any>
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
  const getList = make('getList', { path: listPath, schema: new schemas.Collection([schema]), searchParams, paginationField, ...withOptimistic(guessCreated) })
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
    schema: new schemas.Invalidate(schema as any),
    process: (value: unknown, params: unknown) => deleteResult(value, params, schema),
    ...withOptimistic((_snapshot, params: object) => params),
  })
  return { get, getList, create, update, partialUpdate, delete: remove }
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
  return (schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'resource'
}
