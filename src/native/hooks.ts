'use client'
// The read hooks of the React Native build: the web hooks, following the screen they render in.
// Each is the web hook between `useScreenHold` and `useScreenFocus` (see screenFocus.ts).
import type { EndpointInterface } from '../endpoint/types'
import { useCache as webUseCache } from '../react/useCache'
import { useDLE as webUseDLE } from '../react/useDLE'
import { useFetch as webUseFetch } from '../react/useFetch'
import { useSubscription as webUseSubscription } from '../react/useSubscription'
import { useSuspense as webUseSuspense } from '../react/useSuspense'
import { CACHED, READ, SUBSCRIPTION, useScreenFocus, useScreenHold, type Hold } from './screenFocus'

type Hook = (endpoint: any, ...args: any[]) => any

/** `hook`, holding its argument set only while its screen is focused, and refetching on focus. */
function following<H extends Hook>(hook: H, hold: Hold): H {
  return ((endpoint: EndpointInterface, ...args: unknown[]) => {
    const screen = useScreenHold(hold, endpoint, args)
    const result = hook(endpoint, ...args)
    useScreenFocus(screen)
    return result
  }) as H
}

/**
 * useSuspense, following React Navigation's focus when the app has it: a screen that comes back
 * into view refetches its stale reads; while out of view its reads are not polled, and neither
 * the app's return to the foreground nor a reconnect refetches them.
 */
export const useSuspense: typeof webUseSuspense = following(webUseSuspense, READ)

/** useDLE, following React Navigation's focus (see useSuspense). */
export const useDLE: typeof webUseDLE = following(webUseDLE, READ)

/** useFetch, following React Navigation's focus (see useSuspense). */
export const useFetch: typeof webUseFetch = following(webUseFetch, READ)

/** useCache, following React Navigation's focus: out of view it is not revalidated (it never fetches itself). */
export const useCache: typeof webUseCache = following(webUseCache, CACHED)

/** useSubscription, following React Navigation's focus: a screen out of view is not polled or streamed to. */
export const useSubscription: typeof webUseSubscription = following(webUseSubscription, SUBSCRIPTION)

/** useLive (useSuspense and useSubscription), following React Navigation's focus (see both). */
export const useLive: typeof webUseSuspense = ((endpoint: EndpointInterface, ...args: unknown[]) => {
  const data = (useSuspense as Hook)(endpoint, ...args)
  ;(useSubscription as Hook)(endpoint, ...args)
  return data
}) as typeof webUseSuspense
