'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { ROOT_CLASS, STYLES } from './styles'

/**
 * The element that holds the devtools: an empty host in the app's page, whose shadow root holds
 * everything they draw and their styles (see `STYLES`). The app's CSS matches nothing in a shadow
 * root, and the devtools' CSS matches nothing outside it; what the host would pass down by
 * inheritance (the app's font, colour) is cut by `all: initial` on the root inside. The shadow
 * root is attached after mounting (a server render sends the empty host, so hydration agrees).
 */
export function DevtoolsRoot({ children, className = '' }: { children: ReactNode; className?: string }) {
  const host = useRef<HTMLDivElement>(null)
  const [shadow, setShadow] = useState<ShadowRoot | null>(null)
  useEffect(() => {
    const element = host.current!
    // A remount (StrictMode's second effect, a Fast Refresh) finds the shadow root already there.
    setShadow(element.shadowRoot ?? element.attachShadow({ mode: 'open' }))
  }, [])
  return (
    // `display: contents`, inline so no app rule of equal weight changes it: the host takes no
    // room in the app's layout, the panel inside lays out against the host's parent.
    <div ref={host} data-tessera-devtools="" style={{ display: 'contents' }}>
      {shadow &&
        createPortal(
          <div className={`${ROOT_CLASS} ${className}`}>
            <style>{STYLES}</style>
            {children}
          </div>,
          shadow,
        )}
    </div>
  )
}
