// Which tab leads (polls, sends the offline queue): with the Web Locks API, whoever holds the
// lock; without it, over the channel by heartbeats: the oldest tab heard from recently.

import type { TabLocks } from '../tabs'
import type { Tab } from './channel'

/** A running election. */
export interface Election {
  /** Another tab's heartbeat. */
  here(message: { from: string; since: number; hello?: boolean }): void
  /** Another tab left. */
  bye(from: string): void
  /** Leaves the election (another tab takes over). */
  stop(): void
}

interface ElectionOptions {
  readonly name: string
  readonly locks: TabLocks | null | undefined
  readonly heartbeatMs: number
}

/** Elects a leader among the tabs; `setLeader` is told whenever this tab's part changes. */
export function startElection(tab: Tab, { name, locks, heartbeatMs }: ElectionOptions, setLeader: (leader: boolean) => void): Election {
  if (locks) return lockElection(locks, name, setLeader)
  // Fractional, so two tabs opened in the same millisecond still have an order.
  const since = typeof performance !== 'undefined' ? performance.timeOrigin + performance.now() : Date.now()
  const peers = new Map<string, { since: number; seen: number }>()
  let settled = false
  const elect = () => {
    const now = Date.now()
    for (const [peer, info] of peers) if (now - info.seen > 3 * heartbeatMs) peers.delete(peer)
    let oldest = true
    for (const [peer, info] of peers) if (info.since < since || (info.since === since && peer < tab.id)) oldest = false
    setLeader(settled && oldest)
  }
  tab.post({ type: 'here', from: tab.id, since, hello: true })
  // A tab that has heard no older one within a heartbeat leads.
  const timers = [
    setTimeout(() => {
      settled = true
      elect()
    }, heartbeatMs),
    setInterval(() => {
      tab.post({ type: 'here', from: tab.id, since })
      elect()
    }, heartbeatMs),
  ]
  for (const timer of timers) (timer as { unref?: () => void }).unref?.()
  return {
    here(message) {
      const known = peers.has(message.from)
      peers.set(message.from, { since: Number(message.since), seen: Date.now() })
      // A new tab learns of the older ones before its first election.
      if (message.hello || !known) tab.post({ type: 'here', from: tab.id, since })
      elect()
    },
    bye(from) {
      peers.delete(from)
      elect()
    },
    stop() {
      for (const timer of timers) clearTimeout(timer)
      tab.post({ type: 'bye', from: tab.id })
    },
  }
}

/** The Web Locks election: the tab holding the lock leads until it stops. */
function lockElection(locks: TabLocks, name: string, setLeader: (leader: boolean) => void): Election {
  const abort = new AbortController()
  let release: (() => void) | undefined
  locks
    .request(`tessera:${name}`, { signal: abort.signal }, () => {
      setLeader(true)
      return new Promise<void>((resolve) => (release = resolve))
    })
    .catch(() => {
      // Aborted by stop() while waiting for the lock.
    })
  return {
    here() {},
    bye() {},
    stop() {
      abort.abort()
      release?.()
    },
  }
}
