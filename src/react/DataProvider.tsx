import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { createStore, type DevToolsOptions, type Manager, type Store } from '../store/index'
import { ActiveReads } from './ActiveReads'
import { DataContext } from './context'

/** Props of DataProvider. */
export interface DataProviderProps {
  /** A store made with createStore (for tests, SSR, or sharing with non-React code); made here otherwise. */
  store?: Store
  /** Managers for the store made here. */
  managers?: readonly Manager[]
  /** Connect the store made here to Redux DevTools. */
  devtools?: boolean | DevToolsOptions
  children?: ReactNode
}

/**
 * Provides the cache to every hook below it. Stale reads on screen are refetched when the page
 * becomes visible again or the browser comes back online.
 */
export function DataProvider({ store, managers, devtools, children }: DataProviderProps) {
  const owned = useRef<Store | null>(null)
  if (store === undefined && owned.current === null) owned.current = createStore({ managers, devtools })
  const active = activeReadsFor(store ?? owned.current!)
  const value = useMemo(() => ({ store: store ?? owned.current!, active }), [store, active])

  useEffect(() => {
    if (typeof window === 'undefined') return
    const controller = value.store.controller
    const onVisible = () => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') value.active.revalidate(controller)
    }
    const onOnline = () => value.active.revalidate(controller)
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('online', onOnline)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('online', onOnline)
    }
  }, [value])

  // A store made here is ours to clean up; a store passed in belongs to the caller. The cleanup
  // waits a microtask: StrictMode unmounts and remounts every effect once in development, and a
  // cleanup then would leave the store we keep using disconnected from devtools for good.
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      void Promise.resolve().then(() => {
        if (!mounted.current) owned.current?.cleanup()
      })
    }
  }, [])
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>
}

const registries = new WeakMap<Store, ActiveReads>()

function activeReadsFor(store: Store): ActiveReads {
  let active = registries.get(store)
  if (active === undefined) registries.set(store, (active = new ActiveReads()))
  return active
}
