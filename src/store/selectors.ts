import { INVALID, MemoCache, emptyShape, isEntity, type StoredEntities, type StoredEntitiesMeta, type EntityPath } from '../schema/index'
import { indexedPk, inferPk } from '../schema/inferResults'
import { readEntry } from '../schema/table'
import type { EndpointInterface } from '../endpoint/types'
import { NetworkError } from '../endpoint/rest/NetworkError'
import { selectMeta, selectResult, type SerializedError, type State } from './state'

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

/**
 * Reads an endpoint from the cache: denormalized data plus its expiry status at `now`.
 * `null` as the first argument means "not now": Valid, nothing to fetch, and no data (an object
 * schema's empty shape, as data-client gives it). `state` is read
 * as it is: pass the optimistic view (`controller.getResponse` does) to see pending mutations.
 */
export function selectResponse<T = unknown>(
  state: State,
  endpoint: Pick<EndpointInterface, 'key' | 'schema' | 'invalidIfStale'>,
  args: readonly unknown[],
  now: number,
  memo: MemoCache,
  /** The endpoint's key for `args`, when the caller has it already. */
  key?: string,
): ResponseInfo<T> {
  // Skipped, as in data-client: an object schema still reads as its shape (nested lists and entities undefined).
  if (args[0] === null) return { data: emptyShape(endpoint.schema) as T | undefined, expiryStatus: ExpiryStatus.Valid, expiresAt: Infinity, key: '' }
  key ??= (endpoint.key as (...a: readonly unknown[]) => string)(...args)
  const meta = selectMeta(state, key)
  const schema = endpoint.schema
  let input = selectInput(state, endpoint, key, args)
  let data: unknown = input
  let invalid = meta === undefined || meta.fetchedAt === undefined
  let paths: EntityPath[] | undefined
  if (schema !== undefined && schema !== null) {
    if (input !== undefined) {
      const read = memo.denormalize(schema, input, state.entities, args)
      data = read.data
      if (data === INVALID || data === undefined) {
        data = undefined
        invalid = true
      } else if (meta?.expiresAt === undefined) {
        // Never fetched under this key (schema.All): the data is as usable as the entities it was
        // built from, and with no entity at all there is nothing to show yet: undefined, as in
        // data-client, not an empty list that looks like an answer.
        paths = read.paths
        if (invalid &&= paths.length === 0) data = undefined
      }
    }
  }
  if (data === undefined) {
    invalid = true
    // Nothing to show: an object schema still reads as its shape, defaults filled in.
    data = emptyShape(schema)
  }
  // Without an endpoint meta (data reached through other endpoints), the entities' own expiry counts.
  const expiresAt = meta?.expiresAt ?? (paths ? entityExpiresAt(paths, state.entitiesMeta) : 0)
  let expiryStatus: ExpiryStatus
  if (meta?.invalidated) expiryStatus = ExpiryStatus.Invalid
  // A failed read with nothing to show is settled until its error expires: readers raise the error
  // instead of refetching in a loop (errorExpiryLength is the retry delay).
  else if (invalid) expiryStatus = meta?.error !== undefined && now <= expiresAt ? ExpiryStatus.Valid : ExpiryStatus.Invalid
  else if (now > expiresAt) expiryStatus = endpoint.invalidIfStale ? ExpiryStatus.Invalid : ExpiryStatus.Stale
  else expiryStatus = ExpiryStatus.Valid
  return { data: data as T | undefined, expiryStatus, expiresAt, key }
}

/**
 * What a read denormalizes: the key's stored result; for queryable schemas (schema.All, lookups
 * by id), which read the tables and have data before their own endpoint was fetched, what their
 * `queryInput(args)` gives (a shared empty input for All); for an entity schema, the pk its arguments
 * name, so an entity another endpoint already brought (a list row) answers the read when it
 * passes validation (a summary does not answer a detail read), with the entity's expiry. A Union
 * looks up the member its arguments name through its own `queryInput`.
 */
export function selectInput(
  state: State,
  endpoint: Pick<EndpointInterface, 'schema'>,
  key: string,
  args: readonly unknown[],
): unknown {
  const input = selectResult(state, key)
  const schema = endpoint.schema
  if (input !== undefined || schema === undefined || schema === null) return input
  // schema.All (whole tables, one shared input) and Union (the member its arguments name) say what they read.
  const query = (schema as { queryInput?: (args: readonly unknown[], entities: StoredEntities) => unknown }).queryInput
  if (typeof query === 'function') return query.call(schema, args, state.entities)
  if (typeof args[0] !== 'object' || args[0] === null) return undefined
  return isEntity(schema) ? inferPk(schema, args) ?? indexedPk(schema, args, state.entities) : undefined
}

function entityExpiresAt(paths: readonly EntityPath[], metas: StoredEntitiesMeta): number {
  let expiresAt = Infinity
  for (const { key, pk } of paths) {
    const meta = readEntry(metas[key], pk) as { expiresAt: number } | undefined
    if (meta !== undefined && meta.expiresAt < expiresAt) expiresAt = meta.expiresAt
  }
  return expiresAt === Infinity ? 0 : expiresAt
}

/**
 * The entity records a read is built from (what the GC keeps for a mounted reader, and what an
 * optimistic guess depends on); empty when there is nothing to read.
 */
export function selectPaths(state: State, endpoint: Pick<EndpointInterface, 'schema'>, key: string, args: readonly unknown[], memo: MemoCache): readonly EntityPath[] {
  const input = selectInput(state, endpoint, key, args)
  return input === undefined ? [] : memo.denormalize(endpoint.schema, input, state.entities, args).paths
}

// The error a stored copy stands for: the very one the request failed with in this session, or
// one rebuilt from the copy (after a replay or hydration), the same object while the copy is.
const errors = new WeakMap<SerializedError, Error>()

/** Remembers the error a serialized copy was made from, so readers get that very error back. */
export function keepError(serialized: SerializedError, error: Error): void {
  errors.set(serialized, error)
}

/**
 * The error to show for a key: soft ones (a 5xx while data is cached) are hidden unless `soft`
 * asks for them (the last error, whatever it was). Undefined for '' (skipped reads).
 */
export function selectErrorOf(state: State, key: string, soft: boolean): Error | undefined {
  return key === '' ? undefined : selectError(state, key, !soft && selectResult(state, key) !== undefined)
}

/**
 * The error a reader should see for a key, rebuilt from the stored copy (the same object while
 * the stored error is the same): a `NetworkError` keeps its class and `status`. Soft errors are
 * hidden while there is data to show.
 */
export function selectError(state: State, key: string, hasData: boolean): Error | undefined {
  const meta = selectMeta(state, key)
  const stored = meta?.error
  if (stored === undefined) return undefined
  if (meta!.errorPolicy === 'soft' && hasData) return undefined
  let error = errors.get(stored)
  if (error === undefined) errors.set(stored, (error = rebuildError(stored)))
  return error
}

function rebuildError(stored: SerializedError): Error {
  const status = stored.status
  let error: Error
  // Response only takes statuses 200-599; a NetworkError always has one of those.
  if (stored.name === 'NetworkError' && typeof Response === 'function' && status !== undefined && status >= 200 && status <= 599) {
    error = new NetworkError(new Response(null, { status }), 'GET')
    error.message = stored.message
  } else {
    error = new Error(stored.message)
    error.name = stored.name
    if (status !== undefined) (error as Error & { status?: number }).status = status
  }
  return error
}
