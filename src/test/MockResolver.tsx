'use client'
import { useCallback, type ReactNode } from 'react'
import type { Controller } from '../store/Controller'
import type { Fixture, Interceptor } from './fixtureTypes'
import { interceptController } from './interceptController'
import { ProvideController } from './ProvideController'

/** Props of MockResolver. */
export interface MockResolverProps<T = any> {
  /** Fixtures (one argument set each) and interceptors (a key pattern each) to answer requests with. */
  readonly fixtures: readonly (Fixture | Interceptor<T>)[]
  /** No warning when a request matches no fixture (it then goes to the real endpoint). */
  readonly silenceMissing?: boolean
  /** The `this` of interceptors, made once per fixtures list (a fake server's state, say). */
  readonly getInitialInterceptorData?: () => T
  children?: ReactNode
}

/**
 * Answers the requests of the components below it from fixtures instead of the network, for
 * tests and storybooks: `<CacheProvider><MockResolver fixtures={…}><App /></MockResolver></CacheProvider>`.
 * Only the request is replaced; normalization, caching, expiry and errors are the provider's
 * store's own, and the cache is shared with the rest of the tree; `useController()` below it is
 * a Controller that answers from the fixtures (polls of reads below it too). Requests made
 * outside it (reads above it, `store.controller` itself) still go to the network. A new
 * `fixtures` array starts over (new interceptor data): keep it stable across renders.
 */
export function MockResolver<T = any>({ fixtures, silenceMissing = false, getInitialInterceptorData, children }: MockResolverProps<T>) {
  const intercept = useCallback(
    (controller: Controller) => interceptController(controller, fixtures, { silenceMissing, getInitialInterceptorData }),
    [fixtures, silenceMissing, getInitialInterceptorData],
  )
  return <ProvideController intercept={intercept}>{children}</ProvideController>
}
