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
