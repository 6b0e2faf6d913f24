import { INVALID, MemoCache, type StoredEntitiesMeta, type EntityPath } from '../schema/index'
import { All } from '../schema/All'
import { readEntry, setEntries } from '../schema/table'
import type { EndpointInterface } from '../endpoint/types'
import type { SerializedError, State } from './state'

/** How usable cached data is, per the spec's expiry table. */
export const ExpiryStatus = {
  /** Missing, deleted, invalidated, or stale with `invalidIfStale`: suspend and fetch. */
  Invalid: 'Invalid',
  /** Past its expiry: show it and refetch in the background. */
  Stale: 'Stale',
  /** Fresh: show it, fetch nothing. */
  Valid: 'Valid',
} as const
export type ExpiryStatus = (typeof ExpiryStatus)[keyof typeof ExpiryStatus]

/** A read of one endpoint with one argument set. */
export interface ResponseInfo<T = unknown> {
  readonly data: T | undefined
  readonly expiryStatus: ExpiryStatus
  readonly expiresAt: number
  /** The endpoint key the read used ('' for null arguments). */
  readonly key: string
}

const layered = new WeakMap<State, State>()

/**
 * The state with every optimistic layer applied, oldest first. Memoized per state object, and
 * the state itself when there are no layers, so reads stay cheap in the common case.
 */
export function selectOptimisticState(state: State): State {
  if (state.optimistic.length === 0) return state
  let out = layered.get(state)
  if (out !== undefined) return out
  const entities = { ...state.entities }
  const entitiesMeta = { ...state.entitiesMeta }
  const endpoints = { ...state.endpoints }
  for (const layer of state.optimistic) {
    for (const key of Object.keys(layer.entities)) {
      const records = layer.entities[key]!
      const pks = Object.keys(records)
      entities[key] = setEntries(entities[key], pks, pks.map((pk) => records[pk]))
      const metas = layer.entitiesMeta[key] ?? {}
      const metaPks = Object.keys(metas)
      entitiesMeta[key] = setEntries(entitiesMeta[key], metaPks, metaPks.map((pk) => metas[pk]))
    }
    endpoints[layer.key] = layer.result
  }
  out = { ...state, entities, entitiesMeta, endpoints }
  layered.set(state, out)
  return out
}

/**
 * Reads an endpoint from the cache: denormalized data plus its expiry status at `now`.
 * `null` as the first argument means "not now": no data, Valid, nothing to fetch.
 */
export function selectResponse<T = unknown>(
  state: State,
  endpoint: Pick<EndpointInterface, 'key' | 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  now: number,
  memo: MemoCache,
): ResponseInfo<T> {
  if (args[0] === null) return { data: undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: Infinity, key: '' }
  const key = (endpoint.key as (...a: readonly unknown[]) => string)(...args)
  const view = selectOptimisticState(state)
  const meta = view.meta[key]
  const schema = endpoint.schema
  let input = view.endpoints[key]
  let data: unknown = input
  let invalid = meta === undefined || meta.fetchedAt === undefined
  let paths: EntityPath[] | undefined
  if (schema !== undefined && schema !== null) {
    // Queryable schemas (schema.All, lookups by id) read the tables, so they have data even
    // before their own endpoint was fetched. One input object per key keeps the read memoized.
    if (input === undefined && (schema instanceof All || (schema as { queryable?: boolean }).queryable === true)) input = queryInput(key)
    if (input !== undefined) {
      const read = memo.denormalize(schema, input, view.entities, args)
      data = read.data
      if (data === INVALID || data === undefined) {
        data = undefined
        invalid = true
      } else if (meta?.expiresAt === undefined) {
        // Never fetched under this key (schema.All): the data is as usable as the entities it was
        // built from, and with no entity at all there is nothing to show yet.
        paths = read.paths
        invalid &&= paths.length === 0
      }
    }
  }
  if (data === undefined) invalid = true
  // Without an endpoint meta (data reached through other endpoints), the entities' own expiry counts.
  const expiresAt = meta?.expiresAt ?? (paths ? entityExpiresAt(paths, view.entitiesMeta) : 0)
  let expiryStatus: ExpiryStatus
  if (meta?.invalidated) expiryStatus = ExpiryStatus.Invalid
  // A failed read with nothing to show is settled until its error expires: readers raise the error
  // instead of refetching in a loop (errorExpiryLength is the retry delay).
  else if (invalid) expiryStatus = meta?.error !== undefined && now <= expiresAt ? ExpiryStatus.Valid : ExpiryStatus.Invalid
  else if (now > expiresAt) expiryStatus = endpoint.invalidIfStale ? ExpiryStatus.Invalid : ExpiryStatus.Stale
  else expiryStatus = ExpiryStatus.Valid
  return { data: data as T | undefined, expiryStatus, expiresAt, key }
}

const queryInputs = new Map<string, readonly unknown[]>()

function queryInput(key: string): readonly unknown[] {
  let input = queryInputs.get(key)
  if (input === undefined) queryInputs.set(key, (input = Object.freeze([])))
  return input
}

function entityExpiresAt(paths: readonly EntityPath[], metas: StoredEntitiesMeta): number {
  let expiresAt = Infinity
  for (const { key, pk } of paths) {
    const meta = readEntry(metas[key], pk) as { expiresAt: number } | undefined
    if (meta !== undefined && meta.expiresAt < expiresAt) expiresAt = meta.expiresAt
  }
  return expiresAt === Infinity ? 0 : expiresAt
}

const errors = new WeakMap<SerializedError, Error>()

/**
 * The error a reader should see for a key, as an `Error` (the same object while the stored error
 * is the same). Soft errors are hidden while there is data to show.
 */
export function selectError(state: State, key: string, hasData: boolean): Error | undefined {
  const meta = state.meta[key]
  const stored = meta?.error
  if (stored === undefined) return undefined
  if (meta!.errorPolicy === 'soft' && hasData) return undefined
  let error = errors.get(stored)
  if (error === undefined) {
    error = new Error(stored.message)
    error.name = stored.name
    if (stored.status !== undefined) (error as Error & { status?: number }).status = stored.status
    errors.set(stored, error)
  }
  return error
}
