import { schemaKindOf } from '../schema/kinds'
import type { EndpointInterface } from '../endpoint/types'
import { stableStringify } from '../endpoint/stableKey'
import { inferPk } from './selectors'

/**
 * A read-only endpoint whose result is computed from the entity tables (never fetched):
 * `schema.All` lists every entity of its type; an Entity is looked up by the pk its arguments
 * give (`{ id }`, or the Entity's own pk rule). What `controller.get` and `useQuery` read.
 */
export function queryEndpoint(schema: object): EndpointInterface {
  const name = `query ${(schema as { key?: string }).key ?? (schema as { name?: string }).name ?? 'schema'}`
  const fn = Object.assign(async () => undefined, {
    key: (...args: unknown[]) => `${name} ${stableStringify(args)}`,
    schema: schemaKindOf(schema) === 'All' ? schema : new QueryById(schema),
  })
  Object.defineProperty(fn, 'name', { value: name })
  return fn as unknown as EndpointInterface
}

/** Looks one entity up by the pk its arguments give (`{ id }`, or the pk itself). */
class QueryById {
  constructor(private readonly entity: any) {}
  /** The read's input is the pk, so reads of one entity share it, and it holds nothing once the entity is gone. */
  queryInput(args: readonly unknown[]): string | undefined {
    const params = args[0]
    if (typeof params === 'string' || typeof params === 'number') return String(params)
    return typeof params === 'object' && params !== null ? inferPk(this.entity, args) : undefined
  }
  normalize(input: unknown): unknown {
    return input
  }
  denormalize(input: unknown, delegate: { unvisit(schema: unknown, input: unknown): unknown }): unknown {
    return delegate.unvisit(this.entity, input)
  }
}
