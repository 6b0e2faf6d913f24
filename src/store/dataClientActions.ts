// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import type { EndpointInterface } from '../endpoint/types'
import type { Action } from './actions'
import * as ours from './actionTypes'
import { protocols } from './createStore'
import { NetworkManager } from './managers/NetworkManager'
import type { Dispatch, ManagerAPI, Middleware } from './Manager'
import { origins } from './origins'

/**
 * data-client's action types (`@data-client/core`'s `actionTypes`, 0.13 on, with the `_TYPE`
 * names 0.10 had), for managers written on its protocol: their middleware sees actions of these
 * types, built for them from Tessera's own. Importing this (or `getDefaultManagers`) is also what
 * brings that view into an app's bundle.
 */
export const actionTypes = {
  FETCH: 'rdc/fetch',
  SET: 'rdc/set',
  SET_RESPONSE: 'rdc/setresponse',
  OPTIMISTIC: 'rdc/optimistic',
  RESET: 'rdc/reset',
  SUBSCRIBE: 'rdc/subscribe',
  UNSUBSCRIBE: 'rdc/unsubscribe',
  INVALIDATE: 'rdc/invalidate',
  INVALIDATEALL: 'rdc/invalidateall',
  EXPIREALL: 'rdc/expireall',
  GC: 'rdc/gc',
  FETCH_TYPE: 'rdc/fetch',
  SET_TYPE: 'rdc/set',
  SET_RESPONSE_TYPE: 'rdc/setresponse',
  OPTIMISTIC_TYPE: 'rdc/optimistic',
  RESET_TYPE: 'rdc/reset',
  SUBSCRIBE_TYPE: 'rdc/subscribe',
  UNSUBSCRIBE_TYPE: 'rdc/unsubscribe',
  INVALIDATE_TYPE: 'rdc/invalidate',
  INVALIDATEALL_TYPE: 'rdc/invalidateall',
  EXPIREALL_TYPE: 'rdc/expireall',
  GC_TYPE: 'rdc/gc',
} as const

type T = typeof actionTypes
/** Timing of a response: data-client's fields, with 0.10's `args` and `key` in `meta` too. */
export interface DataClientMeta {
  readonly fetchedAt: number
  readonly date: number
  readonly expiresAt: number
  readonly args: readonly any[]
  readonly key: string
}
/** A request started (`controller.fetch`). Observed only: the request is sent whatever a middleware does. */
export interface DataClientFetchAction<E extends EndpointInterface = EndpointInterface> {
  type: T['FETCH']
  endpoint: E
  args: readonly any[]
  key: string
  meta: { readonly fetchedAt: number; readonly createdAt: number; readonly args: readonly any[]; readonly key: string }
}
/** A response or an error was written (a request answered, `controller.setResponse` / `setError`). */
export interface DataClientSetResponseAction<E extends EndpointInterface = EndpointInterface> {
  type: T['SET_RESPONSE']
  endpoint: E
  args: readonly any[]
  key: string
  /** The value the endpoint resolved to, or the error (`error: true`). */
  response: any
  /** The same, under 0.10 to 0.13's name. */
  payload: any
  error: boolean
  meta: DataClientMeta
}
/** `controller.set(schema, ...args, value)`. */
export interface DataClientSetAction {
  type: T['SET']
  schema: any
  args: readonly any[]
  value: any
  meta: DataClientMeta
}
/** A mutation's optimistic guess was added. */
export interface DataClientOptimisticAction<E extends EndpointInterface = EndpointInterface> {
  type: T['OPTIMISTIC']
  endpoint: E
  args: readonly any[]
  key: string
  meta: DataClientMeta
}
/** `controller.subscribe` / `unsubscribe` (useSubscription, useLive): a middleware may take it over. */
export interface DataClientSubscribeAction<E extends EndpointInterface = EndpointInterface> {
  type: T['SUBSCRIBE'] | T['UNSUBSCRIBE']
  endpoint: E
  args: readonly any[]
  key: string
  meta: { readonly args: readonly any[]; readonly key: string }
}
/** `controller.invalidate`. */
export interface DataClientInvalidateAction {
  type: T['INVALIDATE']
  key: string
  meta: { readonly key: string }
}
/** `controller.invalidateAll` / `expireAll`. */
export interface DataClientInvalidateAllAction {
  type: T['INVALIDATEALL'] | T['EXPIREALL']
  testKey: (key: string) => boolean
}
/** `controller.resetEntireStore`. */
export interface DataClientResetAction {
  type: T['RESET']
  date: number
}
/** Unused data was collected: entity `[key, pk]` pairs, and endpoint keys (`endpoints`, 0.10's `results`). */
export interface DataClientGCAction {
  type: T['GC']
  entities: [string, string][]
  endpoints: string[]
  results: string[]
}

/**
 * What a middleware written on data-client's protocol sees (data-client's `ActionTypes`): a view of
 * Tessera's action, with the endpoint, the response and the arguments as data-client carries
 * them, built for that middleware only. Tessera's own actions (hydrate, replaceState) pass as they are.
 */
export type ActionTypes =
  | DataClientFetchAction
  | DataClientSetResponseAction
  | DataClientSetAction
  | DataClientOptimisticAction
  | DataClientSubscribeAction
  | DataClientInvalidateAction
  | DataClientInvalidateAllAction
  | DataClientResetAction
  | DataClientGCAction

// The Tessera action each view was made from, to pass on when the middleware calls `next`.
const made = new WeakMap<object, Action>()

/** data-client's view of one Tessera action (see `ActionTypes`). */
export function toDataClientAction(action: Action): ActionTypes | Action {
  const origin = origins.get(action)
  const key = (action as { key?: string }).key ?? ''
  const args = origin?.args ?? (action as { args?: readonly unknown[] }).args ?? []
  // A response from elsewhere (another tab) has no endpoint here: a stand-in that knows its key.
  const endpoint = origin?.endpoint ?? ({ key: () => key, name: key } as unknown as EndpointInterface)
  const at = (action as { meta?: { fetchedAt?: number; date?: number; expiresAt?: number } }).meta
  const meta = { fetchedAt: at?.fetchedAt ?? 0, date: at?.date ?? at?.fetchedAt ?? 0, expiresAt: at?.expiresAt ?? at?.fetchedAt ?? 0, args, key }
  switch (action.type) {
    case ours.FETCH:
      return { type: actionTypes.FETCH, endpoint, args, key, meta: { fetchedAt: meta.fetchedAt, createdAt: meta.fetchedAt, args, key } }
    case ours.RECEIVE: {
      if (origin?.schema !== undefined) return { type: actionTypes.SET, schema: origin.schema, args, value: origin.value, meta }
      const error = action.error === true
      const response = origin ? origin.value : error ? Object.assign(new Error(action.payload.message), action.payload) : undefined
      return { type: actionTypes.SET_RESPONSE, endpoint, args, key, response, payload: response, error, meta }
    }
    case ours.OPTIMISTIC:
      return { type: actionTypes.OPTIMISTIC, endpoint, args, key, meta }
    case ours.SUBSCRIBE:
    case ours.UNSUBSCRIBE:
      return { type: action.type === ours.SUBSCRIBE ? actionTypes.SUBSCRIBE : actionTypes.UNSUBSCRIBE, endpoint, args, key, meta: { args, key } }
    case ours.INVALIDATE:
      return { type: actionTypes.INVALIDATE, key, meta: { key } }
    case ours.INVALIDATE_ALL:
    case ours.EXPIRE_ALL:
      return { type: action.type === ours.EXPIRE_ALL ? actionTypes.EXPIREALL : actionTypes.INVALIDATEALL, testKey: (candidate) => action.keys.includes(candidate) }
    case ours.RESET:
      return { type: actionTypes.RESET, date: action.date }
    case ours.GC: {
      const entities = Object.entries(action.entities).flatMap(([entityKey, pks]) => pks.map((pk): [string, string] => [entityKey, pk]))
      return { type: actionTypes.GC, entities, endpoints: [...action.keys], results: [...action.keys] }
    }
    default:
      return action
  }
}

/**
 * Runs a middleware written on data-client's protocol over `next`: it sees each action as
 * data-client's view (`toDataClientAction`), and what it passes to `next` (the view it was given,
 * or a Tessera action) continues as the Tessera action it stands for. Not calling `next` holds the
 * action back, as in data-client (a SUBSCRIBE taken over never reaches the mounted reads).
 * `next` returns a promise, as data-client's dispatch does.
 */
export function dataClientMiddleware(middleware: Middleware, api: ManagerAPI, next: Dispatch): Dispatch {
  const run = middleware(api)((view: ActionTypes | Action) => {
    const action = made.get(view) ?? (String(view?.type).startsWith('tessera/') ? (view as Action) : undefined)
    if (action === undefined) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `A manager passed '${String(view?.type)}' to next(), an action its middleware was not given: pass on the action it received, ` +
              'and write data with controller.setResponse / controller.set (Tessera builds its actions itself, as plain JSON).'
          : `Tessera E207: ${String(view?.type)}`,
      )
    }
    next(action)
    return Promise.resolve()
  })
  return (action) => {
    const view = toDataClientAction(action)
    made.set(view, action)
    void run(view)
  }
}

/** Lets createStore run managers written on data-client's protocol (see `protocols`). Called on import. */
export function runDataClientManagers(): void {
  protocols.dataClient = dataClientMiddleware
  // 'rdc/fetch' or 'tessera/fetch'; a key undefined is never in flight.
  NetworkManager.prototype.skipLogging ??= function (action) {
    return action.type.endsWith('/fetch') && this.isFetching(action.key!)
  }
}

runDataClientManagers()
