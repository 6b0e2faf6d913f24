// The app's store and the recorder behind the action panel: every action the store applies,
// with the time it happened, kept for display, download and replay. Nothing here is module
// state: the browser makes one store and one log; the server makes a store per request (and no
// log), so two requests never share data.
import { createContext, useContext, useSyncExternalStore } from 'react'
import { FETCH, type Action, type Store } from 'tessera'

export interface LoggedAction {
  /** When the store applied it (ms since the epoch). */
  time: number
  action: Action
}

/** The action log as a `useSyncExternalStore` source. */
export interface ActionLog {
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly LoggedAction[]
}

const NOTHING: readonly LoggedAction[] = []

/** What the server renders with: an empty log (the log is the browser's; times are its clock). */
export const emptyLog: ActionLog = { subscribe: () => () => {}, getSnapshot: () => NOTHING }

/** Records every action `store` applies from now on; call it before the first render. */
export function createActionLog(store: Store): ActionLog {
  const entries: LoggedAction[] = []
  let snapshot: readonly LoggedAction[] = NOTHING
  const listeners = new Set<() => void>()
  store.subscribe((action) => {
    entries.push({ time: Date.now(), action })
    snapshot = entries.slice()
    for (const listener of listeners) listener()
  })
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getSnapshot: () => snapshot,
  }
}

/** The store the app renders with (the same one its DataProvider has). */
export const StoreContext = createContext<Store | null>(null)
export const ActionLogContext = createContext<ActionLog>(emptyLog)

/** The app's store; throws outside the app's providers. */
export function useStore(): Store {
  const store = useContext(StoreContext)
  if (store === null) throw new Error('useStore must be used inside <Root>')
  return store
}

/**
 * The actions logged so far. A server render and the hydration that follows it both see an empty
 * log (what the server had is not the browser's log); the browser's log shows right after.
 */
export function useActionLog(): readonly LoggedAction[] {
  const log = useContext(ActionLogContext)
  return useSyncExternalStore(log.subscribe, log.getSnapshot, emptyLog.getSnapshot)
}

/** The endpoint key (or keys) an action is about, for display. */
export function actionKey(action: Action): string {
  if ('key' in action && typeof action.key === 'string') return action.key
  if ('keys' in action && Array.isArray(action.keys)) return action.keys.join(', ')
  return ''
}

/**
 * Why a fetch action went out, in words (`first read`, `args changed`, `stale`, `invalidated`,
 * `focus`, `reconnect`, `poll`, `retry 2`, `queued`, `manual`); '' for other actions, and for
 * logs recorded before fetches had a cause.
 */
export function actionCause(action: Action): string {
  if (action.type !== FETCH || action.cause === undefined) return ''
  const cause = action.cause.replace('-', ' ')
  return action.attempt ? `${cause} ${action.attempt}` : cause
}

/** A short name for the action: `receive` for `tessera/receive`, `receive error` for a failed one. */
export function actionLabel(action: Action): string {
  const name = action.type.replace(/^tessera\//, '')
  return 'error' in action && action.error === true ? `${name} error` : name
}
