import { SchemaError } from './SchemaError'
import { NormalizeRun } from './NormalizeRun'
import type { EntitiesMetaTable, EntityTable, EntityMeta, IndexTable, Normalize, StoredEntities, StoredEntitiesMeta } from './types'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** What normalize reads from: the records already in the cache. Every table is optional. */
export interface NormalizeStore {
  readonly entities?: StoredEntities
  readonly indexes?: IndexTable
  readonly entitiesMeta?: StoredEntitiesMeta
  /** `entitiesMeta` under data-client 0.11-0.17's name (read when `entitiesMeta` is absent). */
  readonly entityMeta?: StoredEntitiesMeta
}

/**
 * The outcome of normalizing one response. `entities` holds only the records this response adds
 * or changes (merged with the stored versions), so writing it costs what the response contains,
 * not what the cache contains. A `null` record is a deletion (`schema.Invalidate`).
 */
export interface NormalizedResult<R = unknown> {
  result: R
  entities: EntityTable
  /** Lookups by a declared index (`static indexes`). Empty from `normalizeChanges`: the store keeps none. */
  indexes: IndexTable
  entitiesMeta: EntitiesMetaTable
  /**
   * From `normalize` only: `entitiesMeta` under data-client 0.11-0.17's name, not enumerable (so
   * `const { entityMeta } = normalize(...)` works and `toEqual` sees 0.18's shape).
   */
  readonly entityMeta?: EntitiesMetaTable
  /**
   * From `normalizeChanges` only: the pks of each table of `entities`, each once, in the order
   * they were first written, so a consumer walks them without `Object.keys` over a table of 10k
   * fresh keys. Not the order `Object.keys` gives (that one lists integer-like pks first).
   */
  pks?: { readonly [key: string]: readonly string[] }
}

/** No stored records: what a first response is normalized against. */
export const EMPTY: NormalizeStore = {}

/** Extra switches of `normalize`. */
export interface NormalizeOptions {
  /** The input is an optimistic guess: entities without a pk (a create) get a placeholder pk. */
  optimistic?: boolean
  /**
   * Filled with every schema that writes a record, by entity key (a summary and its detail class
   * share one): how a store learns what its records point at without reading the endpoints.
   */
  schemas?: Map<string, Set<unknown>>
  /**
   * With `optimistic`: the records this guess made when its mutation started. A field that a
   * response started after the mutation wrote shows the value here, not the guess made again over
   * that response (which may already count the mutation: a like's `count + 1` would count it twice).
   */
  fixed?: EntityTable
}

/**
 * Normalizes `input` against `store` and returns only the records it adds or changes, so writing
 * them costs what the response holds, not what the cache holds: the store's receive path.
 * @throws {SchemaError} when the input does not fit the schema; nothing is returned then.
 */
export function normalizeChanges<S = unknown, R = Normalize<S>>(
  schema: S | undefined,
  input: unknown,
  args: readonly unknown[] = [],
  store: NormalizeStore = EMPTY,
  meta?: EntityMeta,
  options: NormalizeOptions = {},
): NormalizedResult<R> {
  // For the store: `pks` listed (see NormalizedResult), no indexes built (it keeps none).
  const run = new NormalizeRun(args, store, meta ?? defaultMeta(), options, true)
  const normalized = runNormalize<R>(run, schema, input)
  normalized.pks = run.pks
  return normalized
}

/**
 * Runs one pass over the whole input (`normalize` brings its own run, which also builds indexes).
 * @throws {SchemaError} when the input does not fit the schema, or is nested deeper than the stack allows.
 */
export function runNormalize<R>(run: NormalizeRun, schema: unknown, input: unknown): NormalizedResult<R> {
  let result: unknown
  try {
    result = schema == null ? input : run.visitRoot(schema, input)
  } catch (error) {
    // Data nested deeper than the stack allows is refused as bad input, before anything is
    // written (normalize is pure): never a bare RangeError, never data that cannot be read back.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? 'The response is nested too deeply to normalize (deeper than the JavaScript stack allows, thousands of levels); nothing was written'
          : 'Tessera E102',
      )
    }
    throw error
  }
  return { result: result as R, entities: run.entities, indexes: run.indexes, entitiesMeta: run.entitiesMeta }
}

/**
 * "Never expires", as a number that survives JSON (Infinity becomes null there): the largest
 * time a Date can hold, about the year 275760.
 */
export const NEVER = 8.64e15

// A response of unknown age: received now, but fetched at 0, so any dated response beats it.
export function defaultMeta(): EntityMeta {
  return { date: Date.now(), fetchedAt: 0, expiresAt: NEVER }
}
