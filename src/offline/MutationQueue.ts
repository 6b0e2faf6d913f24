// The queue of mutations made offline: sent once, in order, one at a time, by the tab that may
// send it, while the network allows; a mutation that got no answer goes back to the head, one
// that was refused rejects its caller (the controller then rolls its guess back).

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

import { createFetch } from '../store/actions'
import type { ManagerAPI, RequestCall } from '../store/Manager'
import type { NetworkStatus } from './NetworkStatus'
import type { QueuedMutation } from './OfflineManager'
import type { Retryer } from './retry'

/** One queued mutation of this session: its record, and how to send it and settle its caller. */
interface Entry {
  readonly item: QueuedMutation
  readonly call: RequestCall
  readonly run: () => Promise<unknown>
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
}

/** One OfflineManager's queue of mutations. */
export class MutationQueue {
  /** Queued mutations of this session, in the order they are sent. */
  #entries: Entry[] = []
  /** Their records: what `pending()` returns, replaced when the queue changes. */
  #pending: readonly QueuedMutation[] = []
  readonly #listeners = new Set<() => void>()
  #sending = false
  #closed = false
  #sender: () => boolean = () => true
  /** A queued mutation `restore` is sending through the controller, so its `id` is kept. */
  #restoring: QueuedMutation | undefined
  readonly #network: NetworkStatus
  readonly #retryer: Retryer
  readonly #api: () => ManagerAPI | undefined

  constructor(network: NetworkStatus, retryer: Retryer, api: () => ManagerAPI | undefined) {
    this.#network = network
    this.#retryer = retryer
    this.#api = api
  }

  /** The mutations waiting to be sent, in order; the same array until the queue changes. */
  pending(): readonly QueuedMutation[] {
    return this.#pending
  }

  /** Whether a mutation waits to be sent. */
  get waiting(): boolean {
    return this.#entries.length > 0
  }

  /** Whether the mutation with this id is queued in this session. */
  has(id: string): boolean {
    return this.#entries.some((entry) => entry.item.id === id)
  }

  /** Calls `listener` whenever `pending()` changes. @returns what stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  /** Runs `send` (which reaches `mutate` through the controller) as the sending of the saved `item`. */
  restoring(item: QueuedMutation, send: () => void): void {
    this.#restoring = item
    try {
      send()
    } finally {
      this.#restoring = undefined
    }
  }

  /** Only the tab for which `isSender()` is true sends the queue; it is sent now if it may be. */
  setSender(isSender: () => boolean): void {
    this.#sender = isSender
    void this.send()
  }

  /** A mutation: sent now when online and nothing is queued before it; queued otherwise. */
  async mutate(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> {
    const restored = this.#restoring
    const item: QueuedMutation = restored ?? { id: `${call.fetchedAt}-${Math.random().toString(36).slice(2)}`, name: call.endpoint.name, key: call.key, args: call.args, fetchedAt: call.fetchedAt }
    // Behind the queue while it is being sent: mutations reach the server in the order they were
    // made. Restored ones always queue, so that they too are sent one after the other.
    if (!restored && this.#network.isOnline() && this.#entries.length === 0 && !this.#sending) {
      try {
        return await this.#retryer.attempts(call, run)
      } catch (error) {
        // No answer came: the network is down, so it waits in the queue like one made offline.
        if (!(error instanceof TypeError) || call.signal.aborted) throw error
      }
    }
    return new Promise((resolve, reject) => {
      this.#entries.push({ item, call, run, resolve, reject })
      this.#publish()
      void this.send()
    })
  }

  /**
   * Drops queued mutations another tab has sent (by `id`): each one's caller gets an AbortError,
   * and its optimistic guess goes.
   */
  drop(ids: readonly string[]): void {
    const gone = this.#entries.filter((entry) => ids.includes(entry.item.id))
    if (gone.length === 0) return
    this.#entries = this.#entries.filter((entry) => !gone.includes(entry))
    this.#publish()
    for (const entry of gone) {
      const error = new Error(
        process.env.NODE_ENV !== 'production' ? `${entry.item.key} was sent by another tab` : `Tessera E701: ${entry.item.key}`,
      )
      error.name = 'AbortError'
      entry.reject(error)
    }
  }

  /** Sends the queue, one mutation at a time, in order, while the network allows. */
  async send(): Promise<void> {
    if (this.#sending || this.#closed) return
    this.#sending = true
    try {
      while (this.#entries.length > 0 && this.#network.isOnline() && this.#sender()) {
        const entry = this.#entries[0]!
        // Aborted only by the store's cleanup: it stays owed, for the next session to send.
        if (entry.call.signal.aborted) return
        if (!(await this.#sendOne(entry))) return
      }
    } finally {
      this.#sending = false
      if (this.#entries.length > 0 && !this.#network.isOnline()) this.#network.check(undefined)
    }
  }

  /** Nothing more is sent; queued mutations stay in `pending()` (owed to the server, for a persister to keep). */
  close(): void {
    this.#closed = true
  }

  /** Sends `entry`, the first of the queue. @returns whether the queue may go on. */
  async #sendOne(entry: Entry): Promise<boolean> {
    // Handed to the network: no longer waiting (a reload from here on does not send it twice).
    this.#entries.shift()
    this.#publish()
    const { key, args, fetchedAt } = entry.call
    // A restored mutation sent at once was just announced, with this cause, by `restore`.
    if (entry.item !== this.#restoring) this.#api()?.dispatch(createFetch(key, args, fetchedAt, 'queued'))
    try {
      entry.resolve(await this.#retryer.attempts(entry.call, entry.run))
    } catch (error) {
      if (error instanceof TypeError && !entry.call.signal.aborted) {
        // Not sent after all: back at the head, until the network answers again.
        this.#entries.unshift(entry)
        this.#publish()
        return false
      }
      // Refused: its caller's promise rejects, and the controller rolls its guess back.
      entry.reject(error)
    }
    return true
  }

  #publish(): void {
    this.#pending = this.#entries.map((entry) => entry.item)
    for (const listener of [...this.#listeners]) listener()
  }
}
