import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { AsyncBoundary, DataProvider, getDefaultManagers, useLive } from 'tessera'
import { getPrice } from './resources'
import { TickerManager } from './TickerManager'

const ticker = new TickerManager(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`)
// As a data-client app writes it: the defaults, and the app's own manager.
const managers = [...getDefaultManagers(), ticker]

function Quote({ symbol }: { symbol: string }) {
  const { price } = useLive(getPrice, { symbol })
  return (
    <li data-symbol={symbol}>
      {symbol}: <span className="price">{price.toFixed(2)}</span>
    </li>
  )
}

function Problems() {
  const [problems, setProblems] = useState<string[]>([])
  useEffect(() => ticker.onProblem((problem) => setProblems((all) => [...all, problem])), [])
  return problems.length === 0 ? null : (
    <div role="alert">
      {problems.map((problem, i) => (
        <p key={i}>{problem}</p>
      ))}
    </div>
  )
}

function App() {
  const [shown, setShown] = useState<string[]>(['ACME', 'INIT'])
  const toggle = (symbol: string) => setShown((all) => (all.includes(symbol) ? all.filter((s) => s !== symbol) : [...all, symbol]))
  return (
    <main>
      <h1>Ticker</h1>
      {['ACME', 'INIT', 'GLOBX'].map((symbol) => (
        <label key={symbol}>
          <input type="checkbox" checked={shown.includes(symbol)} onChange={() => toggle(symbol)} /> {symbol}
        </label>
      ))}
      <AsyncBoundary fallback={<p>Loading prices…</p>}>
        <ul>
          {shown.map((symbol) => (
            <Quote key={symbol} symbol={symbol} />
          ))}
        </ul>
      </AsyncBoundary>
      <Problems />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DataProvider managers={managers}>
      <App />
    </DataProvider>
  </StrictMode>,
)
