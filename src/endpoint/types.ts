import type { Query } from './Query'
import type { Denormalize, Schema } from '../schema/index'

/** Decides whether a failed fetch hides cached data ('hard') or leaves it readable ('soft'). */
export type ErrorPolicy = (error: any) => 'soft' | 'hard' | undefined

/**
 * Any promise-returning function: what an endpoint wraps. data-client's name, kept so that
 * constraints written against it (`F extends FetchFunction`) still read.
 */
export type FetchFunction<A extends readonly any[] = any, R = any> = (...args: A) => Promise<R>

/**
 * Options every endpoint understands (data-client's EndpointExtraOptions). `F`, the endpoint's
 * fetch function, only types the arguments `getOptimisticResponse` receives.
 */
export interface EndpointExtraOptions<F extends FetchFunction = FetchFunction> {
  /** How long a successful response stays fresh, in ms (default 60 s). */
  readonly dataExpiryLength?: number
  /** How long an error stays before the read retries, in ms (default 1 s). */
  readonly errorExpiryLength?: number
  /** Soft errors keep showing the last good data; hard ones go to the error boundary. */
  readonly errorPolicy?: ErrorPolicy
  /**
   * How long (ms) data is kept once no component reads it and no request for it is out; then it
   * is garbage-collected (default: the store's `gcTime`, 5 minutes). `Infinity` keeps it.
   */
  readonly gcTime?: number
  /** Treat stale data as missing: suspend instead of showing it while refetching. */
  readonly invalidIfStale?: boolean
  /** Refetch every this many ms while subscribed. */
  readonly pollFrequency?: number
  /**
   * With an OfflineManager ('tessera/offline'): how many times a failed call is tried again
   * (reads default to the manager's, 3; mutations to none), or `false` for never.
   */
  readonly retry?: number | false
  /**
   * With a LiveManager ('tessera/live') that follows the default rule: pushed to while read, so
   * the manager subscribes to it on the stream while some component reads it.
   */
  readonly live?: boolean
  /** With an OfflineManager: the wait before try `attempt` (1, 2, …) after `error`, in ms. */
  readonly retryDelay?: (attempt: number, error: unknown) => number
  /**
   * Other cached results this response changes, as `{ [endpointKey]: (previous) => next }` over
   * normalized values (pks in place of entities). Run before dispatch; the action carries the
   * outcome, so a replay needs no function. Pagination uses it to append a page to its list.
   */
  readonly update?: (normalizedResult: any, ...args: any[]) => { readonly [key: string]: (previous: any) => unknown }
  /** The value to show before the server answers a mutation; rolled back if it fails. */
  readonly getOptimisticResponse?: (snapshot: SnapshotInterface, ...args: Parameters<F>) => unknown
  /** Anything the app wants to keep on the endpoint (`endpoint.extra`); Tessera never reads it. */
  readonly extra?: any
}

/**
 * What an optimistic updater can read: the cache with every earlier pending mutation applied,
 * as it is each time the guess is recomputed (not only when the mutation started).
 */
export interface SnapshotInterface {
  /** Reads an endpoint's data as a component would (without fetching). */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): { data: any; expiryStatus: string; expiresAt: number }
  getError<E extends EndpointInterface>(endpoint: E, ...args: readonly unknown[]): Error | undefined
  /**
   * Looks a schema up in the entity tables: an Entity by the pk its arguments give (`{ id }`),
   * `schema.All` as every entity of its type. Undefined when missing or failing validation.
   */
  get<S extends Schema | Query<any, any, any>>(schema: S, ...args: readonly unknown[]): (S extends Query<any, any, infer R> ? R : Denormalize<S>) | undefined
  /** When the mutation started. */
  readonly fetchedAt: number
  /** Throw this to run the mutation without a guess (for example when nothing is cached yet). */
  readonly abort: Error
}

/** The contract between endpoints and the store: a callable with a stable key per argument set. */
export interface EndpointInterface<
  F extends (...args: any) => Promise<any> = (...args: any) => Promise<any>,
  S extends Schema | undefined = Schema | undefined,
  M extends boolean | undefined = boolean | undefined,
> extends EndpointExtraOptions {
  (...args: Parameters<F>): ReturnType<F>
  /** The cache key for one argument set; the same arguments in another key order give the same key. */
  key(...args: Parameters<F>): string
  readonly schema?: S
  /** true for mutations: never deduplicated, never read with useSuspense. */
  readonly sideEffect?: M
  readonly name: string
}

/** The value a read of `E` resolves to: the denormalized schema, or the fetch's own result. */
export type ResolveType<E> = E extends { schema: infer S }
  ? S extends undefined | null ? FetchResult<E> : Denormalize<S>
  : FetchResult<E>

type FetchResult<E> = E extends (...args: any) => Promise<infer R> ? R : unknown

/** Arguments of an endpoint call. */
export type EndpointArgs<E> = E extends (...args: infer A) => any ? A : never
