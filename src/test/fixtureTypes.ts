import type { EndpointInterface, ResolveType } from '../endpoint/types'

/**
 * What a fixture answers with: what the endpoint resolves to, or any plain data the server could
 * send (an entity arrives as a plain object, not an instance); the schema checks it when it lands.
 */
export type FixtureResponse<E extends EndpointInterface = EndpointInterface> = ResolveType<E> | object | string | number | boolean | null

/**
 * A canned answer for one argument set of an endpoint. `response` may be a function of the
 * arguments (run when the request is made, so it can compute from them).
 */
export interface SuccessFixture<E extends EndpointInterface = EndpointInterface> {
  readonly endpoint: E
  readonly args: readonly [...Parameters<E>]
  readonly response: FixtureResponse<E> | ((...args: Parameters<E>) => FixtureResponse<E> | Promise<FixtureResponse<E>>)
  readonly error?: false
  /** Milliseconds before the request answers (default 0: still asynchronous, as a real request is). */
  readonly delay?: number
  /** Computes `response` only once `delay` has passed (default: at once, answering after it). */
  readonly delayCollapse?: boolean
}

/** A canned failure for one argument set: the request rejects with `response` (usually an Error with a `status`). */
export interface ErrorFixture<E extends EndpointInterface = EndpointInterface> {
  readonly endpoint: E
  readonly args: readonly [...Parameters<E>]
  readonly response: unknown
  readonly error: true
  /** Milliseconds before the request fails (default 0). */
  readonly delay?: number
  /** Computes `response` only once `delay` has passed. */
  readonly delayCollapse?: boolean
}

/** A canned answer, success or failure, for one argument set (data-client's `Fixture`). */
export type Fixture<E extends EndpointInterface = EndpointInterface> = SuccessFixture<E> | ErrorFixture<E>
/** data-client's name for Fixture. */
export type FixtureEndpoint<E extends EndpointInterface = EndpointInterface> = Fixture<E>
/** data-client's name for SuccessFixture. */
export type SuccessFixtureEndpoint<E extends EndpointInterface = EndpointInterface> = SuccessFixture<E>
/** data-client's name for ErrorFixture. */
export type ErrorFixtureEndpoint<E extends EndpointInterface = EndpointInterface> = ErrorFixture<E>

/** Endpoints an interceptor can be written for: those that can tell their own keys apart. */
export type InterceptableEndpoint = EndpointInterface & { testKey(key: string): boolean }

/**
 * Answers every request whose key `endpoint.testKey` accepts, whatever its arguments: `response`
 * is called with them, `this` being the interceptor data (`getInitialInterceptorData()`, shared
 * by all interceptors of one resolver, so they can keep a fake server's state). A throw or a
 * rejection fails the request with that error.
 */
export interface ResponseInterceptor<T = any, E extends InterceptableEndpoint = InterceptableEndpoint> {
  readonly endpoint: E
  response(this: T, ...args: Parameters<E>): FixtureResponse<E> | Promise<FixtureResponse<E>>
  /** Milliseconds (or a function of the arguments giving them) before the request answers. */
  readonly delay?: number | ((...args: Parameters<E>) => number)
  /** Calls `response` only once `delay` has passed. */
  readonly delayCollapse?: boolean
}

/**
 * Answers at the HTTP layer: the endpoint runs as usual (URL, headers, `parseResponse`,
 * `process`), but `fetchResponse(input, init)` stands in for the server and returns the JSON body.
 * For REST endpoints (those with `fetchResponse`).
 */
export interface FetchInterceptor<T = any, E extends InterceptableEndpoint = InterceptableEndpoint> {
  readonly endpoint: E
  fetchResponse(this: T, input: RequestInfo, init: RequestInit): unknown
  /** Milliseconds (or a function of the arguments giving them) before the request answers. */
  readonly delay?: number | ((...args: Parameters<E>) => number)
  /** Calls `fetchResponse` only once `delay` has passed. */
  readonly delayCollapse?: boolean
}

/** A fixture matching requests by key pattern and computing each answer from its arguments. */
export type Interceptor<T = any, E extends InterceptableEndpoint = InterceptableEndpoint> = ResponseInterceptor<T, E> | FetchInterceptor<T, E>
