'use client'
import { useDebugValue, useEffect, useRef } from 'react'
import { useSyncExternalStore } from 'use-sync-external-store'
import type { State, Store } from '../store/index'

/**
 * What a component shows of the store: `select(state)`, re-rendering only when it is not `same`
 * as what it showed (React compares snapshots by identity, and a selector builds a new object on
 * each call; `same` keeps the one on screen, so a render sees one stable value per state).
 * `useSyncExternalStore` comes from use-sync-external-store (React's own hook on React 18 and 19,
 * the package's shim where a React build lacks it); the selector around it is written here rather
 * than taken from the package's `withSelector`, whose CommonJS build and interop weighed ~0.85 kB
 * min+gzip in every app. `select` may be a new function on each render.
 */
export function useSelected<T>(store: Pick<Store, 'subscribe' | 'getState' | 'getServerState'>, select: (state: State) => T, same: (a: T, b: T) => boolean): T {
  // What the last commit showed, kept across renders: a read equal to it keeps its object.
  const shown = useRef<{ value: T }>(undefined)
  let last = shown.current
  let read: State | undefined
  // One memo per render (as `select` may change): the same state gives the same value.
  const selected = (state: State): T => {
    if (state !== read) {
      read = state
      const value = select(state)
      if (last === undefined || !same(last.value, value)) last = { value }
    }
    return last!.value
  }
  const server = store.getServerState ?? store.getState
  const value = useSyncExternalStore(store.subscribe, () => selected(store.getState()), () => selected(server()))
  useEffect(() => {
    shown.current = { value }
  }, [value])
  useDebugValue(value)
  return value
}
