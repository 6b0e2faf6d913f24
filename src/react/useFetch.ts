'use client'
import * as React from 'react'
import { useContext, useEffect, useMemo } from 'react'
import type { EndpointInterface, ResolveType } from '../endpoint/types'
import { ExpiryStatus, type Controller } from '../store/index'
import { RevealContext, RevealGenerationContext, useDataContext } from './context'
import { useResponse } from './useResponse'

/**
 * What `useFetch` returns: a promise-like of the read's data that React 19's `use()` can read.
 * `resolved` is false while the fetch it stands for is in flight. Settled ones also carry React's
 * `status` / `value` / `reason` fields, so `use()` returns (or throws) at once without suspending.
 */
export type UsablePromise<T = unknown> = PromiseLike<T> & { resolved: boolean }

/**
 * Starts a fetch when the data is missing or stale, and returns a promise of the data for
 * React 19's `use()`: `use(useFetch(endpoint, ...args))` reads like `useSuspense(endpoint, ...args)`
 * (suspends while missing or invalid, throws a hard error, returns stale data while it refreshes),
 * and since every `useFetch` of a component runs before the first `use()` suspends, its requests
 * go out in parallel. Called on its own it prefetches what a child reads later (data-client 0.16's
 * `useFetch`). While the same request is in flight, every render gets the same promise. `null` as
 * the first argument skips the read: nothing is fetched, and the result is undefined.
 */
export function useFetch<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>]): UsablePromise<ResolveType<E>>
export function useFetch<E extends EndpointInterface>(endpoint: E, ...args: readonly [null]): undefined
export function useFetch<E extends EndpointInterface>(
  endpoint: E,
  ...args: readonly [...Parameters<E>] | readonly [null]
): UsablePromise<ResolveType<E>> | undefined
export function useFetch<E extends EndpointInterface>(endpoint: E, ...args: readonly [...Parameters<E>] | readonly [null]): UsablePromise<ResolveType<E>> | undefined {
  const context = useDataContext('useFetch')
  const { data, expiryStatus, error, key } = useResponse(context, endpoint, args)
  const controller = context.controller
  const skip = args[0] === null
  const needsFetch = !skip && expiryStatus !== ExpiryStatus.Valid
  const invalid = !skip && expiryStatus === ExpiryStatus.Invalid
  const load = () => controller.fetchIfStale(endpoint, ...(args as Parameters<E>))
  useEffect(() => {
    // fetchIfStale, so the fetch action says why (first read, stale, invalidated).
    if (needsFetch) load().catch(ignore)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsFetch])
  const settled = useMemo(
    () => (skip || invalid ? undefined : error !== undefined ? rejected(error) : fulfilled(data)),
    [skip, invalid, data, error],
  )
  const reveal = useContext(RevealContext) ?? context.reveal
  if (!invalid) return settled as UsablePromise<ResolveType<E>> | undefined
  // Missing or invalid: the in-flight request's promise, the same one for every render (a render
  // that suspends keeps no memo), started after this render as useSuspense starts its own.
  const promise = inFlight(controller, key, load)
  // As useSuspense does: the boundary above re-renders when it settles (React 19 would otherwise
  // hold the reveal back), and this render follows the provider's reveal generation.
  reveal?.(Promise.resolve(promise).then(ignore, ignore))
  const react: { use?: (context: React.Context<number>) => number } = React
  react.use?.(RevealGenerationContext)
  return promise as UsablePromise<ResolveType<E>>
}

// The promise handed out per controller and key while its request is in flight.
const pending = new WeakMap<Controller, Map<string, UsablePromise>>()

function inFlight(controller: Controller, key: string, load: () => Promise<unknown>): UsablePromise {
  let byKey = pending.get(controller)
  if (byKey === undefined) pending.set(controller, (byKey = new Map()))
  let promise = byKey.get(key)
  if (promise === undefined) {
    // Not during the render: the fetch dispatches, and a store update in the middle of a render
    // makes React update other readers from inside it.
    const started = Promise.resolve().then(load) as Promise<unknown> & UsablePromise
    started.resolved = false
    const done = () => {
      started.resolved = true
      byKey.delete(key)
    }
    started.then(done, done)
    byKey.set(key, (promise = started))
  }
  return promise
}

function fulfilled(value: unknown): UsablePromise {
  return { status: 'fulfilled', value, resolved: true, then: (onFulfilled, onRejected) => Promise.resolve(value).then(onFulfilled, onRejected) } as UsablePromise
}

function rejected(reason: unknown): UsablePromise {
  return { status: 'rejected', reason, resolved: true, then: (onFulfilled, onRejected) => Promise.reject(reason).then(onFulfilled, onRejected) } as UsablePromise
}

function ignore(): void {}
