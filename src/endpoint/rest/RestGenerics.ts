import type { Denormalize, Schema } from '../../schema/index'
import type { EndpointExtraOptions } from '../types'
import type { Flatten, HasNoPathParams, IsOpenPath, PathArgs, RequiredPathKeys } from './pathTypes'

// The types of RestEndpoint: its generics and options, and the arguments and result they give a
// call. Types only: nothing here reaches a bundle.

/** The type-level description of a RestEndpoint (what `extend` and `createResource` carry along). */
export interface RestGenerics {
  readonly path: string
  readonly schema?: Schema | undefined
  readonly method?: string
  readonly body?: any
  readonly searchParams?: any
  readonly process?: any
  readonly sideEffect?: boolean
  /** The argument that pages a list (data-client's generics carry it; `getPage` reads the option). */
  readonly paginationField?: string
  /** The path `move` sends its PATCH to (createResource's getList: the item's path). */
  readonly movePath?: string
}

/** Options of `new RestEndpoint(options)`; every one can be changed later with `extend`. */
export interface RestEndpointOptions<O extends RestGenerics = RestGenerics> extends EndpointExtraOptions {
  /** URL template with `:name` (and optional `:name?`) segments. */
  readonly path: O['path']
  /** HTTP method (GET by default, POST when `sideEffect` is true); anything but GET/HEAD makes the endpoint a mutation. */
  readonly method?: O['method']
  readonly schema?: O['schema']
  /** Prepended to the path; without it the URL is the path alone. */
  readonly urlPrefix?: string
  /** Aborts this endpoint's requests (as well as the store's own abort: `controller.abort`, unmount). */
  readonly signal?: AbortSignal
  /** Type of the query parameters: `searchParams: {} as { page?: number }`. Only the type matters. */
  readonly searchParams?: O['searchParams']
  /** Type of the request body: `body: {} as { title: string }`. Only the type matters. */
  readonly body?: O['body']
  /** Overrides mutation detection (defaults to method !== GET/HEAD); `true` without a method means POST. */
  readonly sideEffect?: O['sideEffect']
  readonly name?: string
  /** Extra `fetch` init merged into every request (headers are merged too). */
  readonly requestInit?: RequestInit
  /** Post-processes the parsed response; gets the call's arguments. */
  readonly process?: (value: any, ...args: any[]) => any
  /** Turns the HTTP response into a value. */
  readonly parseResponse?: (response: Response) => Promise<any>
  /** The init object for `fetch` (method, headers, body, credentials…); may be async. */
  readonly getRequestInit?: (body: unknown) => RequestInit | Promise<RequestInit>
  /**
   * The headers to send, given those built so far (`requestInit` headers, the JSON content type);
   * may be async. Where an auth header usually goes: `getHeaders: (h) => ({ ...h, Authorization })`.
   */
  readonly getHeaders?: (headers: HeadersInit) => HeadersInit | Promise<HeadersInit>
  /** The argument that pages this list (a cursor, a page number): what `getPage` continues by. */
  readonly paginationField?: string
  /**
   * Where `move` sends its PATCH, when not to this list's own path: an item's path such as
   * `/users/:id` (createResource gives its getList the resource's path).
   */
  readonly movePath?: string
  readonly key?: (...args: any[]) => string
}

type Method<O extends RestGenerics> = O['method'] extends string ? O['method'] : O['sideEffect'] extends true ? 'POST' : 'GET'
// A read takes no body even when one is declared: `body` on a list describes what its push sends.
type TakesBody<O extends RestGenerics> = unknown extends O['body']
  ? Method<O> extends 'POST' | 'PUT' | 'PATCH' ? true : false
  : O['body'] extends undefined ? false : SideEffectOf<O> extends true ? true : false
type BodyOf<O extends RestGenerics> = unknown extends O['body'] ? any : O['body']
export type QueryOf<O extends RestGenerics> = unknown extends O['searchParams'] ? {} : O['searchParams'] extends undefined ? {} : O['searchParams']
/** The declared query type without `undefined`; never when none is declared (no option, or `searchParams: undefined`). */
type DeclaredQuery<O extends RestGenerics> = unknown extends O['searchParams'] ? never : Exclude<O['searchParams'], undefined>
/**
 * Path parameters and query as one object; never when the endpoint takes neither. A path whose
 * names are unknown (typed `string`) takes any parameters (not flattened: that would fold its
 * index signature into the query's members).
 */
type ParamsOf<O extends RestGenerics> = [DeclaredQuery<O>] extends [never]
  ? HasNoPathParams<O['path']> extends true ? never : PathArgs<O['path']>
  : IsOpenPath<O['path']> extends true ? PathArgs<O['path']> & DeclaredQuery<O> : Flatten<PathArgs<O['path']> & DeclaredQuery<O>>
/** True when the parameters may be left out: none of them is required, or the declared query may be `undefined` and the path needs nothing. */
type ParamsOptional<O extends RestGenerics> = {} extends ParamsOf<O>
  ? true
  : [RequiredPathKeys<O['path']>] extends [never] ? (undefined extends O['searchParams'] ? true : false) : false
// By method at the type level too, so useSuspense (which refuses mutations) accepts a GET endpoint.
export type SideEffectOf<O extends RestGenerics> = O['sideEffect'] extends boolean
  ? O['sideEffect'] extends true ? true : undefined
  : Uppercase<Method<O>> extends 'GET' | 'HEAD' ? undefined : true

// Without a `body` option a mutation may be called without one (a POST that only names its target).
type BodyArg<O extends RestGenerics> = unknown extends O['body'] ? [body?: any] : [body: BodyOf<O>]
type ParamsArg<O extends RestGenerics> = ParamsOptional<O> extends true ? [params?: ParamsOf<O>] : [params: ParamsOf<O>]

/**
 * The arguments a RestEndpoint takes, inferred from its path, searchParams and body: no
 * parameters object when the path has no `:name` and no query is declared, an optional one when
 * none of its members is required, and a body after it for mutations.
 */
export type RestArgs<O extends RestGenerics> = TakesBody<O> extends true ? MutationArgs<O> : ReadArgs<O>

type ReadArgs<O extends RestGenerics> = [ParamsOf<O>] extends [never] ? [] : ParamsArg<O>

// A lone argument is the body when the path needs no parameter (none, or only optional ones),
// the parameters otherwise (as `splitArgs` reads it at run time).
type MutationArgs<O extends RestGenerics> = [ParamsOf<O>] extends [never]
  ? BodyArg<O>
  : [RequiredPathKeys<O['path']>] extends [never]
    ? ParamsOptional<O> extends true ? BodyArg<O> | [params: ParamsOf<O>, ...BodyArg<O>] : [params: ParamsOf<O>, ...BodyArg<O>]
    : unknown extends O['body'] ? [...ParamsArg<O>, body?: any] : [params: ParamsOf<O>, body: BodyOf<O>]

/** O's schema: undefined when O (inferred from an option literal) has none, where O['schema'] would be unknown. */
export type SchemaOf<O extends RestGenerics> = 'schema' extends keyof O ? O['schema'] : undefined

/**
 * What a call resolves to: the denormalized schema, else whatever `process` returns. A delete
 * (`schema.Invalidate`) resolves to the processed response, since the entity is gone.
 */
export type RestResult<O extends RestGenerics> = SchemaOf<O> extends undefined | null
  ? ProcessResult<O>
  : unknown extends SchemaOf<O> ? any
  : SchemaOf<O> extends { readonly _deletes: true } ? ProcessResult<O>
  : Denormalize<SchemaOf<O>>

type ProcessResult<O extends RestGenerics> = O['process'] extends (...args: any[]) => infer R ? Awaited<R> : any

/** Options merged over O (what `extend` returns). */
export type ExtendGenerics<O extends RestGenerics, N> = {
  readonly path: N extends { path: infer P extends string } ? P : O['path']
  readonly schema: N extends { schema: infer S extends Schema | undefined } ? S : SchemaOf<O>
  readonly method: N extends { method: infer M extends string | undefined } ? M : O['method'] extends string ? O['method'] : undefined
  readonly body: N extends { body: infer B } ? B : O['body']
  readonly searchParams: N extends { searchParams: infer Q } ? Q : O['searchParams']
  readonly process: N extends { process: infer F } ? F : O['process']
  readonly sideEffect: N extends { sideEffect: infer E extends boolean | undefined } ? E : O extends { sideEffect: infer E extends boolean | undefined } ? E : undefined
  readonly movePath: N extends { movePath: infer M extends string | undefined } ? M : O extends { movePath: infer M extends string } ? M : undefined
}

/**
 * A request body made of an entity's data: every field optional, nested entities as plain data
 * too (what a form sends), dates as Date or string.
 */
export type BodyData<T> = T extends Date ? T | string
  : T extends readonly (infer I)[] ? BodyData<I>[]
  : T extends object ? { [K in keyof T as T[K] extends (...args: any[]) => any ? never : K]?: BodyData<T[K]> }
  : T

/**
 * The members of an options object that are not RestEndpoint options (`channel: 'ticker'`): the
 * endpoint keeps them as its own members, typed as given, and `extend` carries them along.
 */
export type ExtraMembers<O> = 0 extends 1 & O ? {} : Omit<O, keyof RestEndpointOptions<any> | keyof RestGenerics>

/**
 * O without its extra members: they are members of the endpoint, not of its generics, so that an
 * endpoint with a `channel` is still a `GetEndpoint<{ path, schema }>`.
 */
export type WithoutExtras<O extends RestGenerics> = keyof ExtraMembers<O> extends never ? O : Extract<Omit<O, keyof ExtraMembers<O>>, RestGenerics>
