// `tessera/ssr`: server rendering with streaming hydration. The server's store records each
// response it receives; the stream writes them, as plain receive actions inside a <script>, ahead
// of the HTML React writes next (so ahead of the Suspense boundary that waited for them); the
// browser applies each batch to its own store as one `tessera/hydrate` action before React
// hydrates that boundary. Nothing here imports Node: it runs in Node, edge runtimes and browsers.
// The server side is in server.ts (and stream.ts), the browser side in browser.ts.

export { hydrateAction, ServerDataError, type ServerDataBatch } from './hydrate'
export { createServerData, takeServerData, type ServerData, type ServerDataOptions } from './server'
export type { PipeDestination } from './stream'
export { receiveServerData, type ReceiveServerDataOptions } from './browser'
