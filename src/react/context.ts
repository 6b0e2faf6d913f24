import { createContext, useContext } from 'react'
import type { Controller, Store } from '../store/index'
import { ActiveReads } from './ActiveReads'

/** What DataProvider shares with the hooks below it. */
export interface DataContextValue {
  readonly store: Store
  readonly active: ActiveReads
  /**
   * How to retry what each error a hook threw came from: an error boundary's "try again" runs
   * it, so the read refetches at once instead of showing the same error until it expires.
   */
  readonly retries: WeakMap<Error, () => void>
}

/** The store of the nearest DataProvider. */
export const DataContext = createContext<DataContextValue | null>(null)

/**
 * The Controller hooks below it use (data-client's `ControllerContext`): `<ControllerContext.Provider
 * value={controller}>` makes `useController()`, and the fetches and reads of `useSuspense`,
 * `useCache`… below it, go through that controller, so a test can hand them a spy or a controller
 * of its own. Reads still follow the nearest DataProvider's store when there is one (and, without
 * one, show the controller's `getState()`). `DataProvider` provides its store's controller here;
 * outside any provider the value is null (`useController()` then gives a default controller).
 */
export const ControllerContext = createContext<Controller | null>(null)

/** The nearest provider's store, with a clear error when there is none. */
export function useDataContext(hook: string): DataContextValue {
  const value = useContext(DataContext)
  const controller = useContext(ControllerContext)
  // The usual case costs one comparison: no explicit controller, or the provider's own.
  if (controller !== null && controller !== value?.store.controller) return withController(value, controller)
  if (value === null) throw new Error(`${hook} must be used inside <DataProvider>: wrap your app (or test) in one`)
  return value
}

const NO_PROVIDER = {}
// One context value per (provider, controller) pair, so hooks see a stable store and subscribe once.
const overrides = new WeakMap<Controller, WeakMap<object, DataContextValue>>()

/**
 * The context hooks use under an explicit ControllerContext: the provider's store (its state and
 * subscriptions, its reads on screen) with `controller` in place of the store's; without a
 * provider, a store that reads `controller.getState()` and never changes by itself.
 */
function withController(value: DataContextValue | null, controller: Controller): DataContextValue {
  let byProvider = overrides.get(controller)
  if (byProvider === undefined) overrides.set(controller, (byProvider = new WeakMap()))
  let out = byProvider.get(value ?? NO_PROVIDER)
  if (out === undefined) {
    const base = value?.store
    const store: Store = {
      controller,
      getState: base !== undefined ? () => base.getState() : () => controller.getState(),
      subscribe: base !== undefined ? (listener) => base.subscribe(listener) : () => () => undefined,
      dispatch: (action) => controller.dispatch(action),
      replaceState: (state) => base?.replaceState(state),
      // The provider's store is its owner's to clean up, not this view's.
      cleanup: () => undefined,
    }
    out = { store, active: value?.active ?? new ActiveReads(), retries: value?.retries ?? new WeakMap() }
    byProvider.set(value ?? NO_PROVIDER, out)
  }
  return out
}

/**
 * Set by AsyncBoundary: useSuspense hands it the promise it suspends on, and the boundary
 * re-renders (an ordinary update) when it settles. React 19 holds back reveals caused only by a
 * promise resolving (by up to 300 ms after the fallback appeared); an ordinary update commits
 * in the same frame.
 */
export const RevealContext = createContext<((promise: Promise<unknown>) => void) | null>(null)

/**
 * Set by DataProvider: a number that changes when a read suspended outside any AsyncBoundary
 * resolves. A suspending useSuspense reads it (React 19's `use`, only while suspending), so the
 * change reaches the suspended component as an ordinary update, which React does not hold back.
 */
export const RevealGenerationContext = createContext(0)
