// Polling shared by the tabs: the leader polls what it reads and says what that is; another tab
// polls only what the leader does not read (two followers reading the same endpoint both poll it).

import type { TabsPolling } from '../tabs'
import type { Tab } from './channel'

/** This tab's part in sharing the polls. */
export interface SharedPolls {
  /** The leader posts what it polls (nothing from a follower). */
  post(): void
  /** Another tab asked what the leader polls (`ask`), or the leader said it. */
  receive(message: { keys: readonly unknown[]; ask?: boolean }): void
  /** The leader may have left: poll everything read here until the next one speaks. */
  leaderLeft(): void
  stop(): void
}

/** Shares the keys `polling` polls with the other tabs; `isLeader` says whether this tab leads. */
export function sharePolls(polling: TabsPolling | undefined, tab: Tab, isLeader: () => boolean): SharedPolls {
  let leaderPolls: ReadonlySet<string> = new Set()
  const post = () => void (isLeader() && polling?.keys && tab.post({ type: 'polls', from: tab.id, keys: polling.keys() }))
  polling?.setPoller?.((key) => isLeader() || !leaderPolls.has(key))
  const stop = polling?.subscribeKeys?.(post)
  // A tab that opens asks the leader what it polls.
  if (polling) tab.post({ type: 'polls', from: tab.id, keys: [], ask: true })
  return {
    post,
    receive(message) {
      // Only a leader posts what it polls; the newest leader's word replaces the last one's.
      if (message.ask) post()
      else if (!isLeader()) leaderPolls = new Set(message.keys.filter((key): key is string => typeof key === 'string'))
    },
    leaderLeft() {
      leaderPolls = new Set()
    },
    stop: () => stop?.(),
  }
}
