import { SchemaError, type Denormalize, type Schema } from '../../schema/index'
import { schemaKindOf } from '../../schema/kinds'
import type { Collection, CollectionAdd } from '../../schema/Collection'
import type { CollectionAssign } from '../../schema/CollectionAssign'
import type { ArraySchema } from '../../schema/ArraySchema'
import { ObjectSchema } from '../../schema/ObjectSchema'
import { EndpointClass, optionsOf } from '../Endpoint'
import type { EndpointExtraOptions } from '../types'
import { headersToObject } from './headers'
import { NetworkError } from './NetworkError'
import { fillUrl, matchesPath, template } from './path'
import type { Flatten, HasNoPathParams, IsOpenPath, PathArgs, RequiredPathKeys } from './pathTypes'
import { isArray } from '../../schema/isArray'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

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
type QueryOf<O extends RestGenerics> = unknown extends O['searchParams'] ? {} : O['searchParams'] extends undefined ? {} : O['searchParams']
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
type SideEffectOf<O extends RestGenerics> = O['sideEffect'] extends boolean
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
type SchemaOf<O extends RestGenerics> = 'schema' extends keyof O ? O['schema'] : undefined

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

/** Endpoint at run time (so `instanceof Endpoint` holds), with only the members both share at type level. */
interface EndpointShared extends Omit<EndpointExtraOptions, 'errorPolicy'> {
  readonly name: string
}
// Cast where it is extended: an alias would be one more variable in every bundle.
type EndpointBase = new (fetchFunction: undefined, options: object) => EndpointShared

/** The default name of a RestEndpoint: its URL template (`urlPrefix` + `path`). */
function defaultName(this: RestEndpointClass<any>): string {
  return (this.urlPrefix ?? '') + (this.path as string)
}

/** How messages name an endpoint: the name it was given, or its method and path (`GET /users/:id`). */
function label(endpoint: RestEndpointClass<any>): string {
  return (optionsOf(endpoint).name as string | undefined) ?? `${endpoint.method} ${endpoint.path as string}`
}

/**
 * The message of a request that got no response, in development builds: the platform's reasons,
 * and for a relative URL outside a page (Node's fetch says only "Failed to parse URL") what to do.
 */
function failedRequest(request: string, input: string, error: unknown): string {
  const message = `${request} failed: ${messageChain(error)}`
  if (typeof location !== 'undefined' || /^[a-z][a-z\d+.-]*:/i.test(input)) return message
  return (
    `${message}. A relative URL has no page to resolve it against here: in a server render, pass the incoming request's origin ` +
    "to createServerData({ origin }) from 'tessera/ssr' (requests go there, and cache keys keep the relative URL, so the " +
    'browser finds the data under its own keys); elsewhere, give the endpoint an absolute urlPrefix.'
  )
}

/** The request each response answered (`GET /users/1`), so a body that fails to arrive can name it. */
const requests = new WeakMap<Response, string>()
/**
 * Where an endpoint keeps the URL it built last, with what it was built from (see `urlOf`). A
 * property, not a WeakMap entry: the store runs `fetch` on an object made from the endpoint
 * (`Object.create(endpoint, { signal })`), which reads it through its prototype.
 */
const LAST_URL = Symbol('lastUrl')

/**
 * The members of an options object that are not RestEndpoint options (`channel: 'ticker'`): the
 * endpoint keeps them as its own members, typed as given, and `extend` carries them along.
 */
export type ExtraMembers<O> = 0 extends 1 & O ? {} : Omit<O, keyof RestEndpointOptions<any> | keyof RestGenerics>

/**
 * O without its extra members: they are members of the endpoint, not of its generics, so that an
 * endpoint with a `channel` is still a `GetEndpoint<{ path, schema }>`.
 */
type WithoutExtras<O extends RestGenerics> = keyof ExtraMembers<O> extends never ? O : Extract<Omit<O, keyof ExtraMembers<O>>, RestGenerics>

/**
 * What `new RestEndpoint(options)` is typed by. Two signatures: a call without type arguments
 * (the usual one) picks the first, whose endpoint also has the options' extra members; a subclass
 * (`class Api<O> extends RestEndpoint<O>`, one type argument) gets the second, since a base class
 * must have members known without knowing O.
 */
export interface RestEndpointConstructor {
  new <O extends RestGenerics, X extends ExtraMembers<O>>(options: RestEndpointOptions<O> & Readonly<O>): RestEndpoint<WithoutExtras<O>> & X
  new <O extends RestGenerics = RestGenerics>(options: RestEndpointOptions<O> & Readonly<O>): RestEndpoint<O>
}

/**
 * An endpoint for one HTTP route: builds the URL from a `:name` path template, sends JSON,
 * parses the response and rejects non-2xx answers with a NetworkError. Subclass it to change
 * `getRequestInit`, `parseResponse` or `process` for a whole API. Options it does not know
 * (`channel: 'ticker'`) become members of the endpoint, as in data-client.
 */
export interface RestEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpointClass<O> {
  (...args: RestArgs<O>): Promise<RestResult<O>>
}
/** The class behind `RestEndpoint`, for this package's own modules (not exported from it). */
export interface RestEndpointClass<O extends RestGenerics = RestGenerics> {
  (...args: RestArgs<O>): Promise<RestResult<O>>
}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class RestEndpointClass<O extends RestGenerics = RestGenerics> extends (EndpointClass as unknown as EndpointBase) {
  declare readonly schema: SchemaOf<O>
  declare readonly path: O['path']
  declare readonly urlPrefix: string
  declare readonly requestInit?: RequestInit
  declare readonly paginationField?: string
  /** Type carriers: their values are not used at run time. */
  declare readonly searchParams: O['searchParams']
  declare readonly body: O['body']
  // O is inferred from the options object itself (TypeScript before 5.4 infers nothing through a
  // Pick of it); members that are not options are kept (see ExtraMembers).
  constructor(options: RestEndpointOptions<O> & Readonly<O>) {
    if (typeof options?.path !== 'string') {
      throw new TypeError(process.env.NODE_ENV !== 'production' ? 'RestEndpoint needs a `path` option such as "/users/:id"' : 'Tessera E300: path')
    }
    // A malformed path fails here, where it is written, not at the first call.
    template(options.path)
    super(undefined, options as any)
    // Unnamed, it is named by its URL template, as in data-client: read when asked, so a
    // subclass's `urlPrefix` class field (set after this constructor) is part of it.
    if (options.name === undefined) Object.defineProperty(this, 'name', { get: defaultName, configurable: true })
  }

  /** HTTP method, upper case; without a `method` option, POST for a `sideEffect: true` endpoint and GET otherwise. */
  // Options are own properties of the endpoint (see Endpoint), so a `method` option hides this getter.
  get method(): string {
    return optionsOf(this).sideEffect === true ? 'POST' : 'GET'
  }

  /** Mutations are everything but GET/HEAD unless `sideEffect` says otherwise. */
  // A `sideEffect` option hides this getter, as `method` does the one above.
  get sideEffect(): SideEffectOf<O> {
    return (this.method !== 'GET' && this.method !== 'HEAD' ? true : undefined) as SideEffectOf<O>
  }

  /**
   * The full URL for a set of parameters: urlPrefix + filled path + remaining parameters as the
   * query. A path that comes to `/` adds nothing to a urlPrefix (createResource's getList of
   * `/:id` is the urlPrefix itself, as in data-client); without a urlPrefix it is `/`.
   * @throws {MissingParameterError} or {InvalidParameterError} for a path parameter it cannot send.
   */
  url(params?: Record<string, unknown>): string {
    return fillUrl(this.urlPrefix ?? '', this.path as string, params, () => label(this), this)
  }

  /**
   * The query string (without `?`) of the parameters the path did not take. Override it to encode
   * nested objects, as data-client's `searchToString` is (`return qs.stringify(searchParams)`):
   * the default sends `a=1&b=2`, keys sorted, an array as the key repeated, and an object as
   * `[object Object]`, so filters nested in an object would share one URL and one cache key.
   */
  searchToString(searchParams: Record<string, unknown>): string {
    const query = new URLSearchParams()
    for (const key of Object.keys(searchParams).sort()) for (const item of ([] as unknown[]).concat(searchParams[key])) query.append(key, String(item))
    return query.toString()
  }

  /**
   * True when a cache key is one of this endpoint's: same method and urlPrefix, a path that fits
   * the template (any parameter values) and any query string. `controller.invalidateAll(endpoint)`
   * and `expireAll(endpoint)` use it.
   */
  testKey(key: string): boolean {
    const start = `${this.method} ${this.urlPrefix ?? ''}`
    return key.startsWith(start) && matchesPath(this.path as string, key.slice(start.length))
  }

  /** `METHOD url`: the same for the same parameters in any key order, different per argument set. */
  key(...args: RestArgs<O>): string {
    return `${this.method} ${this.urlOf(this.splitArgs(args as unknown[])[0])}`
  }

  /** Runs the request. Rejects before any request when a path parameter is missing. */
  async fetch(...args: RestArgs<O>): Promise<RestResult<O>> {
    const [params, body] = this.splitArgs(args as unknown[])
    // The URL first: a missing parameter rejects before getRequestInit runs.
    const response = await this.fetchResponse(this.urlOf(params), await this.getRequestInit(body))
    return this.process(await this.parseResponse(response), ...(args as unknown[]))
  }

  /**
   * `url(params)`, built once for a run of calls with the same parameters: the key of a call,
   * every read of the render that made it, and its fetch all ask for it. The last URL is reused
   * while urlPrefix, path and every parameter are the same values; parameters holding objects
   * or arrays (which could change in place) are never reused.
   */
  private urlOf(params: Record<string, unknown> | undefined): string {
    const inputs: unknown[] = [this.urlPrefix, this.path]
    for (const key of Object.keys(params ?? {})) {
      const value = params![key]
      if (value !== null && typeof value === 'object') return this.url(params)
      inputs.push(key, value)
    }
    const last = (this as { [LAST_URL]?: readonly [readonly unknown[], string] })[LAST_URL]
    if (last !== undefined && last[0].length === inputs.length && inputs.every((input, i) => Object.is(input, last[0][i]))) return last[1]
    const url = this.url(params)
    Object.defineProperty(this, LAST_URL, { value: [inputs, url], configurable: true })
    return url
  }

  /**
   * The init for `fetch`: method, JSON body with its content type, and `requestInit`, with the
   * headers `getHeaders` makes of them. Synchronous unless `getHeaders` returns a promise, so a
   * subclass may call `super.getRequestInit(body)` without awaiting it.
   */
  getRequestInit(body: unknown): RequestInit | Promise<RequestInit> {
    const extra = this.requestInit
    const headers = headersToObject(extra?.headers)
    const init: RequestInit = { ...extra, method: this.method }
    if (body !== undefined) {
      // Strings, FormData, URLSearchParams, Blobs and binary data go as they are (fetch knows
      // them); anything else as JSON. By tag, not instanceof: they may come from another realm.
      const raw = /^\[object (String|FormData|URLSearchParams|Blob|File|ArrayBuffer|DataView|\w+Array)\]$/.test(Object.prototype.toString.call(body))
      init.body = raw ? (body as BodyInit) : JSON.stringify(body)
      if (!raw && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json'
    }
    const sent = this.getHeaders(headers)
    const done = (final: HeadersInit): RequestInit => ({ ...init, headers: final })
    return typeof (sent as { then?: unknown } | undefined)?.then === 'function' ? Promise.resolve(sent).then(done) : done(sent as HeadersInit)
  }

  /**
   * The headers a request sends, given those built so far; the identity by default. Override it
   * (or pass the `getHeaders` option) to add authentication to every request; may be async.
   * data-client calls it from `getRequestInit` with the same argument.
   */
  getHeaders(headers: HeadersInit): HeadersInit | Promise<HeadersInit> {
    return headers
  }

  /**
   * Sends the request; any status outside 2xx becomes a NetworkError.
   * @throws {TypeError} with `status` 500 when the request never got a response (the network is down).
   */
  async fetchResponse(input: string, init: RequestInit): Promise<Response> {
    const signal = (this as { signal?: AbortSignal }).signal
    const request = `${init.method ?? 'GET'} ${input}`
    let response: Response
    try {
      response = await fetch(input, signal && !init.signal ? { ...init, signal } : init)
    } catch (error) {
      // Duck-typed, not instanceof: the platform's errors may come from another realm (an iframe, jest's vm).
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
      // Keep the platform's message and say which request it was. Node's fetch only says "fetch
      // failed" and puts the reason (ECONNREFUSED, "other side closed") in its cause. Status 500,
      // as data-client gives it: boundaries and retry logic that read `status` see a server-side failure.
      // A relative URL outside a page (a server render, a test in Node) has nowhere to go: development builds say what gives it one.
      throw Object.assign(new TypeError(process.env.NODE_ENV !== 'production' ? failedRequest(request, input, error) : `${request} failed: ${messageChain(error)}`, { cause: error }), { status: 500 })
    }
    if (!response.ok) {
      throw new NetworkError(response, init.method ?? 'GET', await response.clone().text().then((text) => text.slice(0, 200), () => ''), input)
    }
    requests.set(response, request)
    return response
  }

  /**
   * JSON for JSON content types; null for 204 or an empty body. Any other body is given as text
   * when the endpoint has no schema (or its own `process`), and rejected otherwise: an HTML page
   * or a plain-text answer is never data for an entity.
   * @throws {TypeError} when the connection fails while the body arrives (naming the request, with the cause).
   * @throws {SchemaError} for a non-JSON body where the schema expects data.
   */
  async parseResponse(response: Response): Promise<any> {
    // A 204 has an empty body.
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error
      const request = requests.get(response) ?? (response.url || 'the request')
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${request} failed while reading the response body: ${messageChain(error)}`
          : `Tessera E305: ${request}: ${messageChain(error)}`,
        { cause: error },
      )
    }
    if (text === '') return null
    const type = response.headers.get('content-type') ?? ''
    if (!/[/+]json\b/i.test(type)) {
      const schema = this.schema as unknown
      if (schema == null || typeof schema === 'string' || this.process !== RestEndpointClass.prototype.process) return text
      throw new SchemaError(
        process.env.NODE_ENV !== 'production' ? `${label(this)}: ${describeTextBody(text, type)}` : `Tessera E303: ${label(this)} ${type}`,
      )
    }
    try {
      return JSON.parse(text)
    } catch (error) {
      throw Object.assign(
        new SyntaxError(
          process.env.NODE_ENV !== 'production'
            ? `${label(this)}: the response says ${type} but its body is not JSON: ${excerpt(text)} (${(error as Error).message})`
            : `Tessera E304: ${label(this)} ${type}`,
        ),
        // 400, as for a SchemaError: the response is unusable. Its own status is 2xx here (fetchResponse
        // rejects the others), and a 2xx on an error would read as a success to status checks.
        { status: 400 },
      )
    }
  }

  /** Post-processes the parsed value; the identity by default. */
  process(value: any, ..._args: any[]): any {
    return value
  }

  /** A new endpoint with these options layered over this one's; types follow. */
  // Pick keeps a new path or method literal ('/users/:id', not string), so the arguments still
  // infer; the options type itself types the parameters of methods such as getOptimisticResponse.
  // The index signature admits extra members: `{ channel }` alone shares nothing with the options.
  // `E`, the endpoint extended, brings the extra members it already has.
  extend<E, N extends Partial<RestEndpointOptions<RestGenerics>> & { readonly [member: string]: unknown }>(
    this: E & RestEndpointClass<O>,
    options: N & Readonly<Pick<N, keyof N & keyof RestGenerics>> & Partial<RestEndpointOptions<RestGenerics>>,
  ): RestEndpoint<ExtendGenerics<O, N>> & Omit<E, keyof RestEndpointClass<any> | keyof N> & ExtraMembers<N> {
    // A name given once (createResource's `Article.get`) stays through every extend, new path or
    // method included, until another is given; an unnamed endpoint goes on naming itself by its URL.
    return new (this.constructor as new (options: object) => any)({ ...optionsOf(this), ...options })
  }

  /**
   * An endpoint for the next page of this list. `cursor` names the argument that pages it (sent
   * as a query parameter), or is a function from the page's arguments to those of the list it
   * continues (`({ cursor, ...rest }) => [rest]`). What the page returns is added to that list,
   * whose identity does not change as pages arrive: a `schema.Collection` (bare or in an object
   * schema) appends the page's items; an array appends them; in an object, list members append
   * and the other members (the next cursor) are replaced.
   */
  paginated<F extends string>(cursor: F | ((...args: any[]) => readonly unknown[])): RestEndpoint<PageGenerics<O, F>> {
    const removeCursor =
      typeof cursor === 'function'
        ? (...args: unknown[]) => ([] as unknown[]).concat(cursor(...args))
        : (params?: unknown, ...rest: unknown[]) => {
            if (params === null || typeof params !== 'object') return [params, ...rest]
            const { [cursor]: _cursor, ...others } = params as Record<string, unknown>
            return [others, ...rest]
          }
    return this.extend({
      name: `${this.name}.getPage`,
      paginationField: typeof cursor === 'string' ? cursor : undefined,
      schema: mapCollection(this.schema, (collection) => collection.paginate(removeCursor)) ?? this.schema,
      update: (result: unknown, ...args: unknown[]) => ({
        [(this.key as (...a: unknown[]) => string)(...removeCursor(...args))]: (previous: unknown) => appendPage(previous, result),
      }),
    } as Partial<RestEndpointOptions<any>>) as unknown as RestEndpoint<PageGenerics<O, F>>
  }

  /** The next page of this list, paged by the `paginationField` option (`createResource` passes it on). */
  get getPage(): RestEndpoint<PageGenerics<O, string>> {
    const field = this.paginationField
    if (field === undefined) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `${this.name}.getPage needs the paginationField option (the argument that pages the list, e.g. "cursor"); or use ${this.name}.paginated("cursor")`
          : `Tessera E306: ${this.name}`,
      )
    }
    return this.derive('getPage', () => this.paginated(field))
  }

  /** A POST to this list's path whose response is appended to every matching cached list (the schema must hold a `schema.Collection`). */
  get push(): RestEndpoint<AddGenerics<O>> {
    return this.adder('push')
  }

  /** Like `push`, but the created items go first. */
  get unshift(): RestEndpoint<AddGenerics<O>> {
    return this.adder('unshift')
  }

  /** A POST to this map's path whose response (entries) is merged into every matching cached map (the schema must hold a Collection of `schema.Values`). */
  get assign(): RestEndpoint<AssignGenerics<O>> {
    return this.adder('assign')
  }

  /**
   * A PATCH to this list's path whose response (the updated items) is taken out of every matching
   * cached list, and written to the items' own records (the schema must hold a `schema.Collection`).
   */
  get remove(): RestEndpoint<RemoveGenerics<O>> {
    return this.adder('remove')
  }

  /**
   * A PATCH to the item's path (the `movePath` option, else this list's path) whose response moves
   * the item out of the cached lists it matched and into those it matches now: a todo given another
   * `userId` leaves that user's lists for the new user's.
   */
  get move(): RestEndpoint<MoveGenerics<O>> {
    return this.adder('move')
  }

  private adder(where: 'push' | 'unshift' | 'assign' | 'remove' | 'move'): RestEndpoint<any> {
    return this.derive(where, () => {
      let collection: Collection<any> | undefined
      mapCollection(this.schema, (found) => (collection = found))
      if (collection?.[where] === undefined) {
        throw new TypeError(
          process.env.NODE_ENV !== 'production'
            ? `${this.name}.${where} needs a schema.Collection${where === 'assign' ? ' of schema.Values' : ''} in the schema of ${this.name}`
            : `Tessera E307: ${this.name}.${where}`,
        )
      }
      const { paginationField: _field, sideEffect: _sideEffect, ...rest } = optionsOf(this)
      // Adds are creates in this collection, remove and move updates of its items, and named so (as in data-client).
      const update = where === 'remove' || where === 'move'
      return new (this.constructor as new (options: object) => RestEndpoint<any>)({
        ...rest,
        method: update ? 'PATCH' : 'POST',
        schema: collection[where],
        name: `${this.name}.${update ? 'partialUpdate' : 'create'}`,
        ...(where === 'move' && { path: rest.movePath ?? this.path }),
      })
    })
  }

  /**
   * Derived endpoints are made once per endpoint, so they can be compared and used as React deps:
   * the first is kept as an own property under the getter's name, which hides the getter.
   */
  private derive(name: string, make: () => RestEndpoint<any>): RestEndpoint<any> {
    const made = make()
    Object.defineProperty(this, name, { value: made })
    return made
  }

  /**
   * [params, body] from the call's arguments: a lone argument is the body when the path needs no
   * parameter (it has none, or only optional ones: `/users{/:id}`), as in data-client.
   */
  splitArgs(args: readonly unknown[]): [Record<string, unknown> | undefined, unknown] {
    return args.length === 1 && !['GET', 'HEAD', 'DELETE'].includes(this.method) && !template(this.path as string).required
      ? [undefined, args[0]]
      : [args[0] as Record<string, unknown> | undefined, args[1]]
  }

  /**
   * Soft for a status of 500 or more and for network failures (a `TypeError`): when data is
   * cached, readers keep showing it and only the caller of `controller.fetch` sees the error.
   * 4xx errors are hard. Override with the `errorPolicy` option (an own property of the
   * endpoint, so it wins over this prototype method).
   */
  errorPolicy(error: unknown): 'soft' | undefined {
    const status = (error as { status?: unknown } | null)?.status
    return (typeof status === 'number' && status >= 500) || error instanceof TypeError ? 'soft' : undefined
  }
}

// The class is exported under its interface's name with the constructor type above (the same
// object at run time, so `instanceof RestEndpoint` and subclasses work as before).
// eslint-disable-next-line @typescript-eslint/no-redeclare
export const RestEndpoint = RestEndpointClass as unknown as RestEndpointConstructor

/**
 * The schema with its Collection (bare, or a member of an object schema) replaced by
 * `map(collection)`; undefined when it holds none. Only the first Collection is mapped.
 */
function mapCollection(schema: unknown, map: (collection: Collection<any>) => unknown): unknown {
  if (schemaKindOf(schema) === 'Collection') return map(schema as Collection<any>)
  const members = schema instanceof ObjectSchema ? (schema.schema as object) : schema
  // Arrays and schema objects (anything that normalizes itself) hold no member Collection here.
  if (members === null || typeof members !== 'object' || isArray(members) || 'normalize' in members) return undefined
  for (const [name, member] of Object.entries(members)) {
    const mapped = mapCollection(member, map)
    if (mapped !== undefined) {
      const out = { ...members, [name]: mapped }
      return schema instanceof ObjectSchema ? new ObjectSchema(out) : out
    }
  }
  return undefined
}

/**
 * Appends a page to a list result: arrays concatenate (without repeats); of an object, the page's
 * members replace the stored ones, lists appended, and a member the page leaves out is dropped
 * unless it is a list (as data-client, whose page response replaces the list's): the last page,
 * which has no next cursor, leaves none behind.
 */
export function appendPage(previous: unknown, page: unknown): unknown {
  if (previous == null) return page
  if (isArray(previous) && isArray(page)) {
    const seen = new Set(previous.map(identity))
    return previous.concat(page.filter((item) => !seen.has(identity(item))))
  }
  if (typeof previous !== 'object' || page === null || typeof page !== 'object' || isArray(page)) return page
  // Built from entries, not assigned: a "__proto__" member of a server page stays data. A member
  // of both keeps its place and takes the page's value.
  return Object.fromEntries(
    Object.entries(previous)
      .filter(([, value]) => isArray(value))
      .concat(
        Object.entries(page).map(([key, after]) => {
          const before = (previous as Record<string, unknown>)[key]
          return [key, isArray(before) && isArray(after) ? appendPage(before, after) : after]
        }),
      ),
  )
}

/** Normalized list items are pks (or `{ id, schema }` for unions); compare them by value. */
function identity(item: unknown): unknown {
  return item !== null && typeof item === 'object' ? JSON.stringify(item) : item
}

/** The start of a body, quoted, for messages. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 77) + '...' : text)
}

/** Why a text body cannot be the data of a schema, with the start of the body (development builds only). */
function describeTextBody(text: string, type: string): string {
  const said = type === '' ? 'no content-type' : `content-type ${type}`
  if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(text)) {
    return `expected JSON for its schema but got an HTML page (${said}); usually no API route answered this URL: ${excerpt(text)}`
  }
  try {
    JSON.parse(text)
    return `the body is JSON but the response has ${said}; have the server send application/json, or override parseResponse: ${excerpt(text)}`
  } catch {
    return `expected JSON for its schema but got ${said}: ${excerpt(text)}`
  }
}

/** An error's message followed by those of its causes: `fetch failed: connect ECONNREFUSED …`. */
function messageChain(error: unknown): string {
  const messages: string[] = []
  // Bounded: a cause chain can be circular.
  for (let e = error; e != null && messages.length < 5; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message
    messages.push(typeof message === 'string' ? message : String(e))
  }
  return messages.join(': ')
}
