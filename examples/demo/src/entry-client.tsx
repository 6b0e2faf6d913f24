// The browser entry of `npm run demo:ssr`: the page arrives rendered, with the data the server
// fetched in <script>s; the store takes that data first, then React hydrates, so no read the
// server made is fetched again.
import '@vitejs/plugin-react/preamble'
import { hydrateRoot } from 'react-dom/client'
import { receiveServerData } from 'tessera/ssr'
import { Root } from './Root'
import { reportCaught } from './reportCaught'
import { createBrowserStore, startOffline, stopOffline } from './offline'
import { createActionLog } from './store'
import './styles.css'

const browser = createBrowserStore()
const { store } = browser
// Made before the data is applied, so the log starts with the server's data (`hydrate` actions).
const log = createActionLog(store)
receiveServerData(store)
// The page is already rendered, so React hydrates at once; the saved cache and queue are merged
// when IndexedDB answers (never over the newer data the server sent). No service worker here:
// a cached server-rendered page would carry the data of its day.
void startOffline(browser)
import.meta.hot?.dispose(stopOffline)

hydrateRoot(document.getElementById('root')!, <Root store={store} log={log} />, {
  onCaughtError: reportCaught,
  onRecoverableError(error, info) {
    // A read that failed on the server with an HTTP error (entry-server's digest) is retried
    // here, as React does for a boundary the server could not finish; its error boundary shows
    // the outcome. Anything else (a hydration mismatch) is a bug.
    const digest = (error as { digest?: unknown } | null)?.digest
    if (typeof digest === 'string' && digest.startsWith('http ')) console.info(`Retried in the browser after the server got ${digest}`)
    else console.error(error, info.componentStack)
  },
})
