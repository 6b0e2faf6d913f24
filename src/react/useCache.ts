'use client'
import type { EndpointInterface, ResolveType } from '../endpoint/types'
import { Query, type QueryArgs } from '../endpoint/Query'
import { ExpiryStatus } from '../store/index'
import { emptyShape } from '../schema/index'
import { useDataContext } from './context'
import { useResponse } from './useResponse'
import type { SkippedRead } from './useSuspense'

/**
 * Reads an endpoint from the cache without ever fetching or suspending. Undefined until some fetch
 * fills it, and again once it is Invalid (invalidated, deleted, stale with `invalidIfStale`); an
 * object schema then reads as its shape with defaults (`{ results: undefined, cursor: '' }`), as it
 * does with `null` arguments. Also reads a `Query` (`useCache(query, ...args)`): its processed
 * result, undefined while its schema finds nothing.
 */
export function useCache<Q extends Query<any, any, any>>(query: Q, ...args: ArgsOf<Q> | readonly [null]): QueryResult<Q> | undefined
export function useCache<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): ResolveType<E> | SkippedRead<E['schema']>
export function useCache(endpoint: EndpointInterface | Query<any, any, any>, ...args: readonly unknown[]): unknown {
  const context = useDataContext('useCache')
  // A Query is read through the controller's query endpoint for it (one per query).
  const read = endpoint instanceof Query ? context.controller.queryFor(endpoint) : endpoint
  const { data, expiryStatus } = useResponse(context, read, args)
  // What useSuspense would not show is not returned either, as in data-client: an app can then
  // log out with `controller.invalidate(currentUser)` and read `useCache(currentUser)` as "nobody".
  return expiryStatus === ExpiryStatus.Invalid ? emptyShape(read.schema) : data
}

/** The arguments of a Query's reads. */
type ArgsOf<Q> = Q extends Query<any, infer P, any> ? QueryArgs<P> : never
/** What a read of a Query gives when its schema found something. */
type QueryResult<Q> = Q extends Query<any, any, infer R> ? R : never
