import { isEntity, type Schema } from '../../schema/index'
import { schemaKindOf } from '../../schema/kinds'
import { Collection, type CollectionOptions } from '../../schema/Collection'
import { Invalidate } from '../../schema/Invalidate'
import type { EndpointExtraOptions, SnapshotInterface } from '../types'
import type { ShortenPath } from './pathTypes'
import type { Resource as ResourceOf, ResourceGenerics } from './Resource'
import { RestEndpointClass, type RestEndpoint, type RestEndpointOptions, type RestGenerics } from './RestEndpoint'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/**
 * Everything `createResource` takes besides path, schema, body and searchParams: data-client's
 * (untyped) `ResourceOptions`. Endpoint options (expiry, errorPolicy, request hooks) reach every member.
 */
export interface ResourceExtraOptions extends EndpointExtraOptions {
  /** Class of the members: a RestEndpoint subclass shared by a whole API (auth headers, link parsing…). */
  readonly Endpoint?: new (options: RestEndpointOptions<any> & RestGenerics) => RestEndpoint<any>
  readonly urlPrefix?: string
  /** Every mutation shows its expected result at once and rolls back if the server refuses it. */
  readonly optimistic?: boolean
  /** The argument that pages `getList` (e.g. `'cursor'`): `getList.getPage` fetches the next page into the same list. */
  readonly paginationField?: string
  /**
   * Arguments of `getList` that do not narrow which items a list holds (sort orders, cursors), so a
   * created item still joins lists that differ in them (data-client 0.17). Default: names starting
   * with `order`. See `schema.Collection`'s option of the same name.
   */
  readonly nonFilterArgumentKeys?: CollectionOptions['nonFilterArgumentKeys']
  readonly requestInit?: RequestInit
  readonly getHeaders?: RestEndpointOptions['getHeaders']
  readonly getRequestInit?: RestEndpointOptions['getRequestInit']
  readonly parseResponse?: RestEndpointOptions['parseResponse']
  /** Sends the request; replaces the members' `fetchResponse`. */
  readonly fetchResponse?: (input: string, init: RequestInit) => Promise<Response>
}

/** Options of `createResource` for a path `P` and schema `S` (with optional body type `B` and query type `Q`). */
export interface TypedResourceOptions<P extends string, S extends Schema, B = unknown, Q = unknown> extends ResourceExtraOptions {
  /** Path of one item, e.g. `/articles/:id`; lists and creates use it without the last parameter. */
  readonly path: P
  readonly schema: S
  /** Type of getList's (and create's) query parameters. */
  readonly searchParams?: Q
  /** Type of the body of create, update and partialUpdate. */
  readonly body?: B
}

/**
 * Options of `createResource`. Bare, it is data-client's `ResourceOptions` (everything but path,
 * schema, body and searchParams), as in `Readonly<O> & ResourceOptions`; with a path and schema
 * (`ResourceOptions<'/articles/:id', typeof Article>`) it is the whole option object.
 */
export type ResourceOptions<P extends string = never, S extends Schema = Schema, B = unknown, Q = unknown> = [P] extends [never]
  ? ResourceExtraOptions
  : TypedResourceOptions<P, S, B, Q>

/**
 * The six endpoints `createResource` builds around one schema, and `extend` to customise them.
 * Written `Resource<O>` with a {@link ResourceGenerics} (as data-client apps do), or
 * `Resource<P, S, B, Q>` (createResource's type parameters): both name the same type, which
 * editors show in data-client's form, `Resource<{ path: …; schema: … }>`.
 */
export type Resource<O extends ResourceGenerics | string = { path: any; schema: any }, S extends Schema = any, B = unknown, Q = unknown> = ResourceOf<
  O extends string ? GenericsOf<O, S, B, Q> : O
>

/** The ResourceGenerics for createResource's type parameters; body and searchParams only when given. */
type GenericsOf<P extends string, S extends Schema, B, Q> = unknown extends B
  ? unknown extends Q ? { path: P; schema: S } : { path: P; schema: S; searchParams: Q }
  : unknown extends Q ? { path: P; schema: S; body: B } : { path: P; schema: S; body: B; searchParams: Q }

/**
 * The path of a resource's list: `path` without its last `{…}` group when it ends with one
 * (`/users{/:id}` → `/users`), else without its last segment when that starts with a `:param` or
 * `*wildcard` (`/users/:id` → `/users`, `/repos/:owner/*path` → `/repos/:owner`); `/` when
 * nothing is left. data-client cuts at the last `:` or `*`, which leaves a lone `{` of a group.
 */
export function shortenPath<P extends string>(path: P): ShortenPath<P> {
  const short = path.replace(/\{[^{}]*\}$|\/[:*][^/{}]*$/, '')
  return (short === '' ? '/' : short) as ShortenPath<P>
}

/**
 * Builds get, getList, create, update, partialUpdate and delete for one REST resource. `getList`
 * is a `schema.Collection`, so what `create` returns appears in every cached list it belongs to.
 * Customise a member with `{ ...resource, getList: resource.getList.extend({...}) }` (spread, so
 * types follow). Options it does not know are kept as members of every endpoint (untyped there).
 */
export function createResource<P extends string, S extends Schema, B = unknown, Q = unknown, X = {}>(
  // X admits any other member (`channel: 'ticker'`), passed to every endpoint as in data-client.
  options: TypedResourceOptions<P, S, B, Q> & X,
): ResourceOf<GenericsOf<P, S, B, Q>> {
  // The class itself, not its typed alias `RestEndpoint`: a bundle then needs no alias variable.
  const { path, schema, Endpoint = RestEndpointClass as unknown as typeof RestEndpoint, searchParams, body, optimistic, paginationField, ...common } = options as TypedResourceOptions<P, S, B, Q>
  const name =
    (schema as { key?: string }).key ?? (schema as { entityKeys?: string }).entityKeys ?? (schema as { name?: string }).name ?? 'resource'
  const make = (member: string, extra: Record<string, unknown>, guess?: (snapshot: SnapshotInterface, ...args: any[]) => unknown) =>
    new Endpoint({ ...common, name: `${name}.${member}`, ...extra, ...(optimistic && { getOptimisticResponse: guess }) } as RestEndpointOptions<any> &
      RestGenerics) as any
  // A guess names only what the call changes: the cache merges it into the stored record, and
  // keeps the fields a newer response brought. (Spreading the stored record into the guess would
  // fill a summary record with defaults and make it pass for a complete detail record.)
  const guessUpdated = (_snapshot: SnapshotInterface, params: object, sent: unknown) => ({ ...params, ...pojo(sent) })
  const cached = cachedInAnyForm(schema)

  // The list reads its options (nonFilterArgumentKeys) from the resource's: no copy in every bundle.
  // getList carries the create guess (a read never uses it), so that its push and unshift, and
  // those of a getList extended with another list schema, are optimistic too.
  const getList = make('getList', { path: shortenPath(path), schema: new Collection([schema], options), searchParams, paginationField, movePath: path }, guessCreated)
  return {
    get: make('get', { path, schema }),
    getList,
    create: (getList.push as RestEndpoint<any>).extend({ name: `${name}.create`, body }),
    update: make('update', { path, method: 'PUT', schema, body }, guessUpdated),
    partialUpdate: make('partialUpdate', { path, method: 'PATCH', schema, body }, (snapshot, params: object, sent: unknown) => {
      // A partial body says nothing about the other fields: without the entity, there is no guess.
      if (snapshot.get(cached, params) === undefined) throw snapshot.abort
      return guessUpdated(snapshot, params, sent)
    }),
    delete: make(
      'delete',
      {
        path,
        method: 'DELETE',
        // An Entity or a Union (whose type field, or the stored pk, picks the table) is deleted; any
        // other schema (data-client does the same) normalizes the response as it is.
        schema: isEntity(schema) || schemaKindOf(schema) === 'Union' ? new Invalidate(schema as any) : schema,
        process: (value: unknown, params: unknown) => deleteResult(value, params, schema),
      },
      (_snapshot, params: object) => params,
    ),
    extend: extendResource,
  } as unknown as ResourceOf<GenericsOf<P, S, B, Q>>
}

/**
 * `createResource` under the name data-client gives it from 0.14 on (`resource({ path, schema })`):
 * the same function, so either spelling builds the same members.
 */
export const resource: typeof createResource = createResource

/**
 * The runtime of every `extend` form; a copy of the resource, so `this` is the one it was called
 * on. `extend(name, options)` starts a new member from `get` when there is no such member yet.
 */
function extendResource(this: Record<string, unknown>, first: unknown, options?: unknown): Record<string, unknown> {
  if (typeof first === 'function') return { ...this, ...first(this) }
  const named = typeof first === 'string'
  if (!named && (first === null || typeof first !== 'object')) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? 'resource.extend takes (name, options), an object of member options, or a function of the resource'
        : 'Tessera E309',
    )
  }
  const out = { ...this }
  for (const [name, memberOptions] of named ? [[first, options] as const] : Object.entries(first as object)) {
    const member = [name, ...(named ? ['get'] : [])].map((key) => (Object.hasOwn(this, key) ? this[key] : undefined)).find(isMember)
    if (member === undefined) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? named
            ? `resource.extend("${name}", options) needs a get member to start a new member from`
            : `resource.extend({ ${name} }): the resource has no member "${name}"; add one with resource.extend("${name}", options)`
          : `Tessera E308: ${name}`,
      )
    }
    out[name] = member.extend(memberOptions as Partial<RestEndpointOptions<RestGenerics>>)
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

/**
 * A schema that finds the record whatever form it is cached in: for an Entity class, a subclass in
 * the same table that accepts every record (a summary read through a detail class with
 * `validateRequired` is Invalid, but it is there to update). Other schemas as they are.
 */
function cachedInAnyForm(schema: Schema): Schema {
  if (!isEntity(schema) || typeof schema !== 'function') return schema
  return class extends (schema as any) {
    static key = (schema as { key: string }).key
    static validate() {
      return undefined
    }
  } as unknown as Schema
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
  return pk == null || pk === '' ? { ...(params as object), ...value } : value
}
