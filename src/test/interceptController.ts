import type { EndpointInterface } from '../endpoint/types'
import type { Controller } from '../store/Controller'
import type { Fixture, FetchInterceptor, Interceptor, ResponseInterceptor } from './fixtureTypes'

/** How a controller answers from fixtures (MockResolver's props, renderDataClient's options). */
export interface InterceptOptions<T> {
  /** The `this` of interceptors' `response` / `fetchResponse`, made once per intercepting controller. */
  readonly getInitialInterceptorData?: () => T
  /** No warning when a request matches no fixture (it then goes to the real endpoint). */
  readonly silenceMissing?: boolean
}

type AnyFixture = Fixture | Interceptor

/**
 * A view of `controller` whose requests are answered by fixtures: the same store, state, memo
 * cache and managers (it inherits everything from `controller`), but `fetch`, `fetchIfStale`,
 * `subscribe` and `unsubscribe` run each endpoint through a stand-in whose `fetch` looks the
 * request's key up in the fixtures. Only the request is replaced: the key, deduplication,
 * normalization, optimistic updates, expiry and errors are the store's own, so a component sees
 * exactly what it would see with that server answer. A stand-in handed to polling keeps
 * answering from fixtures. A request no fixture matches goes to the real endpoint (with a
 * warning unless `silenceMissing`).
 */
export function interceptController<T>(controller: Controller, fixtures: readonly (Fixture | Interceptor<T>)[], options: InterceptOptions<T> = {}): Controller {
  const exact = new Map<string, Fixture>()
  const patterns: Interceptor<T>[] = []
  for (const fixture of fixtures) {
    if ('args' in fixture) exact.set(fixture.endpoint.key(...fixture.args), fixture)
    else patterns.push(fixture)
  }
  const data = (options.getInitialInterceptorData ?? emptyData)() as T
  // An exact fixture wins over a pattern; among patterns, the first that accepts the key.
  const find = (key: string): AnyFixture | undefined => exact.get(key) ?? patterns.find((fixture) => fixture.endpoint.testKey(key))

  const standIns = new WeakMap<object, EndpointInterface>()
  const standIn = <E extends EndpointInterface>(endpoint: E): E => {
    let replaced = standIns.get(endpoint)
    if (replaced === undefined) {
      const fetch = function (this: EndpointInterface, ...args: unknown[]): Promise<unknown> {
        const key = this.key(...args)
        const fixture = find(key)
        if (fixture !== undefined) return answer(fixture, endpoint, this, args, data)
        if (!options.silenceMissing) warnMissing(key)
        return callReal(endpoint, this, args)
      }
      // Inherits key, schema, sideEffect, update, getOptimisticResponse …; only the request differs.
      replaced = Object.create(endpoint, { fetch: { value: fetch, configurable: true, writable: true } }) as EndpointInterface
      standIns.set(endpoint, replaced)
    }
    return replaced as E
  }

  const methods: Pick<Controller, 'fetch' | 'fetchIfStale' | 'subscribe' | 'unsubscribe' | 'retain' | 'release'> = {
    fetch: (endpoint, ...args) => controller.fetch(standIn(endpoint), ...args),
    fetchIfStale: (endpoint, ...args) => controller.fetchIfStale(standIn(endpoint), ...args),
    subscribe: (endpoint, ...args) => controller.subscribe(standIn(endpoint), ...args),
    unsubscribe: (endpoint, ...args) => controller.unsubscribe(standIn(endpoint), ...args),
    retain: (endpoint, ...args) => controller.retain(standIn(endpoint), ...args),
    release: (endpoint, ...args) => controller.release(standIn(endpoint), ...args),
  }
  const own: PropertyDescriptorMap = {}
  for (const [name, value] of Object.entries(methods)) own[name] = { value, configurable: true, writable: true }
  return Object.create(controller, own) as Controller
}

function emptyData(): object {
  return {}
}

/** Settles one intercepted request the way the fixture says, after its delay. */
function answer(fixture: AnyFixture, endpoint: EndpointInterface, self: EndpointInterface, args: readonly unknown[], data: unknown): Promise<unknown> {
  const delay = typeof fixture.delay === 'function' ? (fixture.delay as (...a: readonly unknown[]) => number)(...args) : fixture.delay ?? 0
  // Always asynchronous, even at delay 0: components see a loading state first, as with a server.
  const run = () => new Promise<unknown>((resolve) => resolve(collapse(fixture, endpoint, self, args, data)))
  if (fixture.delayCollapse) return wait(delay).then(run)
  return run().then(
    (value) => wait(delay).then(() => value),
    (error) => wait(delay).then(() => Promise.reject(error)),
  )
}

/** The fixture's outcome: its response (computed from the arguments when it is a function), or its error. */
function collapse(fixture: AnyFixture, endpoint: EndpointInterface, self: EndpointInterface, args: readonly unknown[], data: unknown): unknown {
  if ('fetchResponse' in fixture) return viaFetchResponse(fixture as FetchInterceptor, endpoint, self, args, data)
  const response = typeof fixture.response === 'function' ? (fixture as ResponseInterceptor).response.apply(data, args as never) : fixture.response
  if ('error' in fixture && fixture.error === true) return Promise.resolve(response).then((error) => Promise.reject(error))
  return response
}

/** Runs the real endpoint with its `fetchResponse` answered by the interceptor (a 200 JSON response). */
function viaFetchResponse(fixture: FetchInterceptor, endpoint: EndpointInterface, self: EndpointInterface, args: readonly unknown[], data: unknown): Promise<unknown> {
  const fetchResponse = (input: RequestInfo, init: RequestInit) =>
    Promise.resolve(fixture.fetchResponse.call(data, input, init)).then(
      (body) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    )
  return callReal(endpoint, Object.create(self, { fetchResponse: { value: fetchResponse } }), args)
}

/** Makes the request the endpoint itself would make, with `self` (which carries the abort signal) as `this`. */
function callReal(endpoint: EndpointInterface, self: object, args: readonly unknown[]): Promise<unknown> {
  const fetch = (endpoint as { fetch?: (...a: readonly unknown[]) => Promise<unknown> }).fetch
  return typeof fetch === 'function' ? fetch.apply(self, [...args]) : (endpoint as (...a: readonly unknown[]) => Promise<unknown>).apply(self, [...args])
}

/**
 * The fixture's delay. No delay is a macrotask later (components see a loading state first, as
 * with a server), queued with the `setTimeout` captured when this module loaded, so a test under
 * jest's fake timers gets its answer without advancing them, as data-client's resolver answers;
 * a delay it gives is on the test's clock (fake timers decide when it ends).
 */
function wait(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout : realSetTimeout)(resolve, ms))
}

const realSetTimeout = setTimeout

function warnMissing(key: string): void {
  if (typeof console === 'undefined') return
  console.warn(
    `<MockResolver> has no fixture for ${key}, so this request went to the real endpoint.\n` +
      'A fixture matches by endpoint and arguments ({ endpoint, args, response }: compare its args with the call), ' +
      'an interceptor by the endpoint\'s testKey ({ endpoint, response(...args) }). ' +
      'Pass silenceMissing if unmatched requests are expected.',
  )
}
