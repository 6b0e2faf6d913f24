'use client'
import { useRef } from 'react'
import type { EndpointInterface } from '../endpoint/types'

/**
 * The endpoint, made to abort its request when the arguments change: `useSuspense(useCancelling(
 * search, { q }), { q })` drops the request for a query the user has already typed past, so a
 * slow answer to an old query costs no bandwidth (data-client's `useCancelling`). The endpoint it
 * returns has the same key, so it reads and writes the same cache entries; an aborted request is
 * recorded as failed for its old arguments, which nobody reads any more.
 */
export function useCancelling<E extends EndpointInterface & { extend(options: { signal?: AbortSignal }): any }>(
  endpoint: E,
  ...args: readonly [...Parameters<E>] | readonly [null]
): E {
  // In a ref, not a memo: a render React throws away (one that suspends) keeps no memo, and would
  // otherwise abort the request it had just started on its next try.
  const last = useRef<{ key: string; endpoint: E; cancelling: E; abort: AbortController } | undefined>(undefined)
  const key = args[0] === null ? '' : endpoint.key(...args)
  const current = last.current
  if (current !== undefined && current.key === key && current.endpoint === endpoint) return current.cancelling
  current?.abort.abort()
  const abort = new AbortController()
  last.current = { key, endpoint, abort, cancelling: endpoint.extend({ signal: abort.signal }) }
  return last.current.cancelling
}
