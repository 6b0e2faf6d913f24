// `tessera/ssr`: server rendering with streaming hydration. The server's store records each
// response it receives; the stream writes them, as plain receive actions inside a <script>, ahead
// of the HTML React writes next (so ahead of the Suspense boundary that waited for them); the
// browser applies each batch to its own store as one `tessera/hydrate` action before React
// hydrates that boundary. Nothing here imports Node: it runs in Node, edge runtimes and browsers.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { BATCH, RECEIVE } from '../store/actionTypes'
import type { Action, ReceiveAction } from '../store/actions'
import { createStore, type Store, type StoreOptions } from '../store/createStore'
import { selectMeta } from '../store/state'
import { hydrateAction, ServerDataError, type ServerDataBatch } from './hydrate'
import { originManager } from './origin'

export { hydrateAction, ServerDataError, type ServerDataBatch }

/** The global the streamed scripts push their batches to, and receiveServerData reads. */
const GLOBAL = '__TESSERA_DATA__'

/** Options of createServerData: the request's store, or createStore's options to make one. */
export interface ServerDataOptions extends StoreOptions {
  /**
   * The request's store, when the caller makes it. One per request: a store shared by two
   * requests would put one user's data in the other's HTML. None of the other options applies
   * to a store passed here (`origin` included).
   */
  store?: Store
  /**
   * Where the render's requests to relative URLs go (`'http://localhost:3000'`): the address the
   * server reaches its API at, from configuration (the request's Host header is the client's to
   * choose: trust it only when a proxy you trust sets it). The browser resolves an endpoint's
   * relative URL (`path: '/api/articles'`) against the page; the server has no page, and without
   * this such a request fails. The cache keys keep the relative URL, so the browser, with the
   * same endpoints, finds the server's data under its own keys and hydrates with no request.
   * Applies to RestEndpoint and createResource endpoints, through the store's `request` hook (so
   * the store may have no other manager with one, such as an OfflineManager).
   */
  origin?: string | URL
  /** A Content-Security-Policy nonce, put on every `<script>` written. */
  nonce?: string
}

/**
 * The writable `pipe` returns: what React's `renderToPipeableStream(...).pipe` writes to (and
 * what `destination` must offer), so no Node types are needed to use it.
 */
export interface PipeDestination {
  write(chunk: any, ...rest: any[]): boolean
  end(...args: any[]): unknown
  on(event: string, listener: (...args: any[]) => void): unknown
  once?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
  off?(event: string, listener: (...args: any[]) => void): unknown
  emit?(event: string, ...args: any[]): unknown
  flush?(): void
  destroy?(error?: Error): unknown
}

/** One server render's data: its store, and the ways to stream what that store receives. */
export interface ServerData {
  /** This request's store: render with `<DataProvider store={data.store}>`. */
  readonly store: Store
  /**
   * For `renderToPipeableStream`: `pipe(data.pipe(res))` in `onShellReady`. Writes each batch
   * of responses ahead of the HTML React writes next, the first one before `</head>` when the
   * render is a whole document (so it is on the page before the client's scripts run); stops
   * the store when React ends the stream. What it returns forwards to `destination` everything
   * React uses of a writable (typed as the destination, so it passes where React wants one).
   */
  pipe<W extends PipeDestination>(destination: W): W
  /** For `renderToReadableStream`: `stream.pipeThrough(data.transform())`. Same placement as `pipe`. */
  transform(): TransformStream<Uint8Array, Uint8Array>
  /**
   * For frameworks with their own insertion point (Next.js's `useServerInsertedHTML`): the code
   * of one script carrying what the store received since the last call, escaped for a `<script>`
   * element; '' when nothing is new. Render it as
   * `<script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />`.
   */
  takeCode(): string
  /** `takeCode()` inside a `<script>` element (with the nonce), or '' when nothing is new. */
  takeHTML(): string
  /** Stops the request's store (timers, requests in flight). `pipe` and `transform` call it when the stream ends. */
  close(): void
}

/**
 * Starts one server render's data: a store of its own (never module state, so concurrent
 * requests never see each other's data) that records every response it receives, to be
 * streamed to the browser as the boundaries that needed them resolve. Failed reads are not sent:
 * the browser retries them, as React does for a boundary that failed on the server.
 */
export function createServerData(options: ServerDataOptions = {}): ServerData {
  const { store: given, nonce, ...storeOptions } = options
  if (given !== undefined && storeOptions.origin !== undefined) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? 'createServerData: `origin` applies to the store it makes, and a store passed as `store` was made already. Leave `store` out (give createServerData the options you made it with), or give that store absolute URLs.'
        : 'Tessera E602: origin',
    )
  }
  const { origin, ...createOptions } = storeOptions
  const store = given ?? createStore(origin === undefined ? createOptions : { ...createOptions, managers: [...(createOptions.managers ?? []), originManager(origin)] })
  let pending: ReceiveAction[] = []
  const all: ReceiveAction[] = []
  recorded.set(store, all)
  // Hydrate batches are not forwarded: their data reached the page the way it reached this store.
  // The responses of a store batch are, as if they had come one by one.
  const record = (action: Action): void => {
    if (action.type === BATCH) return action.actions.forEach(record)
    if (action.type !== RECEIVE || action.error) return
    pending.push(action)
    all.push(action)
  }
  const unsubscribe = store.subscribe(record)
  const takeCode = (): string => {
    if (pending.length === 0) return ''
    const batch: ServerDataBatch = { now: store.controller.now(), actions: pending }
    pending = []
    return `(self.${GLOBAL}=self.${GLOBAL}||[]).push(${scriptJSON(batch)})`
  }
  const takeHTML = (): string => {
    const code = takeCode()
    return code && `<script${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${code}</script>`
  }
  let closed = false
  const close = (): void => {
    if (closed) return
    closed = true
    unsubscribe()
    store.cleanup()
  }
  return {
    store,
    takeCode,
    takeHTML,
    close,
    pipe(destination) {
      const injector = createInjector(takeHTML, (chunk) => destination.write(chunk))
      const forward = (name: 'on' | 'once' | 'removeListener' | 'off') =>
        function (this: PipeDestination, event: string, listener: (...args: any[]) => void) {
          destination[name]?.(event, listener)
          return this
        }
      return {
        write: (chunk: unknown) => injector.write(chunk),
        end(...args: any[]) {
          injector.end()
          close()
          return destination.end(...args)
        },
        on: forward('on'),
        once: forward('once'),
        removeListener: forward('removeListener'),
        off: forward('off'),
        emit: (event: string, ...args: any[]) => destination.emit?.(event, ...args),
        // Compression middleware's flush, which React calls after each batch when present.
        flush: () => destination.flush?.(),
        destroy(error?: Error) {
          close()
          return destination.destroy?.(error)
        },
      } as PipeDestination as typeof destination
    },
    transform() {
      let output!: TransformStreamDefaultController<Uint8Array>
      const injector = createInjector(takeHTML, (chunk) => {
        output.enqueue(typeof chunk === 'string' ? (encoder ??= new TextEncoder()).encode(chunk) : chunk)
        return true
      })
      return new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          output = controller
        },
        transform(chunk) {
          injector.write(chunk)
        },
        flush() {
          injector.end()
          close()
        },
      })
    },
  }
}

// Made on first use: jsdom (where apps test their components) has no TextEncoder.
let encoder: TextEncoder | undefined

/**
 * Puts the data scripts into React's HTML. A whole document (it starts with a doctype or
 * `<html>`) is held until its `</head>` has been seen and the first scripts go just before it, so
 * the shell's data runs before any client script; after that (and for a fragment from the start)
 * the scripts due go ahead of each chunk. React writes a resolved boundary in one synchronous
 * flush and responses arrive between flushes, so data never lands inside a boundary's HTML.
 */
function createInjector(takeHTML: () => string, write: (chunk: Uint8Array | string) => boolean) {
  // Undefined: nothing seen yet; a string: the start of a document, held until its head closes.
  let head: string | undefined
  let streaming = false
  const decoder = new TextDecoder()
  const flushHead = (text: string): boolean => {
    streaming = true
    head = undefined
    const end = text.search(/<\/head>/i)
    const at = end === -1 ? 0 : end
    return write(text.slice(0, at) + takeHTML() + text.slice(at))
  }
  return {
    write(chunk: unknown): boolean {
      const bytes = chunk as Uint8Array | string
      if (streaming) {
        const html = takeHTML()
        if (html) write(html)
        return write(bytes)
      }
      const text = (head ?? '') + (typeof bytes === 'string' ? bytes : decoder.decode(bytes, { stream: true }))
      if (head === undefined && !/^\s*<(!doctype|html)/i.test(text)) return flushHead(text)
      if (/<\/head>/i.test(text)) return flushHead(text)
      head = text
      return true
    },
    /** The stream ends: what is held, and any data still due, go out. */
    end(): void {
      if (!streaming && head !== undefined) flushHead(head)
      const html = takeHTML()
      if (html) write(html)
    },
  }
}

/**
 * JSON that is safe inside a `<script>` element: `<` (so no `</script>` or `<!--` can end or
 * change the element), `>`, `&` and the two line separators are written as escapes, which
 * JSON.parse and JavaScript read back as the same characters. They only occur inside strings.
 */
function scriptJSON(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * Everything the store of `data` has received so far, as one batch: for code that carries server
 * data its own way (a Server Component handing it to a client component as a prop, a
 * framework's loader data). Apply it in the browser with `store.dispatch(hydrateAction(batch))`;
 * sending a response twice is harmless (it merges).
 * @throws {ServerDataError} for a store createServerData did not make (it recorded nothing).
 */
export function takeServerData(data: ServerData | Store): ServerDataBatch {
  const store = 'store' in data ? data.store : data
  const all = recorded.get(store)
  if (all === undefined) {
    throw new ServerDataError(
      process.env.NODE_ENV !== 'production'
        ? 'takeServerData: this store was not made by createServerData, so it recorded nothing to send. Make the request\'s store with createServerData().store.'
        : 'Tessera E601',
    )
  }
  const state = store.getState()
  // Only what the store still holds (a key the GC dropped since is not sent), with plain objects
  // for the null-prototype tables: React refuses those as props of a Client Component.
  const actions = all.filter((action) => selectMeta(state, action.key) !== undefined)
  return JSON.parse(JSON.stringify({ now: store.controller.now(), actions }))
}

const recorded = new WeakMap<Store, ReceiveAction[]>()

/** Options of receiveServerData. */
export interface ReceiveServerDataOptions {
  /** Told of a batch that could not be applied (it is dropped; the cache keeps what it had). Default: console.error. */
  onError?: (error: Error) => void
}

type Receiver = (batch: ServerDataBatch) => void
interface Queue extends Array<ServerDataBatch> {
  receivers?: Set<Receiver>
}

/**
 * In the browser: applies the data the server streamed to `store`, what is on the page already
 * and each batch that arrives later, each as one `tessera/hydrate` action (it merges into what is
 * there; DevTools shows it and a log replays it). Call it right after `createStore`, before
 * `hydrateRoot`, so boundaries the server resolved find their data and fetch nothing. Several
 * stores may listen; each gets every batch. Returns a function that stops listening.
 */
export function receiveServerData(store: Store, options: ReceiveServerDataOptions = {}): () => void {
  const scope = globalThis as unknown as Record<string, Queue | undefined>
  const queue = (scope[GLOBAL] ??= [])
  const receive: Receiver = (batch) => {
    try {
      // Marked as the page's server data: the store keeps the state React hydrates against from
      // it (see `store.getServerState`).
      store.dispatch({ ...hydrateAction(batch, store.controller.now()), server: true })
    } catch (error) {
      const report = options.onError ?? ((failure: Error) => console.error(failure))
      report(error instanceof Error ? error : new ServerDataError(String(error)))
    }
  }
  if (queue.receivers === undefined) {
    const receivers = (queue.receivers = new Set())
    // Batches written after this script ran reach every store at once; the array keeps them for
    // stores made later.
    queue.push = (...batches: ServerDataBatch[]) => {
      Array.prototype.push.apply(queue, batches)
      for (const batch of batches) for (const each of receivers) each(batch)
      return queue.length
    }
  }
  for (const batch of queue) receive(batch)
  queue.receivers.add(receive)
  return () => void queue.receivers?.delete(receive)
}
