import { SchemaError } from '../../schema/index'
import { optionsOf } from '../EndpointBase'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

// The errors a RestEndpoint's request and response handling throws, with their text: full
// sentences in development builds, `Tessera E3xx` codes with the facts in production ones (see
// the README's "Production errors"). Kept apart from RestEndpoint so the class reads as the
// request it makes, and the development text sits in one place.

/** What a RestEndpoint's messages read of it. */
interface Named {
  readonly method: string
  readonly path: unknown
}

/** How messages name an endpoint: the name it was given, or its method and path (`GET /users/:id`). */
export function label(endpoint: Named): string {
  return (optionsOf(endpoint).name as string | undefined) ?? `${endpoint.method} ${endpoint.path as string}`
}

/**
 * A request that got no response (the network is down, the URL cannot be parsed): a TypeError
 * that keeps the platform's message and says which request it was, with `status` 500, as
 * data-client gives it (boundaries and retry logic that read `status` see a server-side failure).
 */
export function requestFailed(request: string, input: string, error: unknown): TypeError {
  // Node's fetch only says "fetch failed" and puts the reason (ECONNREFUSED, "other side closed")
  // in its cause. A relative URL outside a page (a server render, a test in Node) has nowhere to
  // go: development builds say what gives it one.
  const message = process.env.NODE_ENV !== 'production' ? failedRequest(request, input, error) : `${request} failed: ${messageChain(error)}`
  return Object.assign(new TypeError(message, { cause: error }), { status: 500 })
}

/** The connection failed while the body of a response arrived (naming the request, with the cause). */
export function bodyFailed(request: string, error: unknown): TypeError {
  return new TypeError(
    process.env.NODE_ENV !== 'production'
      ? `${request} failed while reading the response body: ${messageChain(error)}`
      : `Tessera E305: ${request}: ${messageChain(error)}`,
    { cause: error },
  )
}

/** A body that is not JSON where the endpoint's schema expects data. */
export function notJson(endpoint: Named, text: string, type: string): SchemaError {
  return new SchemaError(
    process.env.NODE_ENV !== 'production' ? `${label(endpoint)}: ${describeTextBody(text, type)}` : `Tessera E303: ${label(endpoint)} ${type}`,
  )
}

/** A body whose content type says JSON but that does not parse. */
export function badJson(endpoint: Named, text: string, type: string, error: unknown): SyntaxError {
  return Object.assign(
    new SyntaxError(
      process.env.NODE_ENV !== 'production'
        ? `${label(endpoint)}: the response says ${type} but its body is not JSON: ${excerpt(text)} (${(error as Error).message})`
        : `Tessera E304: ${label(endpoint)} ${type}`,
    ),
    // 400, as for a SchemaError: the response is unusable. Its own status is 2xx here (fetchResponse
    // rejects the others), and a 2xx on an error would read as a success to status checks.
    { status: 400 },
  )
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
