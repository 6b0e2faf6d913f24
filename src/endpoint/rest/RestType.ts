// data-client's names for RestEndpoint types, so that code annotated with them (a resource
// wrapper's return type, an optimistic helper's parameter) moves over by changing the import.
// Each is a RestEndpoint<generics>, so `extend`, `push`, `getPage`… keep their types.
import type { Schema } from '../../schema/index'
import type { PageGenerics, RestEndpoint } from './RestEndpoint'

/**
 * A GET endpoint described by its path, schema and (type-only) `searchParams`; the type
 * `createResource`'s `get` and `getList` have. Without `searchParams` it takes only the path's
 * parameters, as in data-client.
 */
export type GetEndpoint<
  O extends {
    readonly path: string
    readonly schema: Schema
    readonly searchParams?: any
    readonly paginationField?: string
  } = { path: string; schema: Schema },
> = RestEndpoint<
  // Only the members `new RestEndpoint({ path, schema })` infers, so such an endpoint is one.
  'searchParams' extends keyof O
    ? { readonly path: O['path']; readonly schema: O['schema']; readonly searchParams: O['searchParams'] }
    : { readonly path: O['path']; readonly schema: O['schema'] }
>

/**
 * A mutation described by its path, schema, body and `searchParams` (the last two type-only); the
 * type of `createResource`'s `update` and `partialUpdate`. Without `body` it takes any body, or none.
 */
export type MutateEndpoint<
  O extends {
    readonly path: string
    readonly schema: Schema
    readonly searchParams?: any
    readonly body?: any
  } = { path: string; body: any; schema: Schema },
> = RestEndpoint<{
  readonly path: O['path']
  readonly schema: O['schema']
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly body: 'body' extends keyof O ? O['body'] : unknown
  readonly searchParams: 'searchParams' extends keyof O ? O['searchParams'] : undefined
  readonly process: undefined
}>

/** The generics a RestEndpoint type was made with. */
type GenericsOf<E> = E extends RestEndpoint<infer O> ? O : never

/**
 * The next-page endpoint `list.paginated(field)` (or `getPage`, with `paginationField`) makes for
 * the list endpoint `E`: its arguments plus the paging one `C`, which may be left out for the
 * first page.
 */
export type PaginationFieldEndpoint<E extends RestEndpoint<any>, C extends string> = RestEndpoint<PageGenerics<GenericsOf<E>, C>>

/**
 * A RestEndpoint described positionally, as data-client's `RestType<UrlParams, Body, Schema,
 * SideEffect, Result>`: `UrlParams` is the parameters object (path parameters and query together),
 * `Body` the body of a mutation, and `Result` what the call resolves to when there is no schema.
 * A `SideEffect` of `true` makes it a mutation (sent as POST), `undefined` a read.
 */
export type RestType<
  UrlParams = any,
  Body = any,
  S extends Schema | undefined = Schema | undefined,
  M extends true | undefined = true | undefined,
  R = any,
  O extends { path: string; body?: any; searchParams?: any; paginationField?: string } = { path: string },
> = RestEndpoint<{
  readonly path: O['path']
  readonly schema: S
  readonly method: [M] extends [true] ? 'POST' : [M] extends [undefined] ? 'GET' : string
  readonly body: [M] extends [undefined] ? undefined : Body
  readonly searchParams: UrlParams
  readonly process: (value: any, ...args: any[]) => R
  readonly sideEffect: M
}>

