import type { EndpointInterface, ResolveType } from '../endpoint/types'
import { useResponse } from './useResponse'

/** Reads an endpoint from the cache without ever fetching or suspending; undefined until some fetch fills it. */
export function useCache<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): ResolveType<E> | undefined {
  return useResponse('useCache', endpoint, args).data as ResolveType<E> | undefined
}
