'use client'
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { FETCH } from '../store/actionTypes'
import type { State, Store } from '../store/index'

/**
 * What a component shows of the store: `select(state)`, re-rendering only when it is not `same`
 * as what it showed (React compares snapshots by identity, and a selector builds a new object on
 * each call; `same` keeps the one on screen, so a render sees one stable value per state).
 * `useSyncExternalStore` is React's own (React 18 and 19, the versions Tessera supports, have it;
 * the use-sync-external-store package re-exports it there and says to import it from 'react'). The
 * selector around it is written here rather than taken from that package's `withSelector`, whose
 * CommonJS build and interop weighed ~0.85 kB min+gzip in every app. `select` may be a new
 * function on each render; one kept across renders (`useCallback`) lets the render a store change
 * asks for take the value the change was found with, so a change selects once, not twice.
 */
export function useSelected<T>(store: Pick<Store, 'subscribe' | 'getState' | 'getServerState'>, select: (state: State) => T, same: (a: T, b: T) => boolean): T {
  // The last value that differed from the one before (`same` keeps the older object), with the
  // state and selector it came from, until the next commit: the render a store change asks for
  // takes the value the change was found with; any other render selects again (a read's expiry
  // depends on the clock too). Within a render, one state selects once.
  const memo = useRef<[State?, unknown?, T?]>([]).current
  let read: State | undefined
  const selected = (state: State): T => {
    if (state !== read && (memo[0] !== state || memo[1] !== select)) {
      read = state
      const value = select(state)
      if (memo.length < 3 || !same(memo[2] as T, value)) {
        memo[0] = state
        memo[1] = select
        memo[2] = value
      }
    }
    return memo[2] as T
  }
  // A request starting (a fetch action) only marks its key pending, which no read shows: readers
  // are not asked to select again for it (a mutation's start is a fetch, then its guess).
  const subscribe = useMemo(() => (onChange: () => void) => store.subscribe((action) => void (action.type === FETCH || onChange())), [store])
  const value = useSyncExternalStore(subscribe, () => selected(store.getState()), () => selected(store.getServerState()))
  useEffect(() => {
    memo[0] = undefined
  }, [value])
  useDebugValue(value)
  return value
}
