'use client'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { createStore, type Controller, type ControllerOptions, type DevToolsConnector, type Manager, type State, type Store } from '../store/index'
import { ControllerContext, DataContext, RevealGenerationContext, type DataContextValue } from './context'

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
export function DataProvider(props: DataProviderProps) {
  const { store, children, ...options } = props
  const owned = useRef<Store | undefined>(undefined)
  // The other props are createStore's options (devButton, which it ignores, aside).
  const current = store ?? (owned.current ??= madeBeforeCommit(props, options))
  // Reads suspended outside any AsyncBoundary are revealed by an ordinary update too: the
  // generation changes, and the suspended component reads it (see RevealGenerationContext).
  const [generation, setGeneration] = useState(0)
  const mounted = useRef(false)
  const value = useMemo((): DataContextValue => {
    let registry = registries.get(current)
    if (registry === undefined) registries.set(current, (registry = { retries: new WeakMap() }))
    // Before the first commit there is nothing to update: the app's own Suspense boundary retries.
    const rerender = () => mounted.current && setGeneration((n) => n + 1)
    return { store: current, controller: current.controller, ...registry, reveal: (promise) => void promise.then(rerender, rerender) }
  }, [current])

  // A store made here is ours to clean up; a store passed in belongs to the caller. The cleanup
  // waits a microtask: StrictMode unmounts and remounts every effect once in development, and a
  // cleanup then would leave the store we keep using disconnected from devtools for good.
  useEffect(() => {
    mounted.current = true
    // Committed: the ref keeps the store from now on, and a later mount of the same element makes its own.
    pending.delete(props)
    const revalidate = (event: Event) =>
      event.type === 'online' ? value.controller.revalidate('reconnect') : document.visibilityState === 'visible' && value.controller.revalidate()
    // Removed by hand, not with a `signal` option: a test that installs jsdom's window on Node's
    // globals (global-jsdom) has Node's AbortSignal, which jsdom's addEventListener rejects.
    const listen = (method: 'addEventListener' | 'removeEventListener') =>
      typeof document !== 'undefined' && (document[method]('visibilitychange', revalidate), window[method]('online', revalidate))
    listen('addEventListener')
    return () => {
      mounted.current = false
      listen('removeEventListener')
      void Promise.resolve().then(() => mounted.current || owned.current?.cleanup())
    }
  }, [value])
  return (
    <DataContext.Provider value={value}>
      <RevealGenerationContext.Provider value={generation}>
        <ControllerContext.Provider value={current.controller}>{children}</ControllerContext.Provider>
      </RevealGenerationContext.Provider>
    </DataContext.Provider>
  )
}

/**
 * DataProvider under data-client's name, so `<CacheProvider>` trees and test utilities written
 * for `@data-client/react` (which pass `initialState`, `managers`, `Controller`) move over with
 * the import. The same component: nothing differs but the name.
 */
export const CacheProvider = DataProvider

/**
 * The store of a provider that has not committed yet. React keeps no state of a first render it
 * does not commit (a Suspense boundary above the provider shows its fallback; an error makes it
 * render again; StrictMode renders twice), so a ref alone would make a new, empty store at every
 * retry: it fetches again, suspends again, for ever. A retry renders the same element, so the
 * element's props object finds the store the earlier attempt made.
 */
function madeBeforeCommit(props: DataProviderProps, options: Omit<DataProviderProps, 'store' | 'children'>): Store {
  let store = pending.get(props)
  if (store === undefined) pending.set(props, (store = createStore(options)))
  return store
}

const pending = new WeakMap<DataProviderProps, Store>()

// Per store, not per provider: two providers of one store see the same reads on screen.
const registries = new WeakMap<Store, Pick<DataContextValue, 'retries'>>()
