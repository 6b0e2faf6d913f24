import { optionsOf } from '../EndpointBase'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

// The text of the errors a RestEndpoint's request and response handling throws: full sentences in
// development builds, `Tessera E3xx` codes with the facts in production ones (see the README's
// "Production errors"). Kept apart from RestEndpoint so the class reads as the request it makes
// and the development text sits in one place; the class builds the errors where it throws them
// (a builder function per error costs every app's bundle more than it saves).

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
 * The message of a request that got no response, in development builds: the platform's reasons,
 * and for a relative URL outside a page (Node's fetch says only "Failed to parse URL") what to do.
 */
export function failedRequest(request: string, input: string, error: unknown): string {
  const message = `${request} failed: ${messageChain(error)}`
  if (typeof location !== 'undefined' || /^[a-z][a-z\d+.-]*:/i.test(input)) return message
  return (
    `${message}. A relative URL has no page to resolve it against here: in a server render, pass the incoming request's origin ` +
    "to createServerData({ origin }) from 'tessera/ssr' (requests go there, and cache keys keep the relative URL, so the " +
    'browser finds the data under its own keys); elsewhere, give the endpoint an absolute urlPrefix.'
  )
}

/** The start of a body, quoted, for messages (development builds only). */
export function excerpt(text: string): string {
  return JSON.stringify(text.length > 80 ? text.slice(0, 77) + '...' : text)
}

/** Why a text body cannot be the data of a schema, with the start of the body (development builds only). */
export function describeTextBody(text: string, type: string): string {
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
export function messageChain(error: unknown): string {
  const messages: string[] = []
  // Bounded: a cause chain can be circular.
  for (let e = error; e != null && messages.length < 5; e = (e as { cause?: unknown }).cause) {
    const message = (e as { message?: unknown }).message
    messages.push(typeof message === 'string' ? message : String(e))
  }
  return messages.join(': ')
}
