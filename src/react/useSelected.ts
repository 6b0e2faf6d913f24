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
  // What the last commit showed, kept across renders (a read equal to it keeps its object); and
  // a change the store's listener found since (the state, the selector, the value), for the render
  // it asks for.
  const memo = useRef<{ shown?: { value: T }; ahead?: [State, unknown, { value: T }] }>({}).current
  let last = memo.shown
  let read: State | undefined
  // One memo per render (as `select` may change): the same state gives the same value.
  const selected = (state: State): T => {
    if (state !== read) {
      read = state
      const ahead = memo.ahead
      if (ahead?.[0] === state && ahead[1] === select) last = ahead[2]
      else {
        const value = select(state)
        if (last === undefined || !same(last.value, value)) memo.ahead = [state, select, (last = { value })]
      }
    }
    return last!.value
  }
  // A request starting (a fetch action) only marks its key pending, which no read shows: readers
  // are not asked to select again for it (a mutation's start is a fetch, then its guess).
  const subscribe = useMemo(() => (onChange: () => void) => store.subscribe((action) => void (action.type === FETCH || onChange())), [store])
  const value = useSyncExternalStore(subscribe, () => selected(store.getState()), () => selected(store.getServerState()))
  useEffect(() => {
    memo.shown = { value }
    memo.ahead = undefined
  }, [value])
  useDebugValue(value)
  return value
}
