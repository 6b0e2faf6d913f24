import { schemaKindOf } from '../schema/kinds'
import type { EndpointInterface } from '../endpoint/types'
import type { Query, ReadSchema } from '../endpoint/Query'
import { stableStringify } from '../endpoint/stableKey'
import { indexedPk, inferPk } from '../schema/inferResults'
import { NONE } from './state'

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
  // A Query (told by its reader, not by instanceof, so that apps without queries do not bundle
  // the class, nor the reader that comes with it): its processed result.
  if (typeof (schema as Query).readSchema === 'function') {
    const query = schema as Query
    return readEndpoint(query.name, (...args) => query.key(...args), query.readSchema(lookupSchema(query.schema.schema as object), NONE))
  }
  const name = `query ${(schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'schema'}`
  return readEndpoint(name, (...args) => `${name} ${stableStringify(args)}`, lookupSchema(schema))
}

function readEndpoint(name: string, key: (...args: unknown[]) => string, schema: object): EndpointInterface {
  const fn = Object.assign(async () => undefined, { key, schema })
  Object.defineProperty(fn, 'name', { value: name })
  return fn as unknown as EndpointInterface
}

/** The schema a lookup reads with: one that says what it reads (`queryInput`: `schema.All`, a Union) as it is; anything else by pk. */
function lookupSchema(schema: object): object {
  return 'queryInput' in schema ? schema : queryById(schema)
}

const identity = (input: unknown): unknown => input

/** Looks one entity up by the pk its arguments give (`{ id }`, or the pk itself). */
function queryById(entity: any): ReadSchema {
  return {
    // The read's input is the pk, so reads of one entity share it, and it holds nothing once the entity is gone.
    queryInput(args, entities) {
      const params = args[0]
      if (typeof params === 'string' || typeof params === 'number') return String(params)
      // A Collection fetched without arguments is the list for none (its pk says which); an
      // Entity may be named by a field of its `static indexes` instead of its pk.
      return (params === undefined && schemaKindOf(entity) === 'Collection') || (typeof params === 'object' && params !== null) ? inferPk(entity, args) ?? indexedPk(entity, args, entities!) : undefined
    },
    normalize: identity,
    denormalize: (input, delegate) => delegate.unvisit(entity, input),
  }
}
