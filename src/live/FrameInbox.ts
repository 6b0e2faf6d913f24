// Messages are applied once a frame: a flood renders once a frame, as one action.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

import type { ManagerAPI } from '../store/Manager'
import { describe, excerpt, LiveError } from './LiveError'

/** Applies one parsed message (LiveOptions.onMessage). */
type Apply = (message: unknown, api: ManagerAPI) => void

/** The messages of this frame, not yet applied. */
export class FrameInbox {
  #inbox: unknown[] = []
  #frame: (() => void) | undefined
  readonly #apply: Apply
  readonly #api: () => ManagerAPI | undefined
  readonly #report: (error: LiveError) => void

  constructor(apply: Apply, api: () => ManagerAPI | undefined, report: (error: LiveError) => void) {
    this.#apply = apply
    this.#api = api
    this.#report = report
  }

  /** Queues a message for the next frame (a hidden tab has no frames: a timer stands in). */
  push(data: unknown): void {
    this.#inbox.push(data)
    if (this.#frame !== undefined) return
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => this.#applyFrame()) : undefined
    const timer = setTimeout(() => this.#applyFrame(), raf === undefined ? 16 : 100)
    this.#frame = () => {
      if (raf !== undefined) cancelAnimationFrame(raf)
      clearTimeout(timer)
      this.#frame = undefined
    }
  }

  /** Drops the messages not applied yet, and the frame that would apply them. */
  clear(): void {
    this.#inbox = []
    this.#frame?.()
  }

  /**
   * Applies the frame's messages in order as one action (a store batch): each message in a batch
   * of its own inside it, so a message that throws is undone alone, and the next reads what the
   * ones before wrote (two increments in one frame make two).
   */
  #applyFrame(): void {
    this.#frame?.()
    const inbox = this.#inbox
    this.#inbox = []
    const api = this.#api()
    if (api === undefined || inbox.length === 0) return
    api.batch(() => {
      for (const data of inbox) {
        try {
          api.batch(() => this.#apply(parse(data), api))
        } catch (error) {
          this.#report(
            error instanceof LiveError && error.data === data
              ? error
              : new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: a message was dropped, the cache is unchanged: ${describe(error)}. Message: ${excerpt(data)}` : `Tessera E801: ${describe(error)}`, data, error),
          )
        }
      }
    })
  }
}

/** A message as the app's `onMessage` gets it: JSON text, parsed. @throws {TypeError} for anything but text; {LiveError} for text that is not JSON. */
function parse(data: unknown): unknown {
  if (typeof data !== 'string') throw new TypeError(`expected text, got ${data === null ? 'null' : typeof data}`)
  try {
    return JSON.parse(data)
  } catch (error) {
    throw new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: a message that is not JSON was dropped (${describe(error)}): ${excerpt(data)}` : 'Tessera E800', data, error)
  }
}
