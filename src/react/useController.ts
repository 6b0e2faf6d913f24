import type { Controller } from '../store/index'
import { useDataContext } from './context'

/** The store's Controller: fetch, mutate, invalidate. The same object as `store.controller`. */
export function useController(): Controller {
  return useDataContext('useController').store.controller
}
