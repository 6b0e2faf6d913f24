import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Wraps an async function (typically one calling `controller.fetch` with a mutation) and tracks
 * it: returns `[run, loading, error]`. State updates after unmount are skipped.
 */
export function useLoading<A extends unknown[], R>(fn: (...args: A) => Promise<R>): [(...args: A) => Promise<R | undefined>, boolean, Error | undefined] {
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
  const run = useCallback(async (...args: A) => {
    setLoading(true)
    setError(undefined)
    try {
      return await latest.current(...args)
    } catch (caught) {
      if (mounted.current) setError(caught instanceof Error ? caught : new Error(String(caught)))
      return undefined
    } finally {
      if (mounted.current) setLoading(false)
    }
  }, [])
  return [run, loading, error]
}
