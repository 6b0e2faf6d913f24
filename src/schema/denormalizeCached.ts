import { MemoCache, type MemoResult } from './MemoCache'
import type { DenormalizeNullable, StoredEntities } from './types'

/** One MemoCache per cache object a caller passes: what makes its reads share identity. */
const caches = new WeakMap<object, MemoCache>()

/**
 * data-client 0.10's memoized denormalize, `(input, schema, entities, entityCache?, resultCache?,
 * args?)`, for code written against `@data-client/normalizr` 0.10. Reads through the same
 * `entityCache` object share one `MemoCache`, so unchanged entities and lists keep their
 * identity across calls, as with data-client's caches; `resultCache` (data-client's
 * `WeakEntityMap`) is accepted for the call shape and not needed. New code uses
 * `new MemoCache().denormalize(schema, input, entities, args)`.
 * @returns `{ data, paths }`: the data (INVALID when a required entity was deleted) and the
 * entity records it was built from.
 */
export function denormalizeCached<S>(
  input: unknown,
  schema: S | undefined,
  entities: StoredEntities,
  entityCache: object = {},
  _resultCache?: unknown,
  args: readonly unknown[] = [],
): MemoResult<DenormalizeNullable<S>> {
  if (schema == null || input === undefined) return { data: input as DenormalizeNullable<S>, paths: [] }
  let memo = caches.get(entityCache)
  if (memo === undefined) caches.set(entityCache, (memo = new MemoCache()))
  return memo.denormalize(schema, input, entities, args)
}
