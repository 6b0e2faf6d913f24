// One offline queue for all the tabs: mutations queued in any tab reach the leader, which sends
// them (it restores them: the same ids, sent once); the leader's queue tells the others which
// of theirs it has sent, and they drop those.

import { isQueuedMutation } from '../isQueuedMutation'
import type { QueuedMutation } from '../OfflineManager'
import type { TabsQueue } from '../tabs'
import type { Tab } from './channel'

/** This tab's part in the shared queue. */
export interface SharedQueue {
  /** Posts this tab's queue (a new leader's tells the others what it holds). */
  post(): void
  /** Another tab posted its queue. */
  receive(message: { from: string; leader: boolean; items: readonly unknown[] }): void
  stop(): void
}

/** Shares `offline`'s queue with the other tabs; `isLeader` says whether this tab sends it. */
export function shareQueue(offline: TabsQueue, tab: Tab, isLeader: () => boolean): SharedQueue {
  // Ids the leader held at its last word: those it no longer holds, it has sent.
  const sentBy = new Set<string>()
  let leaderId: string | undefined
  // Ids that left this tab's queue (sent, or refused): never taken back from another tab's
  // queue, which may still list them in a message that crossed ours.
  const done = new Set<string>()
  let mine: readonly QueuedMutation[] = offline.pending()
  const post = () => tab.post({ type: 'queue', from: tab.id, leader: isLeader(), items: offline.pending() })
  const stop = offline.subscribePending(() => {
    const now = new Set(offline.pending().map((item) => item.id))
    for (const item of mine) if (!now.has(item.id)) done.add(item.id)
    mine = offline.pending()
    post()
  })
  if (mine.length > 0) post()
  const fromLeader = (from: string, items: readonly QueuedMutation[]) => {
    // A new leader has sent nothing of ours yet (what the old one held, it may not have).
    if (from !== leaderId) sentBy.clear()
    leaderId = from
    const held = new Set(items.map((item) => item.id))
    // Items the leader held and holds no more were sent by it; items it never had (it is
    // new, or it missed our message) are posted to it again.
    const sent = offline.pending().filter((item) => sentBy.has(item.id) && !held.has(item.id))
    const missing = offline.pending().some((item) => !sentBy.has(item.id) && !held.has(item.id))
    sentBy.clear()
    for (const each of held) sentBy.add(each)
    if (sent.length > 0) offline.forget?.(sent.map((item) => item.id))
    if (missing) post()
  }
  return {
    post,
    receive(message) {
      const items = message.items.filter(isQueuedMutation)
      if (isLeader()) {
        const owed = items.filter((item) => !done.has(item.id))
        if (owed.length > 0) offline.restore(owed)
      } else if (message.leader) fromLeader(message.from, items)
    },
    stop,
  }
}
