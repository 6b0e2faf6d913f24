// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { createReplaceState, type Action } from './actions'
import { BATCH, HYDRATE, SUBSCRIBE, UNSUBSCRIBE } from './actionTypes'
import { Controller, type ControllerOptions } from './Controller'
import { tesseraHooks, type Dispatch, type Manager, type ManagerAPI, type Middleware } from './Manager'
import { origins } from './origins'
import type { GCOptions } from './collector'
import { createKernel, type StoreInspection } from './kernel'
import type { DevToolsConnector } from './managers/devtools'
import { reducer } from './reducer'
import { hydrateState, type State } from './state'

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
   * The state React hydrates the page against: hooks hand it to React as the server snapshot.
   * Once server data came in (the batches `receiveServerData` from 'tessera/ssr' applies), it is
   * the state as long as nothing but such data (any `tessera/hydrate`) arrived, and from the first
   * other action on (a like, a response) that state plus later hydrates only, so a change made in
   * the browser before a boundary hydrates does not make that boundary's HTML a mismatch. On a
   * store that received no server data (a server render, a client-only app): the state.
   */
  getServerState(): State
  /** Calls `listener` after every applied action; returns the unsubscribe function. */
  subscribe(listener: StoreListener): () => void
  /** Applies an action (through the managers' middleware). Replaying a log only changes state. */
  dispatch(action: Action): void
  /**
   * Runs `run` (synchronously) and applies every change it makes, through the controller or the
   * managers' API (`set`, `setResponse`, `invalidate`, a fetch's start…), as ONE action at its
   * end: a `tessera/batch` holding them in order (a lone change goes as itself), which the
   * managers' middleware, subscribers, DevTools and a replayed log each see once, so React
   * renders once. Inside `run`, reads (`getState`, `controller.get`…) see the changes made so
   * far; nothing is applied to the store or told to subscribers until `run` returns. If `run`
   * throws, nothing it changed is applied and the error propagates. A batch inside a batch joins
   * it (its throw undoes its own changes only). Subscriptions (`controller.subscribe`) and
   * requests are not held back: a request started inside runs, and its answer arrives as usual.
   * @returns what `run` returned.
   */
  batch<T>(run: () => T): T
  /**
   * Puts a whole state in place (devtools time travel, a restored session); listeners get a
   * `tessera/replaceState` action carrying it, so a recorded log replays through it too.
   * Nothing is fetched.
   */
  replaceState(state: State): void
  /** Stops timers and in-flight requests, disconnects devtools, and lets go of the read caches. */
  cleanup(): void
  /**
   * What the store's services know that its state does not (mounted readers, reads in flight, the
   * default gcTime), read-only: for tools such as `tessera/devtools`, which show a key's readers
   * and when it will be collected. Live objects, read them when you need them; nothing to change.
   */
  inspect(): StoreInspection
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
  let state: State = hydrateState(options.initialState ?? {})
  const listeners = new Set<StoreListener>()
  // The state React hydrates against, from the first server data on (see `getServerState`).
  let server: State | undefined

  const apply: Dispatch = (action) => {
    // A subscription no middleware took over is a mounted read (as `controller.retain` makes one); it changes no state.
    if (action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) {
      const origin = origins.get(action)
      return origin && controller[action.type === SUBSCRIBE ? 'retain' : 'release'](origin.endpoint, ...origin.args)
    }
    const before = state
    state = reducer(state, action)
    kernel.collector!.observe(action)
    // Only server data since the first of it: the server snapshot follows the state; after
    // anything else, it takes later hydrates only.
    if (action.type === HYDRATE && (server ||= action.server && before)) server = server === before ? state : reducer(server, action)
    for (const listener of [...listeners]) listener(action)
  }
  let dispatch: Dispatch = apply
  const { getState, send, batch } = batching(() => state, (action) => dispatch(action))
  const now = options.now ?? (() => Date.now())
  // The store's services, built once (configured by a NetworkManager / GCManager in `managers`); the rest are plugins.
  const { kernel, plugins: managers } = createKernel(options.managers ?? [], options, { now, getState, dispatch: send })
  const controller = new (options.Controller ?? Controller)({ dispatch: send, getState, batch, now, kernel })
  for (const manager of [...managers].reverse()) {
    // The property first, as data-client (0.14 on) reads it; getMiddleware() otherwise.
    const middleware: Middleware | undefined = manager.middleware ?? manager.getMiddleware?.()
    if (middleware) dispatch = manager[tesseraHooks] ? middleware(controller)(dispatch) : (protocols.dataClient ?? missingProtocol)(middleware, controller, dispatch)
  }

  const store: Store = {
    controller,
    getState,
    getServerState: () => server ?? state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    dispatch: send,
    batch,
    // Straight to the reducer: a jump is not something managers should act on.
    replaceState: (next) => apply(createReplaceState(next)),
    inspect: () => kernel,
    cleanup() {
      disconnect?.()
      for (const manager of managers) manager.cleanup?.()
      kernel.collector!.cleanup()
      kernel.requests.abortAll()
      controller.forget()
    },
  }
  for (const manager of managers) manager.init?.(state)
  // The bridge leaves out its own jumps (see connectDevTools).
  const disconnect = options.devtools ? options.devtools(store) : undefined
  return store
}

/**
 * The store's batches (see `Store.batch`): `send` is every dispatch, the controller's and the
 * store's, held in the open batch if there is one; `getState` sees what the batch changed so far;
 * `dispatch` applies what a batch made, as one action, when the outermost one returns.
 */
function batching(applied: () => State, dispatch: Dispatch): { getState: () => State; send: Dispatch; batch: <T>(run: () => T) => T } {
  // While a batch is open: the state with its changes applied, and those changes.
  let held: State | undefined
  const queue: Action[] = []
  const getState = () => held ?? applied()
  const send: Dispatch = (action) => {
    if (!held || action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) return dispatch(action)
    held = reducer(held, action)
    queue.push(action)
  }
  const batch = <T,>(run: () => T): T => {
    // `held` is the outer batch's state, if any: where a throw here goes back to.
    const outer = held
    const length = queue.length
    held = getState()
    try {
      const result = run()
      if (!outer) {
        held = undefined
        const actions = queue.splice(0)
        if (actions[0]) dispatch(actions[1] ? { type: BATCH, actions } : actions[0])
      }
      return result
    } catch (error) {
      // Nothing of this run is applied: an outer batch goes on from where this one began.
      held = outer
      queue.length = length
      throw error
    }
  }
  return { getState, send, batch }
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
