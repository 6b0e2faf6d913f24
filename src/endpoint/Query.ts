import { INVALID, isEntity } from '../schema/index'
import { isObject, schemaKindOf } from '../schema/kinds'
import { inferPk } from '../schema/inferResults'
import { isArray } from '../schema/isArray'
import type { DenormalizeDelegate, Denormalize, Schema, StoredEntities } from '../schema/index'
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
  /**
   * The query as a schema, as in data-client 0.10: `denormalize` and `inferResults` with it give
   * the processed result. What the query reads (`schema.All`, a `schema.Collection`, an Entity)
   * is its `schema` member: `query.schema.schema`.
   */
  declare readonly schema: QuerySchema<S, R>
  /** Turns what the schema found into the result; gets the read's arguments. The identity by default. */
  declare readonly process: (entries: Denormalize<S>, ...args: P) => R
  /** Type carrier: what a read of the query gives (`Denormalize<Query>`); no value at run time. */
  declare readonly _denormalized: R

  constructor(schema: S, process?: (entries: Denormalize<S>, ...args: P) => R) {
    this.process = process ?? (identity as unknown as (entries: Denormalize<S>, ...args: P) => R)
    this.schema = new QuerySchema<S, R>(schema, this.process as (entries: Denormalize<S>, ...args: readonly any[]) => R)
  }

  /** Names the query in keys and warnings, after what its schema reads (`QUERY Todo`, `QUERY COLLECT:Todo`). */
  get name(): string {
    const schema = this.schema.schema as { key?: unknown; entityKeys?: unknown; name?: unknown }
    const read = [schema.key, schema.entityKeys, schema.name].find((name) => typeof name === 'string' && name)
    return `QUERY ${read ?? 'schema'}`
  }

  /**
   * As an endpoint's schema (`getList.extend({ schema: query })`, data-client 0.15+): the response
   * is stored through the schema the query reads, so its entities are shared as any response's.
   */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: { visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown }): unknown {
    return delegate.visit(this.schema.schema, input, parent, key)
  }

  /** As an endpoint's schema: the stored response read back, then `process` with the call's arguments. */
  denormalize(input: unknown, delegate: DenormalizeDelegate): R | undefined {
    return this.schema.denormalize(input, delegate)
  }

  /** The key of one argument set: the same arguments in any key order give the same key. */
  key(...args: QueryArgs<P>): string {
    return `${this.name} ${stableStringify(args)}`
  }

  /**
   * How the store reads this query (the endpoint `controller.queryFor(query)` makes; not for
   * apps): `lookup` finds the entries for the read's arguments (the store passes the query's
   * schema, made to look entities up by their arguments), then `process` runs on them with those
   * arguments. `none` is the store's input for a lookup that reads whole tables (schema.All).
   * Each argument set has one input object, kept while it is among the last KEPT_INPUTS used:
   * the memo cache files reads by input, so results for different arguments never mix, and a
   * re-read with the same arguments finds (and shares structure with) the last result. On the
   * class, so that apps without queries do not bundle it.
   */
  readSchema(lookup: object, none: unknown): ReadSchema {
    const read = this.schema.schema
    // An object of Entities (data-client 0.14.6): each looked up by the pk the same arguments give.
    // (A schema of its own making, with `denormalize`, is read as it is.)
    if (isObject(read) && !isArray(read) && !isEntity(read) && schemaKindOf(read) === undefined && typeof (read as { denormalize?: unknown }).denormalize !== 'function') {
      lookup = joinOf(read as Record<string, unknown>, none)
    }
    const inputs = new Map<string, QueryInput>()
    const readsTables = schemaKindOf(lookup) === 'All'
    return {
      queryInput(args, entities) {
        const id = stableStringify(args)
        let input = inputs.get(id)
        if (input !== undefined) {
          // Most recently used last: the first entry is the one to let go of.
          inputs.delete(id)
        } else {
          const read = (lookup as Partial<ReadSchema>).queryInput
          const found = typeof read === 'function' ? read.call(lookup, args, entities) : none
          if (found === undefined) return undefined
          input = { lookup: found }
          if (inputs.size >= KEPT_INPUTS) inputs.delete(inputs.keys().next().value!)
        }
        inputs.set(id, input)
        return input
      },
      normalize: identity,
      denormalize: (input: QueryInput, delegate) => {
        const entries = delegate.unvisit(lookup, input.lookup)
        if (entries === undefined || entries === INVALID) return undefined
        // No entity of the type in the cache yet: nothing to compute from (data-client reads undefined too).
        if (readsTables && isArray(entries) && entries.length === 0) return undefined
        return this.process(entries as Denormalize<S>, ...(delegate.args as unknown as P))
      },
    }
  }
}

/**
 * The lookup of a Query over an object of Entities (`{ ticker: Ticker, stats: Stats }`): each
 * member is the record the read's arguments name (a pk, or parameters its `pk()` reads), or
 * undefined when it is not cached; a `schema.All` member is every record of its type. Nothing at
 * all is found only when no member names anything.
 */
function joinOf(members: Record<string, unknown>, none: unknown): ReadSchema {
  const names = Object.keys(members)
  return {
    queryInput(args) {
      const params = args[0]
      const out: Record<string, unknown> = {}
      let found = false
      for (const name of names) {
        const member = members[name]
        const pk = schemaKindOf(member) === 'All' ? none
          : typeof params === 'string' || typeof params === 'number' ? String(params)
          : isEntity(member) && isObject(params) ? inferPk(member, args)
          : undefined
        if (pk !== undefined) out[name] = pk
        found ||= pk !== undefined
      }
      return found ? out : undefined
    },
    normalize: identity,
    denormalize(input: Record<string, unknown>, delegate) {
      const out: Record<string, unknown> = {}
      for (const name of names) {
        const value = input[name] === undefined ? undefined : delegate.unvisit(members[name], input[name])
        out[name] = value === INVALID ? undefined : value
      }
      return out
    },
  }
}

/** A schema made for a read: its input comes from the arguments (`queryInput`), and it writes nothing. */
export interface ReadSchema {
  /** The read's input from its arguments; `entities` (the store's tables) for lookups by an indexed field. */
  queryInput(args: readonly unknown[], entities?: StoredEntities): unknown
  normalize(input: unknown): unknown
  denormalize(input: any, delegate: { readonly args: readonly unknown[]; unvisit(schema: unknown, input: unknown): unknown }): unknown
}

/** One argument set of a Query: what its lookup reads. */
interface QueryInput {
  readonly lookup: unknown
}

/** How many argument sets of one Query keep their input (and so their memoized result) alive. */
const KEPT_INPUTS = 256

/**
 * The arguments a Query is read with: those its `process` takes after the entries; any, when it
 * takes the entries alone, since the schema may still read them (a query over a Collection is
 * read with the list's arguments: `useCache(queryRemainingTodos, { userId })`).
 */
export type QueryArgs<P extends readonly any[]> = P extends readonly [] ? any[] : P

/**
 * A Query's `schema`: reads `schema` as it is, then applies `process` with the read's arguments
 * (undefined, without calling `process`, when nothing was found). Its inferred input is the
 * schema's own, so `denormalize(inferResults(query.schema, args, indexes, entities),
 * query.schema, entities, args)` gives what `useQuery(query, ...args)` does.
 */
export class QuerySchema<S extends Schema = Schema, R = Denormalize<S>> {
  /** Type carrier: what a read gives; no value at run time. */
  declare readonly _denormalized: R

  constructor(
    /** What the query reads. */
    readonly schema: S,
    private readonly process: (entries: Denormalize<S>, ...args: readonly any[]) => R,
  ) {}

  /** A query is read, never written: the input is kept as it is. */
  normalize(input: unknown): unknown {
    return input
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): R | undefined {
    const value = delegate.unvisit(this.schema, input)
    return value === undefined || value === INVALID ? undefined : this.process(value as Denormalize<S>, ...delegate.args)
  }

  /** data-client's `infer`: what the wrapped schema infers. */
  infer(args: readonly unknown[], indexes: unknown, recurse: (schema: unknown, args: readonly unknown[], indexes: unknown, entities: unknown) => unknown, entities: unknown): unknown {
    return recurse(this.schema, args, indexes, entities)
  }
}

/** The default process: the entries as the schema read them. */
function identity<T>(entries: T): T {
  return entries
}
