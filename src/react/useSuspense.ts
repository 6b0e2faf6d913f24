'use client'
import * as React from 'react'
import { useContext, useEffect, useRef } from 'react'
import type { EndpointInterface, ResolveType } from '../endpoint/types'
import type { DenormalizeNullable, EntityClassLike } from '../schema/index'
import type { ObjectSchema } from '../schema/ObjectSchema'
import { ExpiryStatus } from '../store/index'
import { useResponse } from './useResponse'
import { RevealContext, RevealGenerationContext, useDataContext } from './context'

/**
 * Reads an endpoint's data, suspending until it is available. Invalid data (missing, deleted,
 * invalidated) suspends and fetches; Stale data is returned and refetched in the background;
 * Valid data fetches nothing. Hard errors are thrown to the nearest error boundary; soft errors
 * keep the last data on screen. `null` as the first argument skips the read: nothing is fetched,
 * and the result is undefined, or for an object schema its empty shape (members at their
 * defaults, nested lists and entities undefined: `{ user: { pinnedItems: { nodes: undefined } } }`),
 * as in data-client, so a conditional read can be destructured without a check.
 * Returns the same object for an entity until that entity changes.
 * @throws {Promise} while the first fetch is in flight.
 */
export function useSuspense<E extends ReadEndpoint>(endpoint: E, ...args: readonly [...Parameters<E>]): ResolveType<E>
export function useSuspense<E extends ReadEndpoint>(endpoint: E, ...args: readonly [null]): SkippedRead<E['schema']>
export function useSuspense<E extends ReadEndpoint>(
  endpoint: E,
  ...args: readonly [...Parameters<E>] | readonly [null]
): ResolveType<E> | SkippedRead<E['schema']>
export function useSuspense<E extends ReadEndpoint>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): ResolveType<E> | SkippedRead<E['schema']> {
  const context = useDataContext('useSuspense')
  const { data, expiryStatus, error, key } = useResponse(context, endpoint, args)
  const controller = context.controller
  const reveal = useContext(RevealContext) ?? context.reveal
  const skip = args[0] === null
  // The key this component last showed (set on commit: a render that suspends does not count),
  // so a fetch for another key says 'args-changed' rather than why the cache lacked it.
  const shown = useRef(key)
  const load = () => {
    const fetch = () => controller.fetchIfStale(endpoint, ...(args as Parameters<E>))
    return shown.current !== key ? controller.because('args-changed', fetch) : fetch()
  }

  // Stale-while-revalidate: on mount and on argument change, refresh in the background.
  useEffect(() => {
    if (!skip && expiryStatus === ExpiryStatus.Stale) load().catch(ignore)
    shown.current = key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, expiryStatus === ExpiryStatus.Stale])

  // The read's data is the schema's empty shape (undefined but for object schemas).
  if (skip) return data as any
  if (expiryStatus === ExpiryStatus.Invalid) {
    // Started just after this render (if still needed then), not during it: the fetch dispatches,
    // and a store update in the middle of a render makes React update other readers from inside
    // it (a React error when two components read one invalidated key). Suspense retries the
    // render when this settles; a failure shows up as the error below.
    const loading = Promise.resolve()
      .then(load)
      .then(ignore, ignore)
    reveal?.(loading)
    // React 19: subscribe this (suspending) render to the provider's reveal generation, so the
    // provider's update reaches it; `use` may be called conditionally, and only here.
    // Read through the namespace held as a value: webpack checks a written-out `React.use`
    // against React 18's exports, an error in an ESM package even though it is only called when present.
    const react: { use?: (context: React.Context<number>) => number } = React
    react.use?.(RevealGenerationContext)
    throw loading
  }
  if (error !== undefined) {
    // The boundary's "try again" refetches this read at once (see ErrorBoundary).
    context.retries.set(error, () => controller.invalidate(endpoint, ...(args as Parameters<E>)))
    throw error
  }
  return data as any
}

function ignore(): void {}

/** Endpoints useSuspense accepts: reads, not mutations. */
/** An endpoint a read may use: not a mutation. */
export type ReadEndpoint = EndpointInterface & { sideEffect?: undefined | false }

/**
 * What a read skipped with `null` gives: undefined, except for an object schema, whose empty
 * shape it is (members that are lists, entities or other schemas undefined).
 */
export type SkippedRead<S> = S extends ObjectSchema<infer D> ? DenormalizeNullable<D>
  : S extends undefined | null | EntityClassLike | readonly unknown[] | { readonly _denormalized: unknown } | ((...args: any) => any) ? undefined
  : S extends object ? DenormalizeNullable<S>
  : undefined
