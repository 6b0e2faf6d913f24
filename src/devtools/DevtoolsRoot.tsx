'use client'
import type { ReactNode } from 'react'
import { ROOT_CLASS, STYLES } from './styles'

/**
 * The element that holds the devtools, with their scoped styles (see `STYLES`): the app's CSS
 * neither reaches in nor is reached from here.
 */
export function DevtoolsRoot({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`${ROOT_CLASS} ${className}`} data-tessera-devtools="">
      <style>{STYLES}</style>
      {children}
    </div>
  )
}
