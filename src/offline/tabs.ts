// Tabs in sync: what one tab's store receives is posted on a BroadcastChannel and merged into the
// others as a `tessera/hydrate` action (validated like server data: another tab, or other code on
// the channel, is as untrusted as a page). One tab, the leader, polls and sends the offline queue;
// it is elected with the Web Locks API where there is one, else over the channel itself.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { RECEIVE } from '../store/actionTypes'
import type { ReceiveAction } from '../store/actions'
import type { Store } from '../store/createStore'
import { hydrateAction, type ServerDataBatch } from '../ssr/hydrate'
import type { QueuedMutation } from './OfflineManager'
import { isQueuedMutation } from './isQueuedMutation'
import type { PersistedQueue } from './persist'

/** What syncTabs needs of an OfflineManager: its queue, and who sends it. */
export interface TabsQueue extends PersistedQueue {
  /** Only the tab for which `isSender()` is true sends the queue; called again when that changes. */
  setSender?(isSender: () => boolean): void
  /** Drops items another tab has sent (their answers arrive over the channel). */
  forget?(ids: readonly string[]): void
}

/** What syncTabs needs of a PollingManager: which keys it polls, and a say in whether it does. */
export interface TabsPolling {
  setPoller?(isPoller: (key: string) => boolean): void
  keys?(): readonly string[]
  subscribeKeys?(listener: () => void): () => void
}

/** The part of the Web Locks API the election uses (`navigator.locks`). */
export interface TabLocks {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown>
}

/** Options of `syncTabs`. */
export interface SyncTabsOptions {
  /** The channel (and lock) name: tabs with the same name share data. Default 'tessera'. */
  name?: string
  /** Its queue is sent by the leader tab only; mutations queued in other tabs reach it over the channel. */
  offline?: TabsQueue
  /**
   * A PollingManager: each endpoint is polled by one tab (the leader, when it reads it; else
   * every tab that reads it), and the others get its responses.
   */
  polling?: TabsPolling
  /**
   * The Web Locks API to elect the leader with. Default `navigator.locks` where it exists; `null`
   * (or no Web Locks) elects over the channel, by heartbeats: the oldest live tab leads.
   */
  locks?: TabLocks | null
  /** Heartbeat period of the election over the channel, in ms (a closed tab is noticed in 3). Default 1000. */
  heartbeatMs?: number
  /** Told of a message that could not be applied (it is dropped; the cache is unchanged). Default: console.error. */
  onError?: (error: Error) => void
}

/** A running tab sync. */
export interface TabSync {
  /** Whether this tab leads (polls, sends the offline queue) now. */
  isLeader(): boolean
  /** Leaves the channel (and the election: another tab takes over). */
  stop(): void
}

/** One message on the channel. */
type TabMessage =
  | { type: 'data'; from: string; batch: ServerDataBatch }
  | { type: 'queue'; from: string; leader: boolean; items: readonly QueuedMutation[] }
  | { type: 'here'; from: string; since: number; hello?: boolean }
  | { type: 'bye'; from: string }
  | { type: 'polls'; from: string; keys: readonly string[]; ask?: boolean }

/** A BroadcastChannel, or undefined where there is none or one cannot be opened (a partial polyfill, a sandboxed page). */
function openChannel(name: string): BroadcastChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined
  try {
    return new BroadcastChannel(name)
  } catch {
    return undefined
  }
}

/**
 * Keeps `store` in step with the other tabs of this origin that call syncTabs with the same name:
 * each response (a read, a poll, a mutation's answer) this store receives is merged into theirs
 * without a request, and theirs into this one. Data merged from elsewhere (another tab, server
 * data, a restore) is not posted again, so nothing echoes.
 */
export function syncTabs(store: Store, options: SyncTabsOptions = {}): TabSync {
  const { name = 'tessera', offline, polling, heartbeatMs = 1000 } = options
  const locks = options.locks === undefined ? (globalThis as { navigator?: { locks?: TabLocks } }).navigator?.locks : options.locks
  const channel = openChannel(name)
  // No channel (a server render, an old browser, React Native): a tab alone, so it leads.
  if (channel === undefined) {
    offline?.setSender?.(() => true)
    polling?.setPoller?.(() => true)
    return { isLeader: () => true, stop() {} }
  }
  // Only tells this tab's messages apart from others' (never in the state).
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36)
  let stopped = false
  const post = (message: TabMessage) => {
    // Responses collected in the task that stopped the sync have nowhere to go.
    if (stopped) return
    try {
      channel.postMessage(message)
    } catch (error) {
      report(error, 'could not be posted')
    }
  }
  const report = (error: unknown, what: string) =>
    (options.onError ?? ((failure: Error) => console.error(failure)))(
      new Error(
        process.env.NODE_ENV !== 'production'
          ? `tessera/offline syncTabs: a message ${what}, so it was dropped (the cache is unchanged): ${error instanceof Error ? error.message : String(error)}`
          : `Tessera E760: ${what}`,
      ),
    )

  // Responses are posted together once the current task is done: a fetch of a page and its
  // pagination update, or a burst of answers, is one message and one hydrate action elsewhere.
  let outgoing: ReceiveAction[] = []
  const unsubscribe = store.subscribe((action) => {
    // Responses only: a hydrate (another tab's data among others) is never posted, which is what
    // stops echoes; failures stay in the tab that had them (each tab retries its own reads).
    if (action.type !== RECEIVE || action.error) return
    if (outgoing.push(action) === 1) {
      queueMicrotask(() => {
        const actions = outgoing
        outgoing = []
        post({ type: 'data', from: id, batch: { now: store.controller.now(), actions } })
      })
    }
  })

  let leader = false
  // Mutations queued here reach the leader (it restores them: the same ids, sent once); the
  // leader's queue tells the others which of theirs it has sent.
  const sentBy = new Set<string>()
  let leaderId: string | undefined
  // Ids that left this tab's queue (sent, or refused): never taken back from another tab's
  // queue, which may still list them in a message that crossed ours.
  const done = new Set<string>()
  let mine: readonly QueuedMutation[] = offline?.pending() ?? []
  const postQueue = () => offline && post({ type: 'queue', from: id, leader, items: offline.pending() })
  const stopQueue = offline?.subscribePending(() => {
    const now = new Set(offline.pending().map((item) => item.id))
    for (const item of mine) if (!now.has(item.id)) done.add(item.id)
    mine = offline.pending()
    postQueue()
  })
  if (mine.length > 0) postQueue()

  // The leader: with Web Locks, whoever holds the lock; else the oldest tab heard from recently.
  const setLeader = (next: boolean) => {
    if (next === leader) return
    leader = next
    offline?.setSender?.(() => leader)
    // The new leader's queue tells the others what it holds; they post what it lacks.
    if (leader) postQueue()
    postPolls()
  }
  offline?.setSender?.(() => leader)
  // Polling: the leader polls what it reads and says what that is; another tab polls only what
  // the leader does not read (two followers reading the same endpoint both poll it).
  let leaderPolls: ReadonlySet<string> = new Set()
  const postPolls = () => leader && polling?.keys && post({ type: 'polls', from: id, keys: polling.keys() })
  polling?.setPoller?.((key) => leader || !leaderPolls.has(key))
  const stopPolls = polling?.subscribeKeys?.(postPolls)
  // A tab that opens asks the leader what it polls.
  if (polling) post({ type: 'polls', from: id, keys: [], ask: true })

  // Fractional, so two tabs opened in the same millisecond still have an order.
  const since = typeof performance !== 'undefined' ? performance.timeOrigin + performance.now() : Date.now()
  const peers = new Map<string, { since: number; seen: number }>()
  let settled = false
  const elect = () => {
    const now = Date.now()
    for (const [peer, info] of peers) if (now - info.seen > 3 * heartbeatMs) peers.delete(peer)
    let oldest = true
    for (const [peer, info] of peers) if (info.since < since || (info.since === since && peer < id)) oldest = false
    setLeader(settled && oldest)
  }
  const timers: ReturnType<typeof setTimeout>[] = []
  const abort = new AbortController()
  let release: (() => void) | undefined
  if (locks) {
    locks
      .request(`tessera:${name}`, { signal: abort.signal }, () => {
        setLeader(true)
        return new Promise<void>((resolve) => (release = resolve))
      })
      .catch(() => {
        // Aborted by stop() while waiting for the lock.
      })
  } else {
    post({ type: 'here', from: id, since, hello: true })
    // A tab that has heard no older one within a heartbeat leads.
    timers.push(
      setTimeout(() => {
        settled = true
        elect()
      }, heartbeatMs),
      setInterval(() => {
        post({ type: 'here', from: id, since })
        elect()
      }, heartbeatMs),
    )
    for (const timer of timers) (timer as { unref?: () => void }).unref?.()
  }

  channel.onmessage = (event: MessageEvent) => {
    const message = event.data as TabMessage
    if (typeof message !== 'object' || message === null || typeof message.from !== 'string') return report('not a Tessera message', 'of an unknown shape arrived')
    switch (message.type) {
      case 'data':
        try {
          // Tabs share one clock: times are taken as they are (an answer keeps the fetchedAt
          // that matches this tab's optimistic layer for the same queued mutation).
          store.dispatch(hydrateAction(message.batch, message.batch?.now))
        } catch (error) {
          report(error, 'with data from another tab was malformed')
        }
        return
      case 'queue': {
        if (!Array.isArray(message.items)) return report('expected a list of queued mutations', 'with a queue from another tab was malformed')
        const items = message.items.filter(isQueuedMutation)
        if (!offline) return
        if (leader) {
          const owed = items.filter((item) => !done.has(item.id))
          if (owed.length > 0) offline.restore(owed)
        } else if (message.leader) {
          // A new leader has sent nothing of ours yet (what the old one held, it may not have).
          if (message.from !== leaderId) sentBy.clear()
          leaderId = message.from
          const held = new Set(items.map((item) => item.id))
          // Items the leader held and holds no more were sent by it; items it never had (it is
          // new, or it missed our message) are posted to it again.
          const sent = offline.pending().filter((item) => sentBy.has(item.id) && !held.has(item.id))
          const missing = offline.pending().some((item) => !sentBy.has(item.id) && !held.has(item.id))
          sentBy.clear()
          for (const each of held) sentBy.add(each)
          if (sent.length > 0) offline.forget?.(sent.map((item) => item.id))
          if (missing) postQueue()
        }
        return
      }
      case 'here': {
        if (locks) return
        const known = peers.has(message.from)
        peers.set(message.from, { since: Number(message.since), seen: Date.now() })
        // A new tab learns of the older ones before its first election.
        if (message.hello || !known) post({ type: 'here', from: id, since })
        elect()
        return
      }
      case 'bye':
        peers.delete(message.from)
        leaderPolls = new Set()
        if (!locks) elect()
        return
      case 'polls':
        // Only a leader posts what it polls; the newest leader's word replaces the last one's.
        if (!Array.isArray(message.keys)) return report('expected a list of keys', 'with polled keys from another tab was malformed')
        if (message.ask) postPolls()
        else if (!leader) leaderPolls = new Set(message.keys.filter((key): key is string => typeof key === 'string'))
        return
      default:
        report(`unknown type ${JSON.stringify((message as { type?: unknown }).type)}`, 'of an unknown type arrived')
    }
  }

  return {
    isLeader: () => leader,
    stop() {
      unsubscribe()
      stopQueue?.()
      stopPolls?.()
      for (const timer of timers) clearTimeout(timer)
      if (!locks) post({ type: 'bye', from: id })
      abort.abort()
      release?.()
      leader = false
      stopped = true
      offline?.setSender?.(() => false)
      channel.close()
    },
  }
}
