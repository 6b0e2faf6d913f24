// The app's one store, and the recorder behind the action panel: every action the store applies,
// with the time it happened, kept for display, download and replay.
import { PollingManager, createStore, devTools, type Action } from 'tessera'

/**
 * How long data no screen reads is kept: `?gcTime=<ms>` in the page's address (the e2e test of
 * garbage collection uses a short one), the library's 5 minutes otherwise.
 */
const gcTime = Number(new URLSearchParams(location.search).get('gcTime')) || undefined

/**
 * Connects to Redux DevTools when the browser extension is installed (does nothing otherwise),
 * and polls endpoints with a `pollFrequency` while a page reads them (the article's likes).
 */
export const store = createStore({ devtools: devTools({ name: 'Tessera demo' }), managers: [new PollingManager()], gcTime })

export interface LoggedAction {
  /** When the store applied it (ms since the epoch). */
  time: number
  action: Action
}

const entries: LoggedAction[] = []
let snapshot: readonly LoggedAction[] = []
const listeners = new Set<() => void>()

// Subscribed before the first render, so the log starts with the app's first fetch.
store.subscribe((action) => {
  entries.push({ time: Date.now(), action })
  snapshot = entries.slice()
  for (const listener of listeners) listener()
})

/** The action log as a `useSyncExternalStore` source. */
export const actionLog = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  getSnapshot: (): readonly LoggedAction[] => snapshot,
}

/** The endpoint key (or keys) an action is about, for display. */
export function actionKey(action: Action): string {
  if ('key' in action && typeof action.key === 'string') return action.key
  if ('keys' in action && Array.isArray(action.keys)) return action.keys.join(', ')
  return ''
}

/** A short name for the action: `receive` for `tessera/receive`, `receive error` for a failed one. */
export function actionLabel(action: Action): string {
  const name = action.type.replace(/^tessera\//, '')
  return 'error' in action && action.error === true ? `${name} error` : name
}
