'use client'
import { lazy, Suspense } from 'react'
import { DevtoolsRoot } from './DevtoolsRoot'
import { useRecorders, type DevtoolsOptions } from './useRecorders'

const Panel = lazy(() => import('./Panel').then((module) => ({ default: module.Panel })))

/** Props of `<TesseraDevtoolsPanel />`. */
export interface TesseraDevtoolsPanelProps extends DevtoolsOptions {
  /** Shown while true (default true): the app decides, as with a controlled input. */
  readonly open?: boolean
  /** Called on Escape and by the panel's Close button (shown only when this is given). */
  readonly onClose?: () => void
  /** A class for the element that holds the panel (size and place it in the app's layout). */
  readonly className?: string
}

/**
 * The devtools panel embedded where the app renders it (a page of its own, a drawer), controlled
 * by the app through `open` and `onClose`. Same tabs and recording as `<TesseraDevtools />`; its
 * code is loaded when it first opens; nothing in a production build unless imported from
 * 'tessera/devtools/production'.
 */
export function TesseraDevtoolsPanel({ open = true, onClose, className, ...options }: TesseraDevtoolsPanelProps) {
  const recorders = useRecorders(options)
  return (
    <div className={className}>
      <DevtoolsRoot className="td-embedded">
        {open && (
          <Suspense fallback={<p>Loading Tessera devtools…</p>}>
            <Panel recorders={recorders} redact={options.redact} online={options.online} onClose={onClose} className="td-inline" />
          </Suspense>
        )}
      </DevtoolsRoot>
    </div>
  )
}
