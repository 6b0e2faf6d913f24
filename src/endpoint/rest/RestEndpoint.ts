import { SchemaError } from '../../schema/index'
import { EndpointBase, optionsOf } from '../EndpointBase'
import type { EndpointExtraOptions } from '../types'
import { collectionMember } from './collectionMember'
import { headersToObject } from './headers'
import type { AddGenerics, AssignGenerics, MoveGenerics, PageGenerics, RemoveGenerics } from './ListGenerics'
import { NetworkError } from './NetworkError'
import { paginate } from './pagination'
import { fillUrl, matchesPath, template } from './path'
import { describeTextBody, excerpt, failedRequest, label, messageChain } from './requestErrors'
import type { ExtendGenerics, ExtraMembers, RestArgs, RestEndpointOptions, RestGenerics, RestResult, SchemaOf, SideEffectOf, WithoutExtras } from './RestGenerics'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

// The types live beside it: RestGenerics.ts (options, arguments, result), ListGenerics.ts (what a
// list derives); the list's derived endpoints in collectionMember.ts and pagination.ts, the error
// text in requestErrors.ts.
export type { RestGenerics, RestEndpointOptions, RestArgs, RestResult, ExtendGenerics, BodyData, ExtraMembers } from './RestGenerics'
export type { AddGenerics, AssignGenerics, MoveGenerics, PageGenerics, RemoveGenerics } from './ListGenerics'

/**
 * The callable base every endpoint is made by (EndpointBase: `instanceof Endpoint` holds through
 * Endpoint's `Symbol.hasInstance`), with only the members Endpoint and RestEndpoint share at type level.
 */
interface EndpointShared extends Omit<EndpointExtraOptions, 'errorPolicy'> {
  readonly name: string
}
// Cast where it is extended: an alias would be one more variable in every bundle.
type EndpointShell = new (fetchFunction: undefined, options: object) => EndpointShared

/** The default name of a RestEndpoint: its URL template (`urlPrefix` + `path`). */
function defaultName(this: RestEndpointClass<any>): string {
  return (this.urlPrefix ?? '') + (this.path as string)
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
export class RestEndpointClass<O extends RestGenerics = RestGenerics> extends (EndpointBase as unknown as EndpointShell) {
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
    return paginate(this, cursor) as unknown as RestEndpoint<PageGenerics<O, F>>
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
    return derive(this, 'getPage', () => this.paginated(field))
  }

  /** A POST to this list's path whose response is appended to every matching cached list (the schema must hold a `schema.Collection`). */
  declare readonly push: RestEndpoint<AddGenerics<O>>
  /** Like `push`, but the created items go first. */
  declare readonly unshift: RestEndpoint<AddGenerics<O>>
  /** A POST to this map's path whose response (entries) is merged into every matching cached map (the schema must hold a Collection of `schema.Values`). */
  declare readonly assign: RestEndpoint<AssignGenerics<O>>
  /**
   * A PATCH to this list's path whose response (the updated items) is taken out of every matching
   * cached list, and written to the items' own records (the schema must hold a `schema.Collection`).
   */
  declare readonly remove: RestEndpoint<RemoveGenerics<O>>
  /**
   * A PATCH to the item's path (the `movePath` option, else this list's path) whose response moves
   * the item out of the cached lists it matched and into those it matches now: a todo given another
   * `userId` leaves that user's lists for the new user's.
   */
  declare readonly move: RestEndpoint<MoveGenerics<O>>

  // The five members above are getters on the prototype, made in one loop (fewer bytes than five
  // getters): each builds its endpoint on first access (see collectionMember.ts) and keeps it. A
  // static field's initializer, not a `static {}` block, which React Native's Babel preset cannot
  // parse (see Entity).
  // @ts-ignore under noUnusedLocals, nothing reads the field (TS6133): its initializer is what runs.
  static #setUp = defineListMembers(this.prototype)

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

/** Defines push, unshift, assign, remove and move on the class's prototype (see `#setUp`). */
function defineListMembers(prototype: object): void {
  for (const where of ['push', 'unshift', 'assign', 'remove', 'move'] as const) {
    Object.defineProperty(prototype, where, {
      get(this: RestEndpointClass) {
        return derive(this, where, () => collectionMember(this, where))
      },
      configurable: true,
    })
  }
}

/**
 * Derived endpoints are made once per endpoint, so they can be compared and used as React deps:
 * the first is kept as an own property under the getter's name, which hides the getter.
 */
function derive(endpoint: object, name: string, make: () => RestEndpoint<any>): RestEndpoint<any> {
  const made = make()
  Object.defineProperty(endpoint, name, { value: made })
  return made
}

// The class is exported under its interface's name with the constructor type above (the same
// object at run time, so `instanceof RestEndpoint` and subclasses work as before).
// eslint-disable-next-line @typescript-eslint/no-redeclare
export const RestEndpoint = RestEndpointClass as unknown as RestEndpointConstructor
