// Which OfflineManager a store has, in a module of its own: `usePendingMutations` and the devtools
// find the manager through it without bundling the manager's code (the devtools show a store that
// may have none).
import type { OfflineManager } from './OfflineManager'

// By the ManagerAPI its middleware was given (the store's controller), so nothing in the core
// needs to know of the manager.
const byApi = new WeakMap<object, OfflineManager>()

/** Records `manager` as the OfflineManager of the store whose controller (ManagerAPI) is `api`. */
export function registerOfflineManager(api: object, manager: OfflineManager): void {
  byApi.set(api, manager)
}

/**
 * The OfflineManager of the store whose controller (ManagerAPI) this is, if it has one: a tool
 * (the devtools, `usePendingMutations`) reads the queue and the waiting retries through the
 * manager's public methods from there.
 */
export function offlineManagerOf(api: object): OfflineManager | undefined {
  return byApi.get(api)
}
