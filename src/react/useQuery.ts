import type { Denormalize } from '../schema/index'
import { All } from '../schema/All'
import type { EndpointInterface } from '../endpoint/types'
import { stableStringify } from '../endpoint/stableKey'
import { useResponse } from './useResponse'

const queries = new WeakMap<object, EndpointInterface>()

/**
 * Reads a queryable schema straight from the cache, whatever endpoints filled it: `schema.All`
 * lists every entity of its type, an Entity with `{ id }` finds that record. Never fetches.
 */
export function useQuery<S extends object>(schema: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
  return useResponse('useQuery', queryEndpoint(schema), args).data as Denormalize<S> | undefined
}

/** A read-only endpoint whose stored result is computed from the entities (never fetched). */
function queryEndpoint(schema: object): EndpointInterface {
  let endpoint = queries.get(schema)
  if (endpoint !== undefined) return endpoint
  const name = `query ${(schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'schema'}`
  const fn = Object.assign(async () => undefined, {
    key: (...args: unknown[]) => `${name} ${stableStringify(args)}`,
    schema: schema instanceof All ? schema : new QueryById(schema),
  })
  Object.defineProperty(fn, 'name', { value: name })
  endpoint = fn as unknown as EndpointInterface
  queries.set(schema, endpoint)
  return endpoint
}

/** Looks one entity up by the pk its arguments give (`{ id }` or the Entity's own pk rule). */
class QueryById {
  readonly queryable = true
  constructor(private readonly entity: any) {}
  normalize(input: unknown): unknown {
    return input
  }
  denormalize(_input: unknown, delegate: { args: readonly unknown[]; unvisit(schema: unknown, input: unknown): unknown }): unknown {
    const params = delegate.args[0]
    if (params === undefined || params === null) return undefined
    const pk = typeof params === 'object' ? this.entity.pk(params, undefined, undefined, delegate.args) : params
    return pk === undefined ? undefined : delegate.unvisit(this.entity, String(pk))
  }
}
