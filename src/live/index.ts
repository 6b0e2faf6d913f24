// The public surface of `tessera/live`: a WebSocket / server-sent-events stream that writes into
// the cache while components read live endpoints. Its own entry, so apps without streams bundle
// none of it. Read live data with `useLive` / `useSubscription` from 'tessera'.
export { LiveManager, type LiveOptions, type LiveSocket, type NetworkEvents } from './LiveManager'
export { LiveError } from './LiveError'
export { setNetworkSource, type NetworkSource } from '../store/network'
