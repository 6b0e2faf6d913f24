import type { Action } from './actions'
import type { Controller } from './Controller'

/** Passes an action on to the next middleware (and finally to the reducer). */
export type Dispatch = (action: Action) => void

/** Sees every action before the reducer does; may act on it, log it, or hold it back. */
export type Middleware = (controller: Controller) => (next: Dispatch) => Dispatch

/**
 * Extends the store the way data-client's managers do: a middleware over dispatch, and a cleanup
 * run when the store is torn down. Promises, timers and sockets live in managers, never in state.
 */
export interface Manager {
  middleware?: Middleware
  cleanup?(): void
}
