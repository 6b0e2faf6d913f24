'use client'
import { useCallback, useSyncExternalStore } from 'react'
import { useDataContext } from '../react/context'
import { offlineManagerOf, type QueuedMutation } from './OfflineManager'

const none: readonly QueuedMutation[] = []

/**
 * The mutations waiting to be sent (made offline, or refused by a network error), in order: for
 * a "3 changes waiting" badge. Re-renders when the queue changes. Empty when the store has no
 * OfflineManager.
 */
export function usePendingMutations(): readonly QueuedMutation[] {
  const { store, controller } = useDataContext('usePendingMutations')
  const offline = offlineManagerOf(store.controller) ?? offlineManagerOf(controller)
  const listen = useCallback((listener: () => void) => offline?.subscribePending(listener) ?? (() => undefined), [offline])
  const read = () => offline?.pending() ?? none
  return useSyncExternalStore(listen, read, read)
}
