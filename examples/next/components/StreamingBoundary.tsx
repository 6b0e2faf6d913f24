'use client'
import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react'

/**
 * A Suspense boundary for the page's first load only. In the server render it streams: the HTML
 * around it, with `fallback`, goes out at once and what it waits for follows when ready, so the
 * page does not wait for its slowest read. Mounted later by a client navigation, it is no
 * boundary: what it waits for suspends the route's transition, and the browser keeps the page it
 * is on until the next one is complete, as a navigation to a page that awaits at its top does
 * (no flash of a fallback for the time a navigation takes).
 */
export function StreamingBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // True in the server render and while hydrating it (React uses the server snapshot then); false
  // for a boundary first rendered in the browser. Read once: the element's shape never changes.
  const [fromServer] = useState(useSyncExternalStore(subscribeToNothing, () => false, () => true))
  return fromServer ? <Suspense fallback={fallback}>{children}</Suspense> : children
}

function subscribeToNothing(): () => void {
  return () => {}
}
