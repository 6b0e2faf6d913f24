import { All } from '../schema/All'
import type { EndpointInterface } from '../endpoint/types'
import { stableStringify } from '../endpoint/stableKey'

/**
 * A read-only endpoint whose result is computed from the entity tables (never fetched):
 * `schema.All` lists every entity of its type; an Entity is looked up by the pk its arguments
 * give (`{ id }`, or the Entity's own pk rule). What `controller.get` and `useQuery` read.
 */
export function queryEndpoint(schema: object): EndpointInterface {
  const name = `query ${(schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'schema'}`
  const fn = Object.assign(async () => undefined, {
    key: (...args: unknown[]) => `${name} ${stableStringify(args)}`,
    schema: schema instanceof All ? schema : new QueryById(schema),
  })
  Object.defineProperty(fn, 'name', { value: name })
  return fn as unknown as EndpointInterface
}

/** Looks one entity up by the pk its arguments give. */
class QueryById {
  readonly queryable = true
  constructor(private readonly entity: any) {}
  normalize(input: unknown): unknown {
    return input
  }
  denormalize(_input: unknown, delegate: { args: readonly unknown[]; unvisit(schema: unknown, input: unknown): unknown }): unknown {
    const params = delegate.args[0]
    if (params === undefined || params === null) return undefined
    const pk = typeof params === 'object' ? this.entity.pk({ ...params }, undefined, undefined, delegate.args) : params
    return pk === undefined || pk === null ? undefined : delegate.unvisit(this.entity, String(pk))
  }
}
