import { StrictMode } from 'react'
import { DataProvider, type Store } from 'tessera'
import { App } from './App'
import { DemoDevtools } from './components/DemoDevtools'
import { BrowserRouter, StaticRouter } from './router'
import { ActionLogContext, StoreContext, emptyLog, type ActionLog } from './store'

/**
 * The whole app over one store. In the browser (no `url`) the route follows the address bar; a
 * server render passes the request's `url`, and its own store.
 */
export function Root({ store, log = emptyLog, url }: { store: Store; log?: ActionLog; url?: string }) {
  const app = <App />
  return (
    <StrictMode>
      <StoreContext.Provider value={store}>
        <ActionLogContext.Provider value={log}>
          <DataProvider store={store}>
            {url === undefined ? <BrowserRouter>{app}</BrowserRouter> : <StaticRouter url={url}>{app}</StaticRouter>}
            {/* Outside the app's boundaries: an error forced from the panel shows in the app, not over the panel. */}
            <DemoDevtools />
          </DataProvider>
        </ActionLogContext.Provider>
      </StoreContext.Provider>
    </StrictMode>
  )
}
