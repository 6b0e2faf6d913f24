'use client'
import { useEffect, useState, useTransition } from 'react'

/**
 * A value that follows `value` only once it has stopped changing for `delay` ms, and whether the
 * render with the newest value is still pending: `const [q, isPending] = useDebounce(query, 200)`
 * then `useSuspense(search, { q })` sends one request per pause in typing rather than one per key
 * (data-client 0.15's `useDebounce`). The update runs in a transition, so a read that suspends on
 * the new value keeps the previous results on screen while `isPending` is true. With `updatable`
 * false the value is held where it is.
 */
export function useDebounce<T>(value: T, delay: number, updatable = true): readonly [T, boolean] {
  const [debounced, setDebounced] = useState(value)
  const [isPending, startTransition] = useTransition()
  useEffect(() => {
    if (!updatable) return
    const timer = setTimeout(() => startTransition(() => setDebounced(value)), delay)
    return () => clearTimeout(timer)
  }, [value, delay, updatable])
  return [debounced, isPending] as const
}
