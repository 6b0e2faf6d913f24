import type { EndpointInterface } from '../../endpoint/types'
import type { ReceiveErrorAction } from '../actions'
import { RECEIVE } from '../actionTypes'
import { tesseraHooks, type Manager, type ManagerAPI, type Middleware } from '../Manager'
import { selectMeta } from '../state'

/** Options of LogoutManager; each replaces the method of the same name. */
export interface LogoutManagerOptions {
  /**
   * What logging out does; by default `controller.resetEntireStore()`. Given the store's
   * controller (method syntax, so a data-client handler typed with `Controller` still fits).
   */
  handleLogout?(controller: ManagerAPI): void
  /** Whether a failed request means the session is over; by default, a status of 401. */
  shouldLogout?: (error: LogoutError) => boolean
}

/** What `shouldLogout` is given: the error the request failed with (a `NetworkError` for HTTP failures). */
export type LogoutError = Error & { readonly status?: number }

/**
 * Logs out when a request fails because the session is over: by default, when any fetch (read or
 * mutation) fails with status 401 (Unauthorized), the whole store is reset, so nothing fetched
 * for the old session stays on screen. As in data-client:
 * `managers={[new LogoutManager({ handleLogout }), ...getDefaultManagers()]}`. Reacts to the
 * store's own error action (`tessera/receive` with `error: true`), after it was applied, and
 * logs out a microtask later, outside that dispatch.
 */
export class LogoutManager implements Manager {
  /** A Tessera manager: its middleware reads Tessera's error action. */
  readonly [tesseraHooks] = {}
  #logoutMiddleware: Middleware

  constructor({ handleLogout, shouldLogout }: LogoutManagerOptions = {}) {
    if (handleLogout) this.handleLogout = handleLogout
    if (shouldLogout) this.shouldLogout = shouldLogout
    this.#logoutMiddleware = (controller) => (next) => (action) => {
      next(action)
      if (action.type !== RECEIVE || action.error !== true) return
      if (!this.shouldLogout(errorOf(controller, action))) return
      void Promise.resolve().then(() => this.handleLogout(controller))
    }
  }

  /** The middleware that watches failed requests (data-client's Manager contract). */
  getMiddleware(): Middleware {
    return this.#logoutMiddleware
  }

  /** Holds nothing to release. */
  cleanup(): void {}

  /** Whether this failure ends the session: a 401 (reauthorization is needed). Override or pass as an option. */
  protected shouldLogout(error: LogoutError): boolean {
    return error.status === 401
  }

  /** Logs out: resets the whole store. Override or pass as an option to also clear the app's own credentials. */
  handleLogout(controller: ManagerAPI): void {
    controller.resetEntireStore()
  }
}

/**
 * The error a failed request threw (with its `response` for a NetworkError), as this session's
 * readers get it; the action's serialized copy (name, message, status) when the store kept
 * another one for the key (a later request had already answered).
 */
function errorOf(controller: ManagerAPI, action: ReceiveErrorAction): LogoutError {
  const state = controller.getState()
  if (selectMeta(state, action.key)?.error !== action.payload) return toError(action.payload)
  const byKey = { key: () => action.key, name: action.key } as unknown as EndpointInterface
  return controller.getLastError(byKey, state) ?? toError(action.payload)
}

function toError(payload: ReceiveErrorAction['payload']): LogoutError {
  return Object.assign(new Error(payload.message), payload)
}
