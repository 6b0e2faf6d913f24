import { stableStringify } from '../stableKey'
import { headersToObject } from './headers'
import type { RestEndpoint } from './RestEndpoint'

/** `{ get, getList }` → `{ useGet, useGetList }`, each hook returning the same kind of endpoint. */
export type HookifiedResource<R> = {
  [K in keyof R as R[K] extends RestEndpoint<any> ? `use${Capitalize<K & string>}` : never]: () => R[K]
}

const MAX_VARIANTS = 16

/**
 * Turns a resource into hooks: each calls `useInit()` (for example to read an auth token from
 * context) and returns the member with that init (headers, credentials) applied to its requests.
 * The same init gives the same endpoint object, and the cache keys are the member's own.
 */
export function hookifyResource<R extends object>(resource: R, useInit: () => RequestInit): HookifiedResource<R> {
  const hooks: Record<string, () => unknown> = {}
  for (const [name, member] of Object.entries(resource)) {
    if (typeof member !== 'function' || typeof (member as RestEndpoint).extend !== 'function') continue
    const endpoint = member as RestEndpoint<any>
    const variants = new Map<string, RestEndpoint<any>>()
    hooks[`use${name[0]!.toUpperCase()}${name.slice(1)}`] = function useResourceEndpoint() {
      const init = useInit()
      const id = stableStringify({ ...init, headers: headersToObject(init.headers) })
      let variant = variants.get(id)
      if (variant === undefined) {
        const base = endpoint.requestInit
        variant = endpoint.extend({
          requestInit: { ...base, ...init, headers: { ...headersToObject(base?.headers), ...headersToObject(init.headers) } },
        })
        // Tokens rotate: keep the few most recent variants, not every one ever seen.
        if (variants.size >= MAX_VARIANTS) variants.delete(variants.keys().next().value!)
        variants.set(id, variant)
      }
      return variant
    }
  }
  return hooks as HookifiedResource<R>
}
