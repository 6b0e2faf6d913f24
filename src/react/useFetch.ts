'use client'
import { useEffect } from 'react'
import type { EndpointInterface } from '../endpoint/types'
import { ExpiryStatus } from '../store/index'
import { useDataContext } from './context'
import { useResponse } from './useResponse'

/**
 * Starts a fetch when the data is missing or stale, without reading it or suspending: use it to
 * prefetch what a child will read with useSuspense.
 */
export function useFetch<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): void {
  const context = useDataContext('useFetch')
  const { expiryStatus, key } = useResponse(context, endpoint, args)
  const controller = context.controller
  const needsFetch = args[0] !== null && expiryStatus !== ExpiryStatus.Valid
  useEffect(() => {
    // fetchIfStale, so the fetch action says why (first read, stale, invalidated).
    if (needsFetch) controller.fetchIfStale(endpoint, ...(args as Parameters<E>)).catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsFetch])
}
