'use client'
import { useDebugValue, useEffect, useRef, useSyncExternalStore } from 'react'
import type { State, Store } from '../store/index'

/**
 * What a component shows of the store: `select(state)`, re-rendering only when it is not `same`
 * as what it showed (React compares snapshots by identity, and a selector builds a new object on
 * each call; `same` keeps the one on screen, so a render sees one stable value per state).
 * `useSyncExternalStore` is React's own (React 18 and 19, the versions Tessera supports, have it;
 * the use-sync-external-store package re-exports it there and says to import it from 'react'). The
 * selector around it is written here rather than taken from that package's `withSelector`, whose
 * CommonJS build and interop weighed ~0.85 kB min+gzip in every app. `select` may be a new
 * function on each render.
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
  const value = useSyncExternalStore(store.subscribe, () => selected(store.getState()), () => selected(store.getServerState()))
  useEffect(() => {
    shown.current = { value }
  }, [value])
  useDebugValue(value)
  return value
}
