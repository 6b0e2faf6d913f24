/**
 * Thrown by a `getOptimisticResponse` that has nothing sensible to guess (the entity is not in
 * the cache): the mutation runs without an optimistic layer, and nothing is logged.
 * `snapshot.abort` is an instance, so `throw snapshot.abort` works without an import.
 */
export class AbortOptimistic extends Error {
  override name = 'AbortOptimistic'
}
