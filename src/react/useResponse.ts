'use client'
import { useCallback, useEffect } from 'react'
import type { EndpointInterface } from '../endpoint/types'
import type { ExpiryStatus, State } from '../store/index'
import type { DataContextValue } from './context'
import { useSelected } from './useSelected'

/** One endpoint read as a component sees it. */
export interface ResponseView {
  readonly key: string
  readonly data: unknown
  readonly expiryStatus: ExpiryStatus
  readonly error: Error | undefined
  /** The last request's error, soft ones included (shown beside the data they left in place). */
  readonly lastError: Error | undefined
}

function sameView(a: ResponseView, b: ResponseView): boolean {
  return a.data === b.data && a.expiryStatus === b.expiryStatus && a.error === b.error && a.lastError === b.lastError && a.key === b.key
}

/**
 * Subscribes a component to one endpoint read. The component re-renders only when the read's
 * data, status or error change (the memo cache keeps unchanged data identical), not on every
 * action. Also keeps the read registered for polling and revalidation while mounted.
 */
export function useResponse(context: DataContextValue, endpoint: EndpointInterface, args: readonly unknown[]): ResponseView {
  const { store, controller } = context
  const skip = args[0] === null
  const key = skip ? '' : endpoint.key(...args)
  // The key computed here goes with each read, so a store change does not compute it again. Kept
  // while the key is (the arguments it was computed from read the same), so the render a change
  // asks for takes the view the change was found with (see useSelected).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const select = useCallback((state: State): ResponseView => controller.select(endpoint, args, state, key), [controller, endpoint, key])
  const view = useSelected(store, select, sameView)

  useEffect(() => {
    if (skip) return
    // A mounted read, with no action: data-client's managers hear of subscriptions (useSubscription, useLive) only.
    controller.retain(endpoint, ...args)
    return () => controller.release(endpoint, ...args)
    // The key identifies the argument set; `args` is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, endpoint, controller])
  return view
}
