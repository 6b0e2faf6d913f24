import type { Denormalize, Schema } from '../../schema/index'
import { Endpoint } from '../Endpoint'
import { stableStringify } from '../stableKey'
import type { EndpointExtraOptions } from '../types'

/** Options of a GraphQL client. */
export interface GQLOptions extends EndpointExtraOptions {
  /** Extra `fetch` init (headers, credentials) for every request. */
  readonly requestInit?: RequestInit
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

/** One query or mutation bound to its text and schema map. */
export interface GQLOperation<S extends Schema | undefined, M extends boolean | undefined> extends Endpoint<(variables?: Variables) => Promise<S extends Schema ? Denormalize<S> : any>, S, M> {}

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

  /** A read endpoint for `text`; call it with the variables. */
  query<S extends Schema | undefined = undefined>(text: string, schema?: S, options: EndpointExtraOptions = {}): GQLOperation<S, undefined> {
    return this.operation(text, schema, false, options) as GQLOperation<S, undefined>
  }

  /** A mutation endpoint for `text`; run it with `controller.fetch(mutation, variables)`. */
  mutation<S extends Schema | undefined = undefined>(text: string, schema?: S, options: EndpointExtraOptions = {}): GQLOperation<S, true> {
    return this.operation(text, schema, true, options) as GQLOperation<S, true>
  }

  private operation(text: string, schema: Schema | undefined, sideEffect: boolean, options: EndpointExtraOptions): Endpoint<any, any, any> {
    const { url } = this
    const { requestInit, ...common } = this.options
    const name = operationName(text)
    async function run(this: { signal?: AbortSignal }, variables: Variables = {}) {
      // Through Headers: requestInit.headers may be a Headers object or pairs, which spreading would lose.
      const headers = new Headers(requestInit?.headers)
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json')
      const response = await fetch(url, {
        ...requestInit,
        method: 'POST',
        headers,
        body: JSON.stringify({ query: text, variables }),
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
    })
  }
}

/** `query UserList($first: Int) {…}` → `UserList`; anonymous operations use their first field. */
function operationName(text: string): string {
  const named = /\b(query|mutation|subscription)\s+([A-Za-z_]\w*)/.exec(text)
  if (named) return named[2]!
  const field = /{\s*([A-Za-z_]\w*)/.exec(text)
  return field ? field[1]! : 'operation'
}
