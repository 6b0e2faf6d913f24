import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createStore, type Controller, type ControllerOptions, type DevToolsConnector, type Manager, type State, type Store } from '../store/index'
import { ActiveReads } from './ActiveReads'
import { ControllerContext, DataContext, RevealContext, RevealGenerationContext } from './context'

/** Props of DataProvider. */
export interface DataProviderProps {
  /** A store made with createStore (for tests, SSR, or sharing with non-React code); made here otherwise. */
  store?: Store
  /** Managers for the store made here, e.g. `[new PollingManager()]` to make `pollFrequency` poll. */
  managers?: readonly Manager[]
  /** Connects the store made here to Redux DevTools: `devtools={devTools({ name })}` (see createStore). */
  devtools?: DevToolsConnector | false
  /**
   * The state the store made here starts from: a saved `store.getState()`, or what
   * `mockInitialState(fixtures)` from 'tessera/test' builds. Read once, when the store is made.
   */
  initialState?: State | Partial<State>
  /**
   * The class of the store's controller made here (a Controller subclass; see createStore's
   * `Controller` option). Read once, when the store is made.
   */
  Controller?: new (options: ControllerOptions) => Controller
  /** Accepted for data-client's props and ignored: Tessera has no on-screen devtools button (use `devtools`). */
  devButton?: unknown
  children?: ReactNode
}

/**
 * DataProvider's props under data-client's name (its `CacheProvider` / `DataProvider` props), so
 * wrappers typed against it move over with the import.
 */
export type ProviderProps = DataProviderProps

/**
 * Provides the cache to every hook below it. Stale reads on screen are refetched when the page
 * becomes visible again or the browser comes back online.
 */
export function DataProvider({ store, children, ...options }: DataProviderProps) {
  const owned = useRef<Store | null>(null)
  // The other props are createStore's options (devButton, which it ignores, aside).
  if (store === undefined && owned.current === null) owned.current = createStore(options)
  const { active, retries } = registryFor(store ?? owned.current!)
  const value = useMemo(() => ({ store: store ?? owned.current!, active, retries }), [store, active, retries])

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
  // Reads suspended outside any AsyncBoundary are revealed by an ordinary update too: the
  // generation changes, and the suspended component reads it (see RevealGenerationContext).
  const [generation, setGeneration] = useState(0)
  const reveal = useCallback((promise: Promise<unknown>) => {
    const rerender = () => setGeneration((n) => n + 1)
    promise.then(rerender, rerender)
  }, [])
  return (
    <DataContext.Provider value={value}>
      <RevealContext.Provider value={reveal}>
        <RevealGenerationContext.Provider value={generation}>
          <ControllerContext.Provider value={value.store.controller}>{children}</ControllerContext.Provider>
        </RevealGenerationContext.Provider>
      </RevealContext.Provider>
    </DataContext.Provider>
  )
}

/**
 * DataProvider under data-client's name, so `<CacheProvider>` trees and test utilities written
 * for `@data-client/react` (which pass `initialState`, `managers`, `Controller`) move over with
 * the import. The same component: nothing differs but the name.
 */
export const CacheProvider = DataProvider

interface Registry {
  readonly active: ActiveReads
  readonly retries: WeakMap<Error, () => void>
}

// Per store, not per provider: two providers of one store see the same reads on screen.
const registries = new WeakMap<Store, Registry>()

function registryFor(store: Store): Registry {
  let registry = registries.get(store)
  if (registry === undefined) registries.set(store, (registry = { active: new ActiveReads(), retries: new WeakMap() }))
  return registry
}
