'use client'
import type { EndpointInterface } from '../endpoint/types'
import type { State } from '../store/index'
import { useDataContext } from './context'
import { useSelected } from './useSelected'

/**
 * The error a read of this endpoint would throw, without reading its data, fetching or suspending
 * (data-client's `useError`): for a component that shows a failure beside content another
 * component loads. Undefined while there is none, and for soft errors (a failed refetch that left
 * data in place: `useDLE` reports those). The very error the request failed with in this session.
 */
export function useError<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): Error | undefined {
  const { store, controller } = useDataContext('useError')
  const select = (state: State) => controller.getError(endpoint, ...(args as readonly [...Parameters<E>]), state)
  return useSelected(store, select, sameError)
}

// An error rebuilt from the stored copy (after a replay) is a new object on each read.
function sameError(a: Error | undefined, b: Error | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.name === b.name && a.message === b.message)
}
