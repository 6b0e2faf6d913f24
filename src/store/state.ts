import { createTable, hydrateTable, readEntry, type RecordTable } from '../schema/table'
import type { StoredEntities, StoredEntitiesMeta } from '../schema/index'

/** A failure as plain data: what a reader needs to explain it, nothing that cannot be serialized. */
export interface SerializedError {
  readonly name: string
  readonly message: string
  readonly status?: number
}

/** Freshness and error state of one endpoint key. */
export interface ResponseMeta {
  /** When the latest response (or error) arrived. */
  readonly date?: number
  /** When the request behind the stored data started; a response started earlier never wins. */
  readonly fetchedAt?: number
  /** When the stored data (or error) stops being fresh. */
  readonly expiresAt?: number
  readonly error?: SerializedError
  readonly errorPolicy?: 'hard' | 'soft'
  /** Set by invalidate: the next read is Invalid even though the data is kept. */
  readonly invalidated?: boolean
  /** When the key was invalidated: only a request started after this makes it valid again. */
  readonly invalidatedAt?: number
  /** A request for this key is in flight. */
  readonly pending?: boolean
}

/**
 * A mutation that has not answered yet: the call, not its result. Reads apply every layer, in
 * order, to the current state through the same write path a response takes, so a layer is
 * always recomputed against the newest data and vanishes without a trace when it settles.
 */
export interface OptimisticLayer {
  readonly key: string
  readonly args: readonly unknown[]
  readonly fetchedAt: number
}

/** The whole cache. Plain JSON: it can be logged, sent to devtools, saved and replayed. */
export interface State {
  readonly entities: StoredEntities
  readonly entitiesMeta: StoredEntitiesMeta
  /**
   * Normalized results by endpoint key, flat while small and sharded once large (like entity
   * tables), so one write copies O(1) nodes. Read with `readEntry(state.endpoints, key)`.
   */
  readonly endpoints: RecordTable
  /** Freshness and errors by endpoint key; same layout as `endpoints`. */
  readonly meta: RecordTable<ResponseMeta>
  readonly optimistic: readonly OptimisticLayer[]
  /** Time of the last reset; responses to requests started before it are dropped. */
  readonly lastReset: number
}

/** One frozen empty list, shared: the input of whole-table reads, a view's (applied) layers. */
export const NONE: readonly never[] = Object.freeze([])

/** An empty cache. Every table is null-prototype, so server strings are safe keys. */
export function createInitialState(lastReset = 0): State {
  return {
    entities: createTable(),
    entitiesMeta: createTable(),
    endpoints: createTable(),
    meta: createTable(),
    optimistic: [],
    lastReset,
  }
}

/** The stored (normalized) result of an endpoint key. */
export function selectResult(state: State, key: string): unknown {
  return readEntry(state.endpoints, key)
}

/** The freshness and error state of an endpoint key. */
export function selectMeta(state: State, key: string): ResponseMeta | undefined {
  return readEntry(state.meta, key) as ResponseMeta | undefined
}

/**
 * Takes a state that went through JSON (a saved snapshot, a devtools jump) and gives its tables
 * null prototypes again, so a pk like "__proto__" stays data when the reducer writes it.
 */
export function hydrateState(input: Partial<State>): State {
  return {
    entities: tables(input.entities),
    entitiesMeta: tables(input.entitiesMeta),
    endpoints: hydrateTable(input.endpoints),
    meta: hydrateTable<ResponseMeta>(input.meta),
    optimistic: (input.optimistic ?? []).map((layer) => ({ key: layer.key, args: layer.args ?? [], fetchedAt: layer.fetchedAt })),
    lastReset: input.lastReset ?? 0,
  }
}

/** Entity tables, flat or sharded, with null-prototype nodes. */
function tables(input: object | undefined): any {
  const out = createTable<unknown>()
  if (input) for (const key of Object.keys(input)) out[key] = hydrateTable((input as Record<string, unknown>)[key])
  return out
}
