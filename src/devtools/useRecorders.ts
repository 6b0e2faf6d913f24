'use client'
import { useContext, useMemo } from 'react'
import { DataContext } from '../react/context'
import type { Store } from '../store/createStore'
import type { Recorder } from './recorder'
import { recorderFor } from './recorderFor'

/** Which stores the devtools show, and how. */
export interface DevtoolsOptions {
  /** The store to show; default: the nearest DataProvider's. */
  readonly store?: Store
  /** Several stores, by the name the panel's store picker shows. */
  readonly stores?: Readonly<Record<string, Store>>
  /** Rewrites what a session export saves (hide tokens, passwords): see `ExportOptions`. */
  readonly redact?: import('./session').ExportOptions
  /** Whether requests can go out now (an OfflineManager's `isOnline`); default `navigator.onLine`. */
  readonly online?: () => boolean
}

/** The recorders of the stores `options` name (recording from the first call on). */
export function useRecorders({ store, stores }: DevtoolsOptions): Recorder[] {
  const provided = useContext(DataContext)?.store
  return useMemo(() => {
    const named: [string, Store][] = stores ? Object.entries(stores) : store ? [['store', store]] : provided ? [['store', provided]] : []
    return named.map(([name, one]) => recorderFor(one, name))
  }, [store, stores, provided])
}
