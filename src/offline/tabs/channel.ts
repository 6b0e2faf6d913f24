// The BroadcastChannel the tabs talk over: the messages, and this tab's end of it.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import type { ServerDataBatch } from '../../ssr/hydrate'
import type { QueuedMutation } from '../OfflineManager'

/** One message on the channel. */
export type TabMessage =
  | { type: 'data'; from: string; batch: ServerDataBatch }
  | { type: 'queue'; from: string; leader: boolean; items: readonly QueuedMutation[] }
  | { type: 'here'; from: string; since: number; hello?: boolean }
  | { type: 'bye'; from: string }
  | { type: 'polls'; from: string; keys: readonly string[]; ask?: boolean }

/** This tab on the channel: what the election, the relay, the queue and the polls post with. */
export interface Tab {
  /** Only tells this tab's messages apart from others' (never in the state). */
  readonly id: string
  /** Posts to the other tabs (nothing once closed; a failure is reported). */
  post(message: TabMessage): void
  /** Reports a message that was dropped: `what` about it, and why. */
  report(error: unknown, what: string): void
  /** Leaves the channel: nothing is posted from here on. */
  close(): void
}

/** A BroadcastChannel, or undefined where there is none or one cannot be opened (a partial polyfill, a sandboxed page). */
export function openChannel(name: string): BroadcastChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined
  try {
    return new BroadcastChannel(name)
  } catch {
    return undefined
  }
}

/** This tab's end of `channel`; problems go to `onError` (default console.error). */
export function joinChannel(channel: BroadcastChannel, onError: ((error: Error) => void) | undefined): Tab {
  let closed = false
  const report = (error: unknown, what: string) =>
    (onError ?? ((failure: Error) => console.error(failure)))(
      new Error(
        process.env.NODE_ENV !== 'production'
          ? `tessera/offline syncTabs: a message ${what}, so it was dropped (the cache is unchanged): ${error instanceof Error ? error.message : String(error)}`
          : `Tessera E760: ${what}`,
      ),
    )
  return {
    id: Math.random().toString(36).slice(2) + Date.now().toString(36),
    post(message) {
      // Responses collected in the task that stopped the sync have nowhere to go.
      if (closed) return
      try {
        channel.postMessage(message)
      } catch (error) {
        report(error, 'could not be posted')
      }
    },
    report,
    close() {
      closed = true
      channel.close()
    },
  }
}
