import type { EndpointInterface } from '../endpoint/types'
import type { ManagerAPI, TesseraHooks } from './Manager'

/** One argument set that something on screen reads: how many readers, and what they read. */
export interface MountedRead {
  readonly key: string
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
  /** Components (and subscriptions) reading it now; at least 1 while it is listed. */
  count: number
}

/**
 * The store's one registry of mounted reads: which argument sets something on screen reads, and
 * how many readers each has. The reading hooks and `controller.subscribe` register here (through
 * `controller.retain` / `release`); the garbage collector keeps what is listed, `revalidate`
 * refetches it, and every manager with `mount` / `unmount` hooks hears of the first and the last
 * reader of each argument set, so no manager keeps a count of its own. Plain data out
 * (`entries`), for the devtools.
 */
export class Readers {
  #reads = new Map<string, MountedRead>()
  /** The hooks that follow first and last readers (polling, a live stream, retries), in the store's order. */
  declare readonly followers: readonly TesseraHooks[]
  /** Told when the last reader of a key went away: the collector (its gcTime starts), tools (see `subscribe`). */
  readonly #listeners = new Set<(key: string) => void>()

  constructor(followers: readonly TesseraHooks[]) {
    this.followers = followers
  }

  /** A reader of `key` mounted; the first one is announced to the followers, with `api` (the controller that registered it). */
  retain(key: string, endpoint: EndpointInterface, args: readonly unknown[], api: ManagerAPI): void {
    const read = this.#reads.get(key)
    if (read !== undefined) return void read.count++
    this.#reads.set(key, { key, count: 1, endpoint, args })
    for (const hooks of this.followers) hooks.mount?.(api, endpoint, args)
  }

  /** A reader of `key` went away; with the last one, the followers are told and the key may be collected. */
  release(key: string): void {
    const read = this.#reads.get(key)
    if (read === undefined || --read.count > 0) return
    this.#reads.delete(key)
    for (const hooks of this.followers) hooks.unmount?.(read.endpoint, read.args)
    for (const listener of this.#listeners) listener(key)
  }

  /**
   * Calls `listener` with each key whose last reader just went away, as it happens: the collector
   * starts its gcTime then, and tools that attach to a running store (the devtools' countdown to
   * collection) see the same moment. @returns what stops it.
   */
  subscribe(listener: (key: string) => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  /** True while something reads `key`. */
  has(key: string): boolean {
    return this.#reads.has(key)
  }

  /** Every mounted read, oldest first. */
  entries(): IterableIterator<Readonly<MountedRead>> {
    return this.#reads.values()
  }
}
