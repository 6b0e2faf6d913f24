import { passThrough, tesseraHooks, type Manager, type Middleware } from '../Manager'
import { RequestTable } from '../requests'
import { storeService } from '../services'

export { AbortError } from '../requests'

/**
 * The store's request table under data-client's name: which reads are in flight and how to abort
 * them. A store makes its own; an app that lists one in `managers` (`getDefaultManagers()`, an
 * `IdlingNetworkManager`) has the store use that one, so `network.isFetching(key)` answers for
 * the store. It runs no middleware: the Controller starts the requests it tracks.
 */
export class NetworkManager extends RequestTable implements Manager {
  readonly [tesseraHooks] = {}
  readonly [storeService] = 'requests'

  /**
   * data-client's `skipLogging`, which `DevToolsManager` is given (`new DevToolsManager(config,
   * (action) => network.skipLogging(action))`): true for the fetch action of a read already in
   * flight, which adds nothing to the log. Takes either protocol's fetch action. Defined by the
   * module of data-client's actions (which `actionTypes`, `getDefaultManagers` and
   * `DevToolsManager` bring in), so that apps without DevTools do not bundle it.
   */
  declare skipLogging: (action: { readonly type: string; readonly key?: string }) => boolean

  /** Acts on no action (the Controller calls it directly): passes them all on. For data-client's Manager contract. */
  getMiddleware(): Middleware {
    return passThrough
  }

  /** Aborts every request still out, reads and mutations alike. */
  cleanup(): void {
    this.abortAll()
  }
}
