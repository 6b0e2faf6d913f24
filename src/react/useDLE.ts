'use client'
import { useEffect } from 'react'
import type { EndpointInterface, ResolveType } from '../endpoint/types'
import { ExpiryStatus } from '../store/index'
import { emptyShape } from '../schema/index'
import { useDataContext } from './context'
import { useResponse } from './useResponse'

/** `{ data, loading, error }` for components that handle loading themselves instead of suspending. */
export interface DLE<T> {
  data: T | undefined
  loading: boolean
  error: Error | undefined
}

/**
 * Reads an endpoint like useSuspense, but reports loading instead of suspending and errors
 * instead of throwing. `error` includes soft errors: a refetch that failed while `data` stayed.
 */
export function useDLE<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): DLE<ResolveType<E>> {
  const context = useDataContext('useDLE')
  const { data, expiryStatus, error, lastError, key } = useResponse(context, endpoint, args)
  const controller = context.controller
  const skip = args[0] === null
  const needsFetch = !skip && expiryStatus !== ExpiryStatus.Valid
  useEffect(() => {
    // fetchIfStale, so the fetch action says why (first read, stale, invalidated).
    if (needsFetch) controller.fetchIfStale(endpoint, ...(args as Parameters<E>)).catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsFetch])
  return {
    // What useSuspense would not show is not returned (an object schema reads as its empty shape).
    data: (expiryStatus === ExpiryStatus.Invalid ? emptyShape(endpoint.schema) : data) as ResolveType<E> | undefined,
    loading: !skip && expiryStatus === ExpiryStatus.Invalid && error === undefined,
    // A soft error (a failed refetch of cached data) is reported beside the data it left in place.
    error: error ?? lastError,
  }
}
