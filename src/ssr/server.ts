// The server side of `tessera/ssr`: the request's store records each response it receives, and
// the data scripts carry them to the page (stream.ts puts them into React's HTML; browser.ts
// applies them). Nothing here imports Node: it runs in Node, edge runtimes and browsers.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { BATCH, RECEIVE } from '../store/actionTypes'
import type { Action, ReceiveAction } from '../store/actions'
import { createStore, type Store, type StoreOptions } from '../store/createStore'
import { selectMeta } from '../store/state'
import { GLOBAL } from './global'
import { ServerDataError, type ServerDataBatch } from './hydrate'
import { originManager } from './origin'
import { pipeWithData, transformWithData, type PipeDestination } from './stream'

/** Every response each store createServerData made has received, for takeServerData. */
const recorded = new WeakMap<Store, ReceiveAction[]>()

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
  const stopRecording = store.subscribe(record)
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
    stopRecording()
    store.cleanup()
  }
  return {
    store,
    takeCode,
    takeHTML,
    close,
    pipe: (destination) => pipeWithData(destination, takeHTML, close),
    transform: () => transformWithData(takeHTML, close),
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
