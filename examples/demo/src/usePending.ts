import { useSyncExternalStore } from 'react'
import type { EndpointInterface } from 'tessera'
import { store } from './store'

/** True while a mutation with these arguments is pending: its optimistic layer is in the state. */
export function usePending<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E>): boolean {
  const key = endpoint.key(...args)
  return useSyncExternalStore(store.subscribe, () => store.getState().optimistic.some((layer) => layer.key === key))
}
