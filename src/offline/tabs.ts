// Tabs in sync: what one tab's store receives is posted on a BroadcastChannel and merged into the
// others (tabs/relay.ts). One tab, the leader, polls (tabs/polls.ts) and sends the offline queue
// (tabs/queue.ts); it is elected with the Web Locks API where there is one, else over the channel
// itself (tabs/election.ts). This file wires them to one channel (tabs/channel.ts).

import type { Store } from '../store/createStore'
import type { PersistedQueue } from './persist'
import { joinChannel, openChannel, type TabMessage } from './tabs/channel'
import { startElection } from './tabs/election'
import { sharePolls } from './tabs/polls'
import { shareQueue } from './tabs/queue'
import { receiveResponses, relayResponses } from './tabs/relay'

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
  const tab = joinChannel(channel, options.onError)
  const stopRelay = relayResponses(store, tab)
  let leader = false
  const isLeader = () => leader
  const queue = offline && shareQueue(offline, tab, isLeader)
  const setLeader = (next: boolean) => {
    if (next === leader) return
    leader = next
    offline?.setSender?.(isLeader)
    // The new leader's queue tells the others what it holds; they post what it lacks.
    if (leader) queue?.post()
    polls.post()
  }
  offline?.setSender?.(isLeader)
  const polls = sharePolls(polling, tab, isLeader)
  const election = startElection(tab, { name, locks, heartbeatMs }, setLeader)
  const receive = (message: TabMessage): void => {
    if (typeof message !== 'object' || message === null || typeof message.from !== 'string') return tab.report('not a Tessera message', 'of an unknown shape arrived')
    switch (message.type) {
      case 'data':
        return receiveResponses(store, message.batch, tab)
      case 'queue':
        if (!Array.isArray(message.items)) return tab.report('expected a list of queued mutations', 'with a queue from another tab was malformed')
        return queue?.receive(message)
      case 'here':
        return election.here(message)
      case 'bye':
        polls.leaderLeft()
        return election.bye(message.from)
      case 'polls':
        if (!Array.isArray(message.keys)) return tab.report('expected a list of keys', 'with polled keys from another tab was malformed')
        return polls.receive(message)
      default:
        tab.report(`unknown type ${JSON.stringify((message as { type?: unknown }).type)}`, 'of an unknown type arrived')
    }
  }
  channel.onmessage = (event: MessageEvent) => receive(event.data as TabMessage)
  return {
    isLeader,
    stop() {
      stopRelay()
      queue?.stop()
      polls.stop()
      election.stop()
      leader = false
      offline?.setSender?.(() => false)
      tab.close()
    },
  }
}
