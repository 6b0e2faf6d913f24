import type { Action } from '../actions'
import { REPLACE_STATE } from '../actionTypes'
import { hydrateState, type State } from '../state'

/** Options passed to the Redux DevTools extension's `connect`. */
export interface DevToolsOptions {
  /** Instance name shown in the extension (default "Tessera"). */
  name?: string
  /** How many actions the extension keeps (default 100). */
  maxAge?: number
  /** Rewrites an action before it is shown (e.g. to hide tokens). */
  actionSanitizer?: (action: Action, id: number) => unknown
  /** Rewrites a state before it is shown. */
  stateSanitizer?: (state: State, index: number) => unknown
}

/** The part of the extension's connection object we use. */
export interface DevToolsConnection {
  init(state: unknown): void
  send(action: unknown, state: unknown): void
  subscribe(listener: (message: { type: string; payload?: { type: string }; state?: string }) => void): (() => void) | void
  unsubscribe?(): void
}

interface DevToolsExtension {
  connect(options: object): DevToolsConnection
}

/** What the devtools bridge needs from the store. */
export interface DevToolsHost {
  getState(): State
  subscribe(listener: (action: Action) => void): () => void
  replaceState(state: State): void
}

/**
 * What `createStore({ devtools })` and `<DataProvider devtools>` take: connects the store once, at
 * creation, and returns the disconnect function (or undefined when there is nothing to connect to).
 */
export type DevToolsConnector = (host: DevToolsHost) => (() => void) | undefined

/**
 * The Redux DevTools bridge, for `createStore({ devtools: devTools({ name }) })`. An import of its
 * own so that apps that do not use it do not ship it: the store only knows the connector it is
 * given. Connects when the extension is installed; without it, does nothing.
 */
export function devTools(options: DevToolsOptions = {}): DevToolsConnector {
  return (host) => connectDevTools(host, options)
}

/**
 * Connects a store to the Redux DevTools extension when it is installed: every action with the
 * state after it, and time travel (JUMP_TO_STATE / JUMP_TO_ACTION) by replacing the state. A
 * replaced state (`tessera/replaceState`, what a jump dispatches) is not sent back to it.
 * @returns a disconnect function, or undefined when there is no extension.
 */
export function connectDevTools(host: DevToolsHost, options: DevToolsOptions = {}): (() => void) | undefined {
  const extension = (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: DevToolsExtension }).__REDUX_DEVTOOLS_EXTENSION__
  if (extension === undefined || typeof extension.connect !== 'function') return undefined
  const connection = extension.connect({ name: options.name ?? 'Tessera', maxAge: options.maxAge ?? 100, actionSanitizer: options.actionSanitizer, stateSanitizer: options.stateSanitizer })
  connection.init(host.getState())
  const stopSending = host.subscribe((action) => action.type !== REPLACE_STATE && connection.send(action, host.getState()))
  const stopListening = connection.subscribe((message) => {
    if (message.type !== 'DISPATCH' || message.state === undefined) return
    const kind = message.payload?.type
    if (kind === 'JUMP_TO_STATE' || kind === 'JUMP_TO_ACTION') host.replaceState(hydrateState(JSON.parse(message.state)))
  })
  return () => {
    stopSending()
    if (typeof stopListening === 'function') stopListening()
    connection.unsubscribe?.()
  }
}
