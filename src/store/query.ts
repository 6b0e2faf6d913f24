import { INVALID } from '../schema/index'
import { schemaKindOf } from '../schema/kinds'
import type { EndpointInterface } from '../endpoint/types'
import { Query } from '../endpoint/Query'
import { stableStringify } from '../endpoint/stableKey'
import { inferPk } from '../schema/inferResults'

/**
 * A read-only endpoint whose result is computed from the entity tables (never fetched):
 * `schema.All` lists every entity of its type; an Entity (or a Collection) is looked up by the pk
 * its arguments give (`{ id }`, or the Entity's own pk rule); a `Query` reads its schema that way
 * and passes the result through its `process`. What `controller.get`, `useQuery` and
 * `useCache(query)` read.
 */
export function queryEndpoint(schema: object): EndpointInterface {
  if (schema instanceof Query) {
    return readEndpoint(schema.name, (...args) => schema.key(...args), new ProcessedQuery(schema, lookupSchema(schema.schema.schema as object)))
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
  return schemaKindOf(schema) === 'All' ? schema : new QueryById(schema)
}

/** Looks one entity up by the pk its arguments give (`{ id }`, or the pk itself). */
class QueryById {
  constructor(private readonly entity: any) {}
  /** The read's input is the pk, so reads of one entity share it, and it holds nothing once the entity is gone. */
  queryInput(args: readonly unknown[]): string | undefined {
    const params = args[0]
    if (typeof params === 'string' || typeof params === 'number') return String(params)
    // A Collection fetched without arguments is the list for none (its pk says which).
    if (params === undefined && schemaKindOf(this.entity) === 'Collection') return inferPk(this.entity, args)
    return typeof params === 'object' && params !== null ? inferPk(this.entity, args) : undefined
  }
  normalize(input: unknown): unknown {
    return input
  }
  denormalize(input: unknown, delegate: { unvisit(schema: unknown, input: unknown): unknown }): unknown {
    return delegate.unvisit(this.entity, input)
  }
}

/** One argument set of a Query: what its lookup reads. */
interface QueryInput {
  readonly lookup: unknown
}

/** How many argument sets of one Query keep their input (and so their memoized result) alive. */
const KEPT_INPUTS = 256
const WHOLE_TABLES: readonly unknown[] = Object.freeze([])

/**
 * A Query as a schema: reads its lookup, then runs `process` with the read's arguments. The
 * input is one object per argument set, kept while it is among the last KEPT_INPUTS used: the
 * memo cache files reads by input, so results for different arguments never mix, and a
 * re-read with the same arguments finds (and shares structure with) the last result.
 */
class ProcessedQuery {
  private readonly inputs = new Map<string, QueryInput>()
  private readonly readsTables: boolean

  constructor(
    private readonly query: Query<any, any, any>,
    private readonly lookup: object,
  ) {
    this.readsTables = schemaKindOf(lookup) === 'All'
  }

  queryInput(args: readonly unknown[]): QueryInput | undefined {
    const id = stableStringify(args)
    let input = this.inputs.get(id)
    if (input !== undefined) {
      // Most recently used last: the first entry is the one to let go of.
      this.inputs.delete(id)
      this.inputs.set(id, input)
      return input
    }
    const read = (this.lookup as { queryInput?: (args: readonly unknown[]) => unknown }).queryInput
    const lookup = typeof read === 'function' ? read.call(this.lookup, args) : WHOLE_TABLES
    if (lookup === undefined) return undefined
    this.inputs.set(id, (input = { lookup }))
    if (this.inputs.size > KEPT_INPUTS) this.inputs.delete(this.inputs.keys().next().value!)
    return input
  }

  normalize(input: unknown): unknown {
    return input
  }

  denormalize(input: QueryInput, delegate: { readonly args: readonly unknown[]; unvisit(schema: unknown, input: unknown): unknown }): unknown {
    const entries = delegate.unvisit(this.lookup, input.lookup)
    if (entries === undefined || entries === INVALID) return undefined
    // No entity of the type in the cache yet: nothing to compute from (data-client reads undefined too).
    if (this.readsTables && Array.isArray(entries) && entries.length === 0) return undefined
    return this.query.process(entries, ...delegate.args)
  }
}
