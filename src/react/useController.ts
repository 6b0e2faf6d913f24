'use client'
import { useContext } from 'react'
import { Controller } from '../store/index'
import { ControllerContext, DataContext } from './context'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only code;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/**
 * The store's Controller: fetch, mutate, invalidate. The same object as `store.controller`, or
 * the one an enclosing `<ControllerContext.Provider value={controller}>` gives. Outside any
 * provider, as in data-client, a default controller with no store: its methods are there (and
 * stable), and anything it would change logs a `console.error` (in development) and does nothing.
 */
export function useController(): Controller {
  const controller = useContext(ControllerContext)
  const value = useContext(DataContext)
  return controller ?? value?.controller ?? defaultController()
}

let fallback: Controller | undefined

/** One controller for every component rendered outside a provider, made on first use. */
function defaultController(): Controller {
  return (fallback ??= new Controller({
    dispatch(action) {
      if ((process.env.NODE_ENV !== 'production')) {
        console.error(`useController() was called outside <DataProvider>, so '${action.type}' went nowhere: wrap the app (or the test) in <DataProvider>.`)
      }
    },
  }))
}
