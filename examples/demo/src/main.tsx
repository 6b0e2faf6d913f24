// The browser entry of `npm run demo`: the app rendered in the browser only, offline-first.
import { createRoot } from 'react-dom/client'
import { Root } from './Root'
import { createBrowserStore, registerServiceWorker, startOffline, stopOffline } from './offline'
import { reportCaught } from './reportCaught'
import { createActionLog } from './store'
import './styles.css'

const browser = createBrowserStore()
// Made before the restore, so the log starts with it (a `hydrate` action) and the app's first fetch.
const log = createActionLog(browser.store)
// The saved cache is restored before the first render (IndexedDB answers in milliseconds): the
// list shows at once from it, offline too, and nothing is fetched that is still fresh.
// A storage that does not answer within a second (a browser that blocks IndexedDB may never
// call back) does not hold the page: it renders, and the restore merges when it comes. (A
// promise, not a top-level await: Vite's default build target has none.)
const restoring = startOffline(browser)
void Promise.race([restoring, new Promise((resolve) => setTimeout(resolve, 1000))]).finally(() => {
  createRoot(document.getElementById('root')!, { onCaughtError: reportCaught }).render(<Root store={browser.store} log={log} />)
  registerServiceWorker()
})
import.meta.hot?.dispose(stopOffline)
