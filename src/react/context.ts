'use client'
import { createContext, useContext } from 'react'
import type { Controller, Store } from '../store/index'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** What DataProvider shares with the hooks below it. */
export interface DataContextValue {
  /** The provider's store: the state hooks read and subscribe to. */
  readonly store: Store
  /** The controller hooks act through: the store's, or that of an enclosing ControllerContext. */
  readonly controller: Controller
  /**
   * How to retry what each error a hook threw came from: an error boundary's "try again" runs
   * it, so the read refetches at once instead of showing the same error until it expires.
   */
  readonly retries: WeakMap<Error, () => void>
  /**
   * The provider's reveal (see RevealContext), for reads suspended outside any AsyncBoundary:
   * it bumps RevealGenerationContext when their promise settles.
   */
  readonly reveal?: (promise: Promise<unknown>) => void
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

/**
 * The nearest provider's store, with a clear error when there is none. Under an explicit
 * ControllerContext, hooks act through that controller: over the provider's store (its state,
 * subscriptions and reads on screen), or, without a provider, over a store that reads
 * `controller.getState()` and never changes by itself.
 */
export function useDataContext(hook: string): DataContextValue {
  const value = useContext(DataContext)
  const controller = useContext(ControllerContext)
  // The usual case costs one comparison: no explicit controller, or the provider's own.
  if (controller !== null && controller !== value?.controller) return value !== null ? { ...value, controller } : standalone(controller)
  if (value === null) {
    throw new Error(
      process.env.NODE_ENV !== 'production'
        ? `${hook} must be used inside <DataProvider>: wrap your app (or test) in one`
        : `Tessera E401: ${hook}`,
    )
  }
  return value
}

// One per controller, so hooks see a stable store and subscribe once.
const standalones = new WeakMap<Controller, DataContextValue>()

/** The context of hooks under a ControllerContext and no DataProvider. */
function standalone(controller: Controller): DataContextValue {
  let out = standalones.get(controller)
  if (out === undefined) {
    // Hooks read a store only through getState and subscribe.
    const store = { getState: () => controller.getState(), subscribe: () => () => undefined } as unknown as Store
    standalones.set(controller, (out = { store, controller, retries: new WeakMap() }))
  }
  return out
}

/**
 * Set by AsyncBoundary (DataProvider's `reveal` stands in outside any): useSuspense hands it the promise it suspends on, and the boundary
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
