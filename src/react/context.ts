import { createContext, useContext } from 'react'
import type { Store } from '../store/index'
import type { ActiveReads } from './ActiveReads'

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

/** The nearest provider's store, with a clear error when there is none. */
export function useDataContext(hook: string): DataContextValue {
  const value = useContext(DataContext)
  if (value === null) throw new Error(`${hook} must be used inside <DataProvider>: wrap your app (or test) in one`)
  return value
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
