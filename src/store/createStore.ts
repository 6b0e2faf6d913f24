// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { createReplaceState, type Action } from './actions'
import { REPLACE_STATE, SUBSCRIBE, UNSUBSCRIBE } from './actionTypes'
import { Controller, type ControllerOptions } from './Controller'
import { tesseraHooks, type Dispatch, type Manager, type ManagerAPI, type Middleware } from './Manager'
import { origins } from './origins'
import { GCManager, type GCOptions } from './managers/GCManager'
import { NetworkManager } from './managers/NetworkManager'
import type { DevToolsConnector } from './managers/devtools'
import { reducer } from './reducer'
import { createInitialState, hydrateState, type State } from './state'

/** Options of `createStore`. `gcTime` and `gcBatch` configure the garbage collector (see `GCOptions`). */
export interface StoreOptions extends GCOptions {
  /**
   * Extra managers; each sees every action through its middleware (data-client's actions for a
   * manager written on its protocol, Tessera's for one with `[tesseraHooks]`), has `init(state)`
   * called once the store is made and `cleanup()` when it is cleaned up. Polling is one: `managers: [new PollingManager()]` makes
   * `pollFrequency` work (left out, nothing polls and development builds warn). The list may hold
   * the defaults too (`[...getDefaultManagers(), new LogoutManager()]`, as data-client apps write
   * it): a NetworkManager or GCManager in it is used instead of a new one, never beside it.
   */
  managers?: readonly Manager[]
  /** A saved state to start from (for example one taken from devtools or a test). */
  initialState?: Partial<State>
  /**
   * The clock, for deterministic tests. Defaults to `Date.now`, looked up at every call, so a test
   * that replaces `Date.now` (or installs fake timers) after the store was made moves its clock too.
   */
  now?: () => number
  /**
   * Connects to the Redux DevTools extension, if it is installed: `devtools: devTools({ name })`
   * (`devTools` is imported from 'tessera' or 'tessera/store'; stores without it do not bundle the
   * bridge). `false` or absent: not connected.
   */
  devtools?: DevToolsConnector | false
  /**
   * The class of the store's controller: a subclass of Controller that adds to or wraps its
   * methods (tessera/test's applies every change inside React's `act`). It is constructed once,
   * with the store's options, and is what `store.controller` and `useController()` return.
   */
  Controller?: new (options: ControllerOptions) => Controller
}

/** Receives each action after it was applied. */
export type StoreListener = (action: Action) => void

/** A headless cache: no React, no DOM. */
export interface Store {
  readonly controller: Controller
  getState(): State
  /**
   * The state a server render saw, while the page hydrates: set by `receiveServerData` from
   * 'tessera/ssr'. Hooks hand it to React as the server snapshot, so a change made in the
   * browser before a boundary hydrates (a like, a response) does not make that boundary's HTML a
   * mismatch. Absent elsewhere: the server snapshot is the state.
   */
  getServerState?: () => State
  /** Calls `listener` after every applied action; returns the unsubscribe function. */
  subscribe(listener: StoreListener): () => void
  /** Applies an action (through the managers' middleware). Replaying a log only changes state. */
  dispatch(action: Action): void
  /**
   * Puts a whole state in place (devtools time travel, a restored session); listeners get a
   * `tessera/replaceState` action carrying it, so a recorded log replays through it too.
   * Nothing is fetched.
   */
  replaceState(state: State): void
  /** Stops timers and in-flight requests, disconnects devtools, and lets go of the read caches. */
  cleanup(): void
}

/**
 * Creates a store: the state, the reducer, the managers and a Controller, runnable in plain Node.
 * Two stores created with the same options start with equal states.
 */
export function createStore(options: StoreOptions = {}): Store {
  if (options.devtools && typeof options.devtools !== 'function') {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? "createStore: `devtools` takes the connector made by devTools(), imported from 'tessera' (or 'tessera/store'): " +
            "createStore({ devtools: devTools({ name: 'My app' }) }). `true` and an options object are no longer accepted, " +
            'so that apps without devtools do not bundle the bridge.'
        : 'Tessera E203: devtools',
    )
  }
  let state: State = options.initialState ? hydrateState(options.initialState) : createInitialState()
  const listeners = new Set<StoreListener>()
  const { managers, network, gc } = withDefaultManagers(options)

  const apply: Dispatch = (action) => {
    // A subscription no middleware took over is a mounted read (as `controller.retain` makes one); it changes no state.
    if (action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) {
      const origin = origins.get(action)
      return origin && controller[action.type === SUBSCRIBE ? 'retain' : 'release'](origin.endpoint, ...origin.args)
    }
    state = reducer(state, action)
    for (const listener of [...listeners]) listener(action)
  }
  let dispatch: Dispatch = apply
  const controller = new (options.Controller ?? Controller)({ dispatch: (action) => dispatch(action), getState: () => state, now: options.now ?? (() => Date.now()), network, gc, managers })
  for (const manager of [...managers].reverse()) {
    // The property first, as data-client (0.14 on) reads it; getMiddleware() otherwise.
    const middleware: Middleware | undefined = manager.middleware ?? manager.getMiddleware?.()
    if (middleware) dispatch = manager[tesseraHooks] ? middleware(controller)(dispatch) : (protocols.dataClient ?? missingProtocol)(middleware, controller, dispatch)
  }

  const store: Store = {
    controller,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    dispatch: (action) => dispatch(action),
    // Straight to the reducer: a jump is not something managers should act on.
    replaceState: (next) => apply(createReplaceState(next)),
    cleanup() {
      disconnect?.()
      for (const manager of managers) manager.cleanup?.()
      controller.forget()
    },
  }
  for (const manager of managers) manager.init?.(state)
  const disconnect = options.devtools
    ? options.devtools({
        getState: store.getState,
        replaceState: store.replaceState,
        // Devtools is told about dispatched actions only, not its own jumps.
        subscribe: (listener) => store.subscribe((action) => action.type !== REPLACE_STATE && listener(action)),
      })
    : undefined
  return store
}

/**
 * Runs a middleware written on data-client's protocol over the store's dispatch. Set by the module
 * that builds data-client's view of actions, which `actionTypes`, `getDefaultManagers` and
 * `DevToolsManager` bring in (a data-client app that adds a manager names one of them), so that
 * an app with no such manager does not bundle it.
 */
export const protocols: { dataClient?: (middleware: Middleware, api: ManagerAPI, next: Dispatch) => Dispatch } = {}

function missingProtocol(): never {
  throw new TypeError(
    process.env.NODE_ENV !== 'production'
      ? "createStore: a manager without [tesseraHooks] is run on data-client's Manager protocol, whose actions are built by a module this app has not loaded: " +
          "import { actionTypes } (or getDefaultManagers) from 'tessera' where the manager is written, as data-client apps do, or give a Tessera manager a [tesseraHooks] member."
      : 'Tessera E206',
  )
}

/**
 * The store's managers: those given, with a NetworkManager and a GCManager in front unless the
 * list already has its own (which the Controller then uses).
 * @throws {TypeError} for two of either kind, or `gcTime`/`gcBatch` beside a GCManager of the app's.
 */
function withDefaultManagers(options: StoreOptions): { managers: Manager[]; network: NetworkManager; gc: GCManager } {
  const given = options.managers ?? []
  const added: Manager[] = []
  // The name is passed in: a minifier may rename the class.
  const pick = <M extends Manager>(kind: new (options: GCOptions) => M, name: string): M => {
    const found = given.filter((manager): manager is M => manager instanceof kind)
    if (found.length > 1) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `createStore: \`managers\` has ${found.length} ${name}s; a store runs one. Spread getDefaultManagers() once, or leave it out (createStore adds the defaults by itself).`
          : `Tessera E205: ${found.length} ${name}`,
      )
    }
    return found[0] ?? (added[added.length] = new kind(options))
  }
  const network = pick(NetworkManager, 'NetworkManager')
  const gc = pick(GCManager, 'GCManager')
  if (!added.includes(gc) && (options.gcTime !== undefined || options.gcBatch !== undefined)) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? 'createStore: gcTime and gcBatch configure the GCManager createStore makes, but `managers` has one already: ' +
            'give them to it instead (getDefaultManagers({ gcTime }) or new GCManager({ gcTime })).'
        : 'Tessera E204: gcTime',
    )
  }
  return { managers: [...added, ...given], network, gc }
}
