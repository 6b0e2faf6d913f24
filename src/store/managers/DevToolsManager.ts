import { createReplaceState, type Action } from '../actions'
import { REPLACE_STATE, SUBSCRIBE, UNSUBSCRIBE } from '../actionTypes'
import { runDataClientManagers, toDataClientAction, type ActionTypes } from '../dataClientActions'
import { tesseraHooks, type Manager, type Middleware } from '../Manager'
import { connectDevTools, type DevToolsOptions } from './devtools'

/**
 * data-client's `DevToolsManager`, on Tessera's Redux DevTools bridge (`devTools()`), so
 * `managers={[...getDefaultManagers(), new DevToolsManager({ name })]}` moves over with the import.
 * Sends every action the store applies, with the state after it, and lets the extension jump
 * (time travel), as `createStore({ devtools: devTools() })` does; use one or the other.
 * `skipLogging` gets data-client's view of each action (`ActionTypes`; Tessera's own for actions
 * data-client has no name for) and leaves out those it returns true for. Without the extension
 * installed it does nothing.
 */
export class DevToolsManager implements Manager {
  /** A Tessera manager: it reads the store's own actions, which are what DevTools shows. */
  readonly [tesseraHooks] = {}
  readonly #options: DevToolsOptions
  readonly #skipLogging: ((action: ActionTypes) => boolean) | undefined
  #disconnect: (() => void) | undefined

  constructor(config: DevToolsOptions = {}, skipLogging?: (action: ActionTypes) => boolean) {
    this.#options = config
    this.#skipLogging = skipLogging
    runDataClientManagers()
  }

  /** Connects when the store makes its middleware; reports each action after the reducer applied it. */
  middleware: Middleware<Action> = (api) => {
    const listeners = new Set<(action: Action) => void>()
    this.#disconnect = connectDevTools(
      {
        getState: api.getState,
        subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
        // Through the store's dispatch, so managers that track references (GC) follow the jump.
        replaceState: (state) => api.dispatch(createReplaceState(state)),
      },
      this.#options,
    )
    return (next) => (action) => {
      next(action)
      // Subscriptions change no state, and a jump is the extension's own doing.
      if (action.type === SUBSCRIBE || action.type === UNSUBSCRIBE || action.type === REPLACE_STATE) return
      if (this.#skipLogging?.(toDataClientAction(action) as ActionTypes)) return
      for (const listener of listeners) listener(action)
    }
  }

  /** Disconnects from the extension. */
  cleanup(): void {
    this.#disconnect?.()
  }
}
