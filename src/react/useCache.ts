import type { EndpointInterface, ResolveType } from '../endpoint/types'
import { ExpiryStatus } from '../store/index'
import { emptyShape } from '../schema/index'
import { useResponse } from './useResponse'

/**
 * Reads an endpoint from the cache without ever fetching or suspending. Undefined until some fetch
 * fills it, and again once it is Invalid (invalidated, deleted, stale with `invalidIfStale`); an
 * object schema then reads as its shape with defaults (`{ results: undefined, cursor: '' }`).
 */
export function useCache<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): ResolveType<E> | undefined {
  const { data, expiryStatus } = useResponse('useCache', endpoint, args)
  // What useSuspense would not show is not returned either, as in data-client: an app can then
  // log out with `controller.invalidate(currentUser)` and read `useCache(currentUser)` as "nobody".
  return (expiryStatus === ExpiryStatus.Invalid ? emptyShape(endpoint.schema) : data) as ResolveType<E> | undefined
}
