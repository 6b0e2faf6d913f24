'use client'
import { useContext, useEffect, useMemo, type ReactElement, type ReactNode } from 'react'
import { ControllerContext, DataContext, type DataContextValue } from '../react/context'
import { CacheProvider as WebCacheProvider, DataProvider as WebDataProvider, type DataProviderProps } from '../react/DataProvider'
import type { FetchCause } from '../store/index'
import { onNetworkChange } from '../store/network'
import { nativeController } from './nativeController'
import { appState } from './platform'
import { appEvents } from './screenFocus'

/**
 * DataProvider for React Native: the web provider, plus what a browser's page events do there.
 * When the app comes back to the foreground (`AppState` turning 'active' from the background),
 * the stale reads of focused screens are refetched (the counterpart of a page becoming visible);
 * when the device reconnects (NetInfo when installed, or the source given to `setNetworkSource`),
 * they are refetched with cause 'reconnect'. Reads of screens out of view are left alone (see useSuspense).
 */
export function DataProvider(props: DataProviderProps) {
  // The same element for the same props: the web provider finds the store an uncommitted first
  // render made through its props object (see DataProvider's madeBeforeCommit), so a retry must
  // hand it the very object it had, not a copy.
  let element = elements.get(props)
  if (element === undefined) {
    const { children, ...rest } = props
    elements.set(
      props,
      (element = (
        <WebDataProvider {...rest}>
          <Native>{children}</Native>
        </WebDataProvider>
      )),
    )
  }
  return element
}

const elements = new WeakMap<DataProviderProps, ReactElement>()

/** DataProvider for React Native under data-client's name (see DataProvider). */
export const CacheProvider: typeof WebCacheProvider = DataProvider

/** Inside the web provider: its context with the native controller, and the app's lifecycle. */
function Native({ children }: { children?: ReactNode }) {
  const outer = useContext(DataContext)!
  const value = useMemo((): DataContextValue => ({ ...outer, controller: nativeController(outer.controller) }), [outer])
  const controller = value.controller
  useEffect(() => {
    // The reads in view refetch themselves if stale (see appEvents): not those of screens out of view.
    const tell = (cause: FetchCause) => {
      for (const refetch of [...(appEvents.get(controller) ?? [])]) refetch(cause)
    }
    const state = appState()
    let last = state?.currentState
    const subscription = state?.addEventListener('change', (next) => {
      // 'inactive' (iOS, between background and foreground) is not a return yet.
      if (next === 'active' && last === 'background') tell('focus')
      if (next !== 'inactive') last = next
    })
    const unlisten = onNetworkChange((online) => online && tell('reconnect'))
    return () => {
      subscription?.remove()
      unlisten()
    }
  }, [controller])
  return (
    <DataContext.Provider value={value}>
      <ControllerContext.Provider value={controller}>{children}</ControllerContext.Provider>
    </DataContext.Provider>
  )
}
