// What the managers that talk to a network beyond one request share: whether the device is
// online, where they hear it change, and how long to wait before trying again. Only optional
// entries (and the React Native build) import this.
import { globalEventTarget } from './globalEventTarget'

/**
 * Where the device's network status comes from. In a browser that is `navigator.onLine` and the
 * window's 'online' / 'offline' events; React Native has neither, so its build sets NetInfo here
 * when the app has it installed, and an app with another source sets that one.
 */
export interface NetworkSource {
  /** Whether the device is online now (true when unknown: requests then tell). */
  online(): boolean
  /** Calls `listener` with each change of `online()`. @returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void
}

let source: NetworkSource | undefined

/**
 * Makes `source` the device's network status for every store of this app: `OfflineManager`'s
 * network mode, `LiveManager`'s reconnect and React Native's `DataProvider` (which refetches stale
 * reads on reconnect) read it. `undefined` goes back to the browser's. The React Native build
 * calls it with NetInfo when `@react-native-community/netinfo` is installed; call it yourself
 * with any other source (set it before the stores are made: managers subscribe when they start).
 */
export function setNetworkSource(next: NetworkSource | undefined): void {
  source = next
}

/** The device's own word: the source set, else `navigator.onLine`; true where neither says (Node, tests). */
export function deviceOnline(): boolean {
  if (source !== undefined) return source.online()
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/**
 * Calls `listener` when the device goes online (true) or offline (false): from the source set,
 * else the window's events where there is a window that takes listeners (not React Native's).
 * @returns the unsubscribe function.
 */
export function onNetworkChange(listener: (online: boolean) => void): () => void {
  if (source !== undefined) return source.subscribe(listener)
  const window = globalEventTarget('window')
  if (window === undefined) return () => undefined
  const online = () => listener(true)
  const offline = () => listener(false)
  window.addEventListener('online', online)
  window.addEventListener('offline', offline)
  return () => {
    window.removeEventListener('online', online)
    window.removeEventListener('offline', offline)
  }
}

/**
 * The wait before try `attempt` (1 for the first retry): exponential from 1 s, capped at 30 s,
 * with `fixed` of it certain and the rest random (0: full jitter, retries of a request; 0.5:
 * reconnects, which should not come back all at once but not at once either).
 */
export function backoff(attempt: number, fixed = 0): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** (attempt - 1))
  return ceiling * fixed + Math.random() * ceiling * (1 - fixed)
}
