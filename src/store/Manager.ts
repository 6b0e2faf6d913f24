import type { EndpointInterface } from '../endpoint/types'
import type { Action } from './actions'
import type { Controller } from './Controller'

/** Passes an action on to the next middleware (and finally to the reducer). */
export type Dispatch = (action: Action) => void

/**
 * Sees every action before the reducer does; may act on it, log it, or hold it back. Gets the
 * store's Controller (which has `dispatch` and `getState`, as Redux's middleware API does).
 */
export type Middleware = (controller: Controller) => (next: Dispatch) => Dispatch

/** Passes every action on untouched: `getMiddleware()` of managers that only hold requests or timers. */
export const passThrough: Middleware = () => (next) => next

/**
 * Extends the store the way data-client's managers do: a middleware over dispatch, and a cleanup
 * run when the store is torn down. Promises, timers and sockets live in managers, never in state.
 */
export interface Manager {
  /**
   * The middleware, data-client's way (`getMiddleware()`, which its managers implement); used in
   * preference to `middleware` when both are there.
   */
  getMiddleware?(): Middleware
  /** The middleware, as a property (Tessera's earlier form; still read when `getMiddleware` is absent). */
  middleware?: Middleware
  /**
   * A reader of this argument set mounted (`controller.subscribe`, which hooks call). Lets a
   * manager keep something alive while data is on screen: `PollingManager` refetches on a timer.
   */
  subscribe?(controller: Controller, endpoint: EndpointInterface, args: readonly unknown[]): void
  /** One reader of this argument set went away (`controller.unsubscribe`); pairs with `subscribe`. */
  unsubscribe?(endpoint: EndpointInterface, args: readonly unknown[]): void
  cleanup?(): void
}
