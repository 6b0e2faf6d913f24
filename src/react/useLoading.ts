'use client'
import { useCallback, useEffect, useRef, useState } from 'react'

const NO_DEPS: readonly unknown[] = []

/**
 * Wraps an async function (typically one calling `controller.fetch` with a mutation) and tracks
 * it: returns `[run, loading, error]`. `run` resolves to undefined when `fn` rejects (the error is
 * returned instead). State updates after unmount are skipped.
 *
 * With `deps`, `run` is memoized on them as `useCallback` would be (as in data-client): it changes
 * identity when a dep changes, and calls the `fn` of the render that changed it. Without `deps`,
 * `run` keeps one identity for the component's life and always calls the latest `fn`.
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  deps?: readonly unknown[],
): [(...args: A) => Promise<R | undefined>, boolean, Error | undefined] {
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<Error | undefined>(undefined)
  const mounted = useRef(true)
  const latest = useRef(fn)
  latest.current = fn
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const withDeps = deps !== undefined
  const run = useCallback(
    async (...args: A) => {
      setLoading(true)
      setError(undefined)
      try {
        return await (withDeps ? fn : latest.current)(...args)
      } catch (caught) {
        if (mounted.current) setError(caught instanceof Error ? caught : new Error(String(caught)))
        return undefined
      } finally {
        if (mounted.current) setLoading(false)
      }
    },
    // The caller's deps decide when `run` (and the `fn` it closes over) is renewed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps ?? NO_DEPS,
  )
  return [run, loading, error]
}
