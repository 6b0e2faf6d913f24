// The browser entry of `npm run demo`: the app rendered in the browser only.
import { createRoot } from 'react-dom/client'
import { Root } from './Root'
import { reportCaught } from './reportCaught'
import { createActionLog, createBrowserStore } from './store'
import './styles.css'

const store = createBrowserStore()
// Made before the first render, so the log starts with the app's first fetch.
const log = createActionLog(store)

createRoot(document.getElementById('root')!, { onCaughtError: reportCaught }).render(<Root store={store} log={log} />)
