'use client'
import type { Denormalize } from '../schema/index'
import { useDataContext } from './context'
import { useResponse } from './useResponse'

/**
 * Reads a queryable schema straight from the cache, whatever endpoints filled it: `schema.All`
 * lists every entity of its type, an Entity with `{ id }` finds that record, a `Query` gives its
 * processed result (undefined while its schema finds nothing). Never fetches.
 */
export function useQuery<S extends object>(schema: S, ...args: readonly unknown[]): Denormalize<S> | undefined {
  const context = useDataContext('useQuery')
  return useResponse(context, context.controller.queryFor(schema), args).data as Denormalize<S> | undefined
}
