'use client'
import type { ResolveType } from '../endpoint/types'
import { useSubscription } from './useSubscription'
import { useSuspense, type ReadEndpoint, type SkippedRead } from './useSuspense'

/**
 * Reads an endpoint with Suspense and keeps it live while mounted (data-client's `useLive`):
 * `useSuspense` and `useSubscription` of the same arguments. With a `PollingManager`, an endpoint
 * with `pollFrequency` is refetched on its timer and every reader shows each answer.
 */
export function useLive<E extends ReadEndpoint>(endpoint: E, ...args: readonly [...Parameters<E>]): ResolveType<E>
export function useLive<E extends ReadEndpoint>(endpoint: E, ...args: readonly [null]): SkippedRead<E['schema']>
export function useLive<E extends ReadEndpoint>(
  endpoint: E,
  ...args: readonly [...Parameters<E>] | readonly [null]
): ResolveType<E> | SkippedRead<E['schema']> {
  const data = useSuspense(endpoint, ...(args as readonly [...Parameters<E>]))
  useSubscription(endpoint, ...args)
  return data
}
