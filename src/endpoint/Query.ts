import type { Denormalize, Schema } from '../schema/index'
import { stableStringify } from './stableKey'

/**
 * A computed read of the cache, never fetched: what `schema` finds there (every entity of a
 * `schema.All`, the list a `schema.Collection` holds for the arguments, the Entity the arguments
 * name), passed through `process(entries, ...args)`, as in data-client:
 * `new Query(TodoResource.getList.schema, (todos) => todos.filter((t) => !t.completed).length)`.
 * Read it with `useCache(query, ...args)`, `useQuery(query, ...args)` or
 * `controller.get(query, ...args, state)`. The result is undefined while the schema finds nothing
 * (no entity of an All's type, no such list or entity); `process` is then not called. It is the
 * same object while what it was computed from is unchanged, and a result equal item by item to
 * the previous one is that previous one, so readers do not re-render for nothing.
 */
export class Query<S extends Schema = Schema, P extends readonly any[] = any[], R = Denormalize<S>> {
  /** What the query reads: `schema.All`, a `schema.Collection`, or an Entity. */
  readonly schema: S
  /** Turns what the schema found into the result; gets the read's arguments. The identity by default. */
  readonly process: (entries: Denormalize<S>, ...args: P) => R
  /** Type carrier: what a read of the query gives (`Denormalize<Query>`); no value at run time. */
  declare readonly _denormalized: R

  constructor(schema: S, process?: (entries: Denormalize<S>, ...args: P) => R) {
    this.schema = schema
    this.process = process ?? (identity as unknown as (entries: Denormalize<S>, ...args: P) => R)
  }

  /** Names the query in keys and warnings, after what its schema reads (`QUERY Todo`, `QUERY COLLECT:Todo`). */
  get name(): string {
    const schema = this.schema as { key?: unknown; entityKeys?: unknown; name?: unknown }
    const read = [schema.key, schema.entityKeys, schema.name].find((name) => typeof name === 'string' && name !== '')
    return `QUERY ${read ?? 'schema'}`
  }

  /** The key of one argument set: the same arguments in any key order give the same key. */
  key(...args: QueryArgs<P>): string {
    return `${this.name} ${stableStringify(args)}`
  }
}

/**
 * The arguments a Query is read with: those its `process` takes after the entries; any, when it
 * takes the entries alone, since the schema may still read them (a query over a Collection is
 * read with the list's arguments: `useCache(queryRemainingTodos, { userId })`).
 */
export type QueryArgs<P extends readonly any[]> = P extends readonly [] ? any[] : P

/** The default process: the entries as the schema read them. */
function identity<T>(entries: T): T {
  return entries
}
