'use client'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { DevtoolsRoot } from './DevtoolsRoot'
import { useRecorders, type DevtoolsOptions } from './useRecorders'

// The panel itself is fetched and parsed only once someone opens it.
const Panel = lazy(() => import('./Panel').then((module) => ({ default: module.Panel })))

/** A corner of the page. */
export type Corner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left'
const CORNERS: readonly Corner[] = ['bottom-right', 'bottom-left', 'top-left', 'top-right']

/** Props of `<TesseraDevtools />`. */
export interface TesseraDevtoolsProps extends DevtoolsOptions {
  /** Open on the first visit (afterwards the last open state is remembered). Default false. */
  readonly initialIsOpen?: boolean
  /** Where the button and panel sit on the first visit (afterwards the last position is remembered). Default 'bottom-right'. */
  readonly corner?: Corner
}

/** Where the open state and corner are remembered. */
export const STORAGE_KEY = 'tessera-devtools'

function remembered(initial: { open: boolean; corner: Corner }): { open: boolean; corner: Corner } {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null')
    return { open: typeof saved?.open === 'boolean' ? saved.open : initial.open, corner: CORNERS.includes(saved?.corner) ? saved.corner : initial.corner }
  } catch {
    // Storage blocked, or junk in it: the defaults.
    return initial
  }
}

/**
 * A floating "Tessera devtools" button in a corner of the page that opens the panel: keys with
 * their status and timers, entities, the timeline with time travel, sessions. Records the store
 * (the nearest DataProvider's, or `store` / `stores`) from the moment it mounts; the panel's code
 * is loaded when first opened. Whether it is open and its corner are remembered (localStorage).
 * Escape closes it. Renders nothing in a production build unless imported from
 * 'tessera/devtools/production'.
 */
export function TesseraDevtools({ initialIsOpen = false, corner = 'bottom-right', ...options }: TesseraDevtoolsProps) {
  const recorders = useRecorders(options)
  const [place, setPlace] = useState(() => ({ open: initialIsOpen, corner }))
  // Read after mounting, so the server's HTML and the first client render agree.
  useEffect(() => setPlace((initial) => remembered(initial)), [])
  // Set by the user's open or close: the focus follows into the panel, or back to the button.
  const [moved, setMoved] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (moved && !place.open) toggle.current?.focus()
  }, [moved, place.open])
  const update = (next: Partial<typeof place>) =>
    setPlace((current) => {
      const merged = { ...current, ...next }
      try {
        globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(merged))
      } catch {
        // Not remembered, still applied.
      }
      return merged
    })
  const move = () => update({ corner: CORNERS[(CORNERS.indexOf(place.corner) + 1) % CORNERS.length]! })
  return (
    <DevtoolsRoot>
      {place.open ? (
        <Suspense fallback={<div className={`td-toggle td-${place.corner}`}>Loading Tessera devtools…</div>}>
          <Panel
            recorders={recorders}
            redact={options.redact}
            online={options.online}
            className={`td-${place.corner}`}
            autoFocus={moved}
            onClose={() => {
              setMoved(true)
              update({ open: false })
            }}
            actions={
              <button type="button" onClick={move} aria-label="Move to the next corner">
                Move
              </button>
            }
          />
        </Suspense>
      ) : (
        <button
          ref={toggle}
          type="button"
          className={`td-toggle td-${place.corner}`}
          aria-expanded="false"
          onClick={() => {
            setMoved(true)
            update({ open: true })
          }}
        >
          Tessera devtools
        </button>
      )}
    </DevtoolsRoot>
  )
}
