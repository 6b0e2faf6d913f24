import type { Denormalize, Schema } from '../../schema/index'
import { Endpoint, type EndpointOptions } from '../Endpoint'
import { stableStringify } from '../stableKey'
import type { EndpointExtraOptions } from '../types'
import { headersToObject } from '../rest/headers'

/** Options of a GraphQL client. */
export interface GQLOptions extends EndpointExtraOptions {
  /** Extra `fetch` init (headers, credentials) for every request. */
  readonly requestInit?: RequestInit
  /**
   * The headers to send, given those built so far (`requestInit` headers and the JSON content
   * type, as a plain object); may be async. Called at each request, so a token read here is the
   * current one: `getHeaders: (headers) => ({ ...headers, Authorization: auth() })`.
   */
  readonly getHeaders?: (headers: HeadersInit) => HeadersInit | Promise<HeadersInit>
}

/** A GraphQL error as servers send it. */
export interface GQLErrorEntry {
  message: string
  path?: readonly (string | number)[]
}

/** Thrown when the response carries `errors`; `errors` keeps every entry. */
export class GQLError extends Error {
  override name = 'GQLError'
  constructor(
    readonly errors: readonly GQLErrorEntry[],
    readonly status?: number,
  ) {
    super(errors.map((e) => e.message).join('; ') || 'GraphQL request failed')
  }
}

type Variables = Record<string, unknown>

/** The operation text, or a function of the variables that writes it (data-client's `(v) => \`query …\``). */
export type GQLQuery<V = any> = string | ((variables: V) => string)

/** The variables an operation takes: those its query function names, else any (optional). */
type VariablesOf<Q> = Q extends (variables: infer V) => string ? (unknown extends V ? [variables?: Variables] : [variables: V]) : [variables?: Variables]

/** One query or mutation bound to its text and schema map; `V` is its argument list. */
export interface GQLOperation<S extends Schema | undefined, M extends boolean | undefined, V extends readonly unknown[] = [variables?: Variables]>
  extends Endpoint<(...args: V) => Promise<S extends Schema ? Denormalize<S> : any>, S, M> {}

/**
 * A GraphQL client for one URL. `query` and `mutation` make endpoints that POST
 * `{ query, variables }`; their schema map has one entry per top-level field, so results are
 * normalized like any other endpoint's and a mutation updates every query holding the entity.
 */
export class GQLEndpoint {
  constructor(
    readonly url: string,
    readonly options: GQLOptions = {},
  ) {}

  /**
   * A read endpoint for `query` (its text, or a function of the variables that writes it); call it
   * with the variables.
   */
  query<S extends Schema | undefined = undefined, Q extends GQLQuery = string>(query: Q, schema?: S, options: EndpointExtraOptions = {}): GQLOperation<S, undefined, VariablesOf<Q>> {
    return this.operation(query, schema, false, options) as GQLOperation<S, undefined, VariablesOf<Q>>
  }

  /**
   * A mutation endpoint for `query` (its text, or a function of the variables that writes it);
   * run it with `controller.fetch(mutation, variables)`.
   */
  mutation<S extends Schema | undefined = undefined, Q extends GQLQuery = string>(query: Q, schema?: S, options: EndpointExtraOptions = {}): GQLOperation<S, true, VariablesOf<Q>> {
    return this.operation(query, schema, true, options) as GQLOperation<S, true, VariablesOf<Q>>
  }

  /**
   * The headers a request sends, given those built so far (a plain object): the `getHeaders`
   * option's, else these unchanged. A subclass may override it; may be async.
   */
  getHeaders(headers: HeadersInit): HeadersInit | Promise<HeadersInit> {
    return this.options.getHeaders ? this.options.getHeaders(headers) : headers
  }

  private operation(query: GQLQuery, schema: Schema | undefined, sideEffect: boolean, options: EndpointExtraOptions): Endpoint<any, any, any> {
    const client = this
    const { url } = this
    const { requestInit, getHeaders: _getHeaders, ...common } = this.options
    const textOf = typeof query === 'function' ? query : () => query
    const name = operationName(typeof query === 'function' ? sampleText(query) : query)
    async function run(this: { signal?: AbortSignal }, variables: Variables = {}) {
      // A plain object, so getHeaders can spread it: requestInit.headers may be a Headers object or pairs.
      const built = headersToObject(requestInit?.headers)
      if (!Object.keys(built).some((header) => header.toLowerCase() === 'content-type')) built['Content-Type'] = 'application/json'
      const sent = client.getHeaders(built)
      // Awaited only when it is a promise: the request then starts in the same tick as the call.
      const headers = typeof (sent as { then?: unknown }).then === 'function' ? await sent : (sent as HeadersInit)
      const response = await fetch(url, {
        ...requestInit,
        method: 'POST',
        headers,
        body: JSON.stringify({ query: textOf(variables), variables }),
        signal: this?.signal ?? requestInit?.signal,
      })
      let payload: { data?: unknown; errors?: GQLErrorEntry[] }
      try {
        payload = await response.json()
      } catch {
        throw Object.assign(new Error(`${name}: ${response.status} response from ${url} is not JSON`), { status: response.status })
      }
      if (payload.errors?.length) throw new GQLError(payload.errors, response.status)
      if (!response.ok) throw Object.assign(new Error(`${name}: ${response.status} from ${url}`), { status: response.status })
      return payload.data
    }
    return new Endpoint(run, {
      ...common,
      ...options,
      schema: schema as any,
      sideEffect: sideEffect ? true : undefined,
      name,
      key: (variables: Variables = {}) => `${url} ${name} ${stableStringify(variables)}`,
      // Keys start with the URL, not the name Endpoint#testKey looks for.
      testKey: (key: string) => key.startsWith(`${url} ${name} `),
    } as EndpointOptions<any, any>)
  }
}

/**
 * The text a query function writes, to name the operation by: called with no variables, as
 * data-client's `testKey` does. Empty when the function needs real variables to run.
 */
function sampleText(query: (variables: any) => string): string {
  try {
    const text = query({})
    return typeof text === 'string' ? text : ''
  } catch {
    return ''
  }
}

/** `query UserList($first: Int) {…}` → `UserList`; anonymous operations use their first field. */
function operationName(text: string): string {
  const named = /\b(query|mutation|subscription)\s+([A-Za-z_]\w*)/.exec(text)
  if (named) return named[2]!
  const field = /{\s*([A-Za-z_]\w*)/.exec(text)
  return field ? field[1]! : 'operation'
}
