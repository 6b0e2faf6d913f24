/**
 * Where the store puts its `origin` option on the object an endpoint's `fetch` runs on (`this`,
 * beside `signal`). A symbol, so it never shadows a member an app gave its endpoint; from the
 * global registry, so two copies of the package in one app still agree on it.
 */
export const REQUEST_ORIGIN: unique symbol = Symbol.for('tessera.origin')

/**
 * The URL a request goes to: `url` resolved against the origin of the store that runs it, when it
 * has one (a server render, React Native), so the endpoints of a browser app, written with
 * relative URLs, work there too. The cache key is made of `url` itself, so both sides share it.
 * Without an origin, `url` as it is (a browser resolves it against the page).
 */
export function requestUrl(call: unknown, url: string): string {
  const origin = (call as { [REQUEST_ORIGIN]?: string | URL } | undefined)?.[REQUEST_ORIGIN]
  return origin === undefined ? url : new URL(url, origin).href
}
