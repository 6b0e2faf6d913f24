import { useSyncExternalStore } from 'react'
import type { EndpointInterface } from 'tessera'
import { useStore } from './store'

/** True while a mutation with these arguments is pending: its optimistic layer is in the state. */
export function usePending<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E>): boolean {
  const store = useStore()
  const key = endpoint.key(...args)
  const pending = () => store.getState().optimistic.some((layer) => layer.key === key)
  return useSyncExternalStore(store.subscribe, pending, pending)
}
