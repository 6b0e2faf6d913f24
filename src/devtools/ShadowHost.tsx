'use client'
import { useEffect, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { STYLES } from './styles'

/**
 * Renders `children` in the shadow root of an element of its own, with the panel's styles: the
 * app's CSS does not reach in and the panel's does not leak out. Renders nothing on the server
 * and in the first client render (so hydration matches), then the content.
 */
export function ShadowHost({ children, className }: { children: ReactNode; className?: string }) {
  const [root, setRoot] = useState<HTMLElement | null>(null)
  const [host, setHost] = useState<HTMLElement | null>(null)
  useEffect(() => {
    if (host === null) return
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
    let inner = shadow.querySelector<HTMLElement>('.td-root')
    if (inner === null) {
      const style = document.createElement('style')
      style.textContent = STYLES
      inner = document.createElement('div')
      inner.className = 'td-root'
      shadow.append(style, inner)
    }
    setRoot(inner)
  }, [host])
  return (
    <div ref={setHost} className={className} data-tessera-devtools="">
      {root && createPortal(children, root)}
    </div>
  )
}
