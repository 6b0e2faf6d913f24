import { MemoCache, normalizeChanges, type EntityMeta, type EntityTable } from '../schema/index'
import { NEVER } from '../schema/normalize'
import { readEntry } from '../schema/table'
import type { EndpointInterface, SnapshotInterface } from '../endpoint/types'
import { AbortOptimistic } from '../endpoint/AbortOptimistic'
import { createReceive, createReceiveError, serializeError, type ReceiveAction, type ReceiveErrorAction, type ReceiveMeta } from './actions'
import { RECEIVE } from './actionTypes'
import { queryFor } from './query'
import { keepError, selectErrorOf, selectPaths, selectResponse } from './selectors'
import { selectMeta, selectResult, type OptimisticLayer, type State } from './state'
import { isArray } from '../schema/isArray'

// The one place a response, an error or an optimistic guess becomes an action: pure functions of
// their arguments (the clock, the state and the caches are passed in), used alike by the network
// path, `setResponse`/`setError` and the optimistic view.

/** Default freshness of a response, in ms. */
export const DEFAULT_DATA_EXPIRY = 60_000
/** Default time before a failed read is retried, in ms. */
export const DEFAULT_ERROR_EXPIRY = 1_000

/** Every schema that wrote records in a store, by entity key: what the GC reads a record's links with. */
export type SchemaRegistry = Map<string, Set<unknown>>

/**
 * The timing a response (or an error, `failed`) carries: its expiry from the endpoint's
 * `dataExpiryLength` (`errorExpiryLength`), kept finite so it survives JSON ("never" is NEVER, not
 * Infinity), and the endpoint's own `gcTime` when it has one.
 */
export function responseMeta(endpoint: EndpointInterface, fetchedAt: number, now: number, failed?: boolean): ReceiveMeta {
  const at = now + ((failed ? endpoint.errorExpiryLength ?? DEFAULT_ERROR_EXPIRY : endpoint.dataExpiryLength) ?? DEFAULT_DATA_EXPIRY)
  const gcTime = endpoint.gcTime
  return { fetchedAt, date: now, expiresAt: at > NEVER || Number.isNaN(at) ? NEVER : at, ...(gcTime !== undefined && { gcTime: gcTime === Infinity ? NEVER : gcTime }) }
}

/**
 * A response as an action: normalized against `state` (pending guesses left out: they are not
 * data), with its expiry, and the results of other keys it extends (`update`, e.g. a page
 * appended to its list).
 * @throws {SchemaError} when the response does not fit the endpoint's schema.
 */
export function receiveAction(
  endpoint: EndpointInterface,
  key: string,
  args: readonly unknown[],
  value: unknown,
  fetchedAt: number,
  now: number,
  state: State,
  schemas?: SchemaRegistry,
): ReceiveAction {
  const meta = responseMeta(endpoint, fetchedAt, now)
  const normalized = normalizeChanges(endpoint.schema, value, args, state, meta, { schemas })
  return createReceive(key, args, normalized, meta, computeUpdates(endpoint, normalized.result, args, state))
}

/** A failure as an action. Readers of this session get the very error back (`controller.getError`). */
export function errorAction(endpoint: EndpointInterface, key: string, args: readonly unknown[], error: unknown, fetchedAt: number, now: number): ReceiveErrorAction {
  const serialized = serializeError(error)
  if (error instanceof Error) keepError(serialized, error)
  return createReceiveError(key, args, serialized, endpoint.errorPolicy?.(error), responseMeta(endpoint, fetchedAt, now, true))
}

/** Runs an endpoint's `update` against the current results, so the action carries plain values. */
export function computeUpdates(endpoint: EndpointInterface, result: unknown, args: readonly unknown[], state: State): { [key: string]: unknown } | undefined {
  if (typeof endpoint.update !== 'function') return undefined
  try {
    const updaters = endpoint.update(result, ...args)
    const out: { [key: string]: unknown } = Object.create(null)
    for (const key of Object.keys(updaters)) out[key] = updaters[key]!(selectResult(state, key))
    return out
  } catch (error) {
    // A bug in the app's update() costs the lists it would have extended, not the response:
    // that is written (and the call resolves), as in data-client.
    if (typeof console !== 'undefined') {
      console.error(
        process.env.NODE_ENV !== 'production'
          ? `${endpoint.name}: update() threw, so no other result was updated by this response:`
          : `Tessera E202: ${endpoint.name}`,
        error,
      )
    }
    return undefined
  }
}

declare const process: { env: { NODE_ENV?: string } }

/**
 * What a guess read from the view it was computed against: records (`[entityKey, pk, record,
 * meta]`, a pk of undefined for a whole table) and endpoint results (`[key, result, meta]`). While
 * they are the same objects, the guess would come out the same, and is not computed again. The
 * record's meta counts: a response that brings an equal record still changes which of its fields
 * are newer than the guess.
 */
export interface GuessDeps {
  readonly records: unknown[]
  readonly results: unknown[]
}

/** A guess: the receive action it stands for, and what it was computed from. */
export interface Guess {
  readonly action: ReceiveAction
  readonly deps: GuessDeps
}

// One error for every snapshot: guesses are recomputed on each read, and building an Error (its
// stack) each time would cost more than the guess.
let abortGuess: AbortOptimistic | undefined

/**
 * A read-only snapshot of `view` for optimistic updaters (`getResponse`, `getError`, `get`).
 * `onRead` hears of each read, with its endpoint, key and arguments.
 */
export function snapshotOf(
  view: State,
  memo: MemoCache,
  now: number,
  fetchedAt: number,
  onRead?: (endpoint: EndpointInterface, key: string, args: readonly unknown[]) => void,
): SnapshotInterface {
  const read = (endpoint: EndpointInterface, args: readonly unknown[]) => {
    const key = args[0] === null ? '' : endpoint.key(...args)
    if (key !== '') onRead?.(endpoint, key, args)
    return key
  }
  const getResponse = (endpoint: EndpointInterface, ...args: readonly unknown[]) => selectResponse(view, endpoint, args, now, memo, read(endpoint, args))
  return {
    fetchedAt,
    abort: (abortGuess ??= new AbortOptimistic('No optimistic guess for this call')),
    getResponse: getResponse as SnapshotInterface['getResponse'],
    getError: (endpoint, ...args) => selectErrorOf(view, read(endpoint, args), false),
    get: (schema, ...args) => getResponse(queryFor(schema as object), ...args).data as any,
  }
}

/**
 * The receive action an optimistic guess stands for, computed against `view` (the state with the
 * layers before this one applied), and what it read. `fixed`: the records of the guess made when
 * the mutation started (none at the start itself), which the fields responses started since then
 * wrote show (see `NormalizeOptions.fixed`).
 * @throws whatever `getOptimisticResponse` or normalizing its value throws.
 */
export function guessAction(endpoint: EndpointInterface, layer: OptimisticLayer, args: readonly unknown[], view: State, memo: MemoCache, now: number, fixed?: EntityTable): Guess {
  const fetchedAt = layer.fetchedAt
  const records: unknown[] = []
  const results: unknown[] = []
  const note = (entityKey: string, pk: string) =>
    records.push(entityKey, pk, readEntry(view.entities[entityKey], pk), readEntry(view.entitiesMeta[entityKey], pk))
  const result = (key: string) => results.push(key, selectResult(view, key), selectMeta(view, key))
  // The snapshot notes what the guess reads, so the view can tell when it would come out the same.
  const snapshot = snapshotOf(view, memo, now, fetchedAt, (readEndpoint, key, readArgs) => {
    result(key)
    for (const path of selectPaths(view, readEndpoint, key, readArgs, memo)) note(path.key, path.pk)
  })
  const value = endpoint.getOptimisticResponse!(snapshot, ...args)
  const meta: EntityMeta = responseMeta(endpoint, fetchedAt, fetchedAt)
  const normalized = normalizeChanges(endpoint.schema, value, args, view, meta, { optimistic: true, fixed })
  // What the guess was merged into, and the lists a push looked through.
  for (const entityKey of Object.keys(normalized.entities)) {
    const written = normalized.entities[entityKey]!
    let lists = false
    for (const pk of Object.keys(written)) {
      note(entityKey, pk)
      lists ||= isArray(written[pk])
    }
    // A push into lists (Collections) depends on which lists there are: the whole table.
    if (lists) records.push(entityKey, undefined, view.entities[entityKey], undefined)
  }
  const updates = computeUpdates(endpoint, normalized.result, args, view)
  if (updates !== undefined) for (const key of Object.keys(updates)) result(key)
  // Never dispatched (a view is computed from it), so the arguments need no JSON copy.
  return { action: { ...normalized, type: RECEIVE, key: layer.key, args, meta, updates }, deps: { records, results } }
}
