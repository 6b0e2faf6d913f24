import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { DataProvider, NetworkError } from 'tessera'
import { App } from './App'
import { store } from './store'
import './styles.css'

const root = createRoot(document.getElementById('root')!, {
  // An HTTP error an error boundary shows (a 404 with its Retry button) is part of the page, not a
  // bug: note it quietly. Anything else a boundary catches is a bug and is logged as one.
  onCaughtError(error, info) {
    if (error instanceof NetworkError) console.info(`Shown by an error boundary: ${error.message}`)
    else console.error(error, info.componentStack)
  },
})

root.render(
  <StrictMode>
    <DataProvider store={store}>
      <App />
    </DataProvider>
  </StrictMode>,
)
