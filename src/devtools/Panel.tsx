'use client'
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { OfflineManager } from '../offline/OfflineManager'
import { offlineManagerOf } from '../offline/offlineManagerOf'
import { EntitiesTab } from './EntitiesTab'
import { PANEL_STYLES } from './panelStyles'
import { KeysTab } from './KeysTab'
import type { Recorder } from './recorder'
import type { ExportOptions } from './session'
import { SessionTab } from './SessionTab'
import { TimelineTab } from './TimelineTab'

const TABS = ['Keys', 'Entities', 'Timeline', 'Session'] as const
type Tab = (typeof TABS)[number]

/** What the panel needs: one recorder per store, and the app's options. Loaded lazily by the components. */
export interface PanelProps {
  readonly recorders: readonly Recorder[]
  readonly redact?: ExportOptions
  /** Whether requests can go out now (default: the store's OfflineManager's `isOnline`, else `navigator.onLine`). */
  readonly online?: () => boolean
  /** Escape or the close button; absent, there is no close button. */
  readonly onClose?: () => void
  /** More buttons for the header (the floating panel's corner switch). */
  readonly actions?: ReactNode
  readonly className?: string
  /** Moves the focus into the panel when it mounts (it was opened from the keyboard or a click, not restored on load). */
  readonly autoFocus?: boolean
}

/** The tab buttons. Arrow keys, Home and End move between them, as in any tab list (WAI-ARIA); Tab leaves the list. */
function TabList({ id, tab, onSelect }: { id: string; tab: Tab; onSelect: (tab: Tab) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab)
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: TABS.length - 1 - at }[event.key]
    if (step === undefined) return
    event.preventDefault()
    const next = TABS[(at + step + TABS.length) % TABS.length]!
    onSelect(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus()
  }
  return (
    <div className="td-tabs" role="tablist" aria-label="Devtools tabs" onKeyDown={onKeyDown}>
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`${id}-${name}`}
          data-tab={name}
          aria-selected={tab === name}
          aria-controls={`${id}-panel`}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => onSelect(name)}
        >
          {name}
        </button>
      ))}
    </div>
  )
}

const NONE: readonly never[] = []

/** How often the countdowns move. */
const TICK = 500

/** The panel: a store picker, the four tabs and their content, redrawn on every recorded action and every tick. */
export function Panel({ recorders, redact, online, onClose, actions, className = '', autoFocus = false }: PanelProps) {
  const [tab, setTab] = useState<Tab>('Keys')
  const id = useId()
  const dialog = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (autoFocus) dialog.current?.focus()
  }, [autoFocus])
  const [index, setIndex] = useState(0)
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  const recorder = recorders[Math.min(index, recorders.length - 1)]
  // The store's OfflineManager, if it has one: its queue and the requests it holds back, read
  // through its public methods (found as usePendingMutations finds it, by the store's controller).
  const offline: OfflineManager | undefined = recorder && offlineManagerOf(recorder.store.controller)
  useEffect(() => {
    const timer = setInterval(() => {
      recorder?.sample()
      redraw()
    }, TICK)
    const stops = [recorder?.subscribe(redraw), offline?.subscribePending(redraw), offline?.subscribeWaiting(redraw)]
    return () => {
      clearInterval(timer)
      for (const stop of stops) stop?.()
    }
  }, [recorder, offline])
  if (recorder === undefined) return <p role="alert">Tessera devtools: no store. Render it inside a DataProvider, or pass `store` or `stores`.</p>
  const isOnline = online ? online() : offline ? offline.isOnline() : (globalThis.navigator?.onLine ?? true)
  const now = recorder.store.controller.now()
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation()
      onClose()
    }
  }
  return (
    <div ref={dialog} tabIndex={-1} className={`td-panel ${className}`} role="dialog" aria-label="Tessera devtools" onKeyDown={onKeyDown}>
      <style>{PANEL_STYLES}</style>
      <div className="td-head">
        <h2>Tessera devtools</h2>
        {!isOnline && <span className="td-paused">offline</span>}
        {recorders.length > 1 && (
          <select aria-label="Store" value={index} onChange={(event) => setIndex(Number(event.target.value))}>
            {recorders.map((one, i) => (
              <option key={one.name} value={i}>
                {one.name}
              </option>
            ))}
          </select>
        )}
        {actions}
        {onClose && (
          <button type="button" onClick={onClose} aria-label="Close Tessera devtools">
            Close
          </button>
        )}
      </div>
      <TabList id={id} tab={tab} onSelect={setTab} />
      <div className="td-body" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'Keys' && <KeysTab recorder={recorder} now={now} online={isOnline} waiting={offline?.waiting() ?? NONE} />}
        {tab === 'Entities' && <EntitiesTab recorder={recorder} />}
        {tab === 'Timeline' && <TimelineTab recorder={recorder} online={isOnline} queued={offline?.pending() ?? NONE} />}
        {tab === 'Session' && <SessionTab recorder={recorder} redact={redact} onImported={() => setTab('Timeline')} />}
      </div>
    </div>
  )
}
