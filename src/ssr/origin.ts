// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { tesseraHooks, type Manager, type RequestCall } from '../store/Manager'

/** What of a RestEndpoint this reads: the parts its URL is made of, its fetch and its own signal. */
interface UrlEndpoint {
  readonly urlPrefix?: string
  readonly path: string
  readonly signal?: AbortSignal
  fetch(this: unknown, ...args: readonly unknown[]): Promise<unknown>
}

/**
 * The manager that sends a server store's requests to `origin`: a RestEndpoint (createResource's
 * included) whose URL is relative (`path: '/api/articles'`, the urlPrefix empty or relative, as
 * the browser bundle writes it) runs with the origin put in front of its urlPrefix, for that call
 * only. The controller made the cache key from the endpoint itself, so the key stays the relative
 * URL the browser computes, and the browser finds the server's data under it. Absolute URLs and
 * other endpoints run as they are. A plugin on the store's `request` hook: the store knows
 * nothing of URLs.
 * @throws {TypeError} for an origin that is not an absolute http(s) URL.
 */
export function originManager(origin: string | URL): Manager {
  let base: string
  try {
    base = new URL(origin).origin
  } catch {
    base = 'null'
  }
  // `new URL('localhost:3000').origin` is 'null': a scheme-less host parses as a scheme.
  if (base === 'null') {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? `createServerData: \`origin\` takes an absolute URL such as 'http://localhost:3000' (the incoming request's origin), where relative request URLs are sent; got ${JSON.stringify(String(origin))}`
        : `Tessera E603: ${String(origin)}`,
    )
  }
  return {
    [tesseraHooks]: {
      request(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> {
        const endpoint = call.endpoint as unknown as Partial<UrlEndpoint>
        const prefix = endpoint.urlPrefix ?? ''
        if (typeof endpoint.fetch !== 'function' || typeof endpoint.path !== 'string' || typeof prefix !== 'string' || /^[a-z][a-z\d+.-]*:/i.test(prefix)) return run()
        // `//host/api` takes the origin's scheme; `/api`, `api` and '' its scheme and host.
        const urlPrefix = prefix.startsWith('//') ? base.slice(0, base.indexOf(':') + 1) + prefix : base + (prefix === '' || prefix.startsWith('/') ? '' : '/') + prefix
        // As the controller calls an endpoint: `this.signal` aborts it, with the endpoint's own signal if it has one.
        const own = endpoint.signal
        const signal = own instanceof AbortSignal && typeof AbortSignal.any === 'function' ? AbortSignal.any([own, call.signal]) : call.signal
        return endpoint.fetch.apply(Object.create(endpoint, { signal: { value: signal }, urlPrefix: { value: urlPrefix } }), [...call.args])
      },
    },
  }
}
