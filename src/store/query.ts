import { INVALID } from '../schema/index'
import { schemaKindOf } from '../schema/kinds'
import type { EndpointInterface } from '../endpoint/types'
import type { Query } from '../endpoint/Query'
import { stableStringify } from '../endpoint/stableKey'
import { inferPk } from '../schema/inferResults'
import { NONE } from './state'
import { isArray } from '../schema/isArray'

const queries = new WeakMap<object, EndpointInterface>()

/** The read-only endpoint behind `controller.get` and `useQuery` for a schema: one per schema, shared by every store. */
export function queryFor(schema: object): EndpointInterface {
  let endpoint = queries.get(schema)
  if (endpoint === undefined) queries.set(schema, (endpoint = queryEndpoint(schema)))
  return endpoint
}

/**
 * A read-only endpoint whose result is computed from the entity tables (never fetched):
 * `schema.All` lists every entity of its type; an Entity (or a Collection) is looked up by the pk
 * its arguments give (`{ id }`, or the Entity's own pk rule); a `Query` reads its schema that way
 * and passes the result through its `process`. What `controller.get`, `useQuery` and
 * `useCache(query)` read.
 */
function queryEndpoint(schema: object): EndpointInterface {
  // A Query (told by its key method and process, not by instanceof, so that apps without
  // queries do not bundle the class): its processed result.
  if (typeof (schema as Query).key === 'function' && typeof (schema as Query).process === 'function') {
    const query = schema as Query
    return readEndpoint(query.name, (...args) => query.key(...args), processedQuery(query, lookupSchema(query.schema.schema as object)))
  }
  const name = `query ${(schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'schema'}`
  return readEndpoint(name, (...args) => `${name} ${stableStringify(args)}`, lookupSchema(schema))
}

function readEndpoint(name: string, key: (...args: unknown[]) => string, schema: object): EndpointInterface {
  const fn = Object.assign(async () => undefined, { key, schema })
  Object.defineProperty(fn, 'name', { value: name })
  return fn as unknown as EndpointInterface
}

/** The schema a lookup reads with: `schema.All` reads whole tables as it is; anything else by pk. */
function lookupSchema(schema: object): object {
  return schemaKindOf(schema) === 'All' ? schema : queryById(schema)
}

/** A schema made for a read: its input comes from the arguments (`queryInput`), and it writes nothing. */
interface ReadSchema {
  queryInput(args: readonly unknown[]): unknown
  normalize(input: unknown): unknown
  denormalize(input: any, delegate: { readonly args: readonly unknown[]; unvisit(schema: unknown, input: unknown): unknown }): unknown
}

const identity = (input: unknown): unknown => input

/** Looks one entity up by the pk its arguments give (`{ id }`, or the pk itself). */
function queryById(entity: any): ReadSchema {
  return {
    // The read's input is the pk, so reads of one entity share it, and it holds nothing once the entity is gone.
    queryInput(args) {
      const params = args[0]
      if (typeof params === 'string' || typeof params === 'number') return String(params)
      // A Collection fetched without arguments is the list for none (its pk says which).
      return (params === undefined && schemaKindOf(entity) === 'Collection') || (typeof params === 'object' && params !== null) ? inferPk(entity, args) : undefined
    },
    normalize: identity,
    denormalize: (input, delegate) => delegate.unvisit(entity, input),
  }
}

/** One argument set of a Query: what its lookup reads. */
interface QueryInput {
  readonly lookup: unknown
}

/** How many argument sets of one Query keep their input (and so their memoized result) alive. */
const KEPT_INPUTS = 256

/**
 * A Query as a schema: reads its lookup, then runs `process` with the read's arguments. The
 * input is one object per argument set, kept while it is among the last KEPT_INPUTS used: the
 * memo cache files reads by input, so results for different arguments never mix, and a
 * re-read with the same arguments finds (and shares structure with) the last result.
 */
function processedQuery(query: Query<any, any, any>, lookup: object): ReadSchema {
  const inputs = new Map<string, QueryInput>()
  const readsTables = schemaKindOf(lookup) === 'All'
  return {
    queryInput(args) {
      const id = stableStringify(args)
      let input = inputs.get(id)
      if (input !== undefined) {
        // Most recently used last: the first entry is the one to let go of.
        inputs.delete(id)
      } else {
        const read = (lookup as Partial<ReadSchema>).queryInput
        const found = typeof read === 'function' ? read.call(lookup, args) : NONE
        if (found === undefined) return undefined
        input = { lookup: found }
        if (inputs.size >= KEPT_INPUTS) inputs.delete(inputs.keys().next().value!)
      }
      inputs.set(id, input)
      return input
    },
    normalize: identity,
    denormalize(input: QueryInput, delegate) {
      const entries = delegate.unvisit(lookup, input.lookup)
      if (entries === undefined || entries === INVALID) return undefined
      // No entity of the type in the cache yet: nothing to compute from (data-client reads undefined too).
      if (readsTables && isArray(entries) && entries.length === 0) return undefined
      return query.process(entries, ...delegate.args)
    },
  }
}
