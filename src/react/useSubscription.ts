'use client'
import { useEffect } from 'react'
import type { EndpointInterface } from '../endpoint/types'
import { useDataContext } from './context'

/**
 * Keeps an endpoint's data live while the component is mounted, without reading it
 * (data-client's `useSubscription`): the store's reader-following managers hear of it, so an
 * endpoint with `pollFrequency` is polled by a `PollingManager`, one timer per argument set
 * however many components subscribe. `null` arguments subscribe to nothing; changing the
 * arguments moves the subscription. Read the data with `useCache` or `useSuspense`, or use
 * `useLive` for both at once.
 */
export function useSubscription<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): void {
  const controller = useDataContext('useSubscription').controller
  const skip = args[0] === null
  const key = skip ? '' : endpoint.key(...(args as readonly [...Parameters<E>]))
  useEffect(() => {
    if (skip) return
    controller.subscribe(endpoint, ...(args as readonly [...Parameters<E>]))
    return () => controller.unsubscribe(endpoint, ...(args as readonly [...Parameters<E>]))
    // The key identifies the argument set; `args` is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, endpoint, controller])
}
