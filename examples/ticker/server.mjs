// The ticker example's server: the production build of the app, GET /api/prices/:symbol, and a
// WebSocket at /ws that takes { type: 'subscribe' | 'unsubscribe', symbol } and pushes
// { symbol, price }. Loopback only. `node examples/ticker/server.mjs` runs it (PORT, default 5180);
// tests call startTicker and drive the prices themselves.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { WebSocketServer } from 'ws'

const here = fileURLToPath(new URL('.', import.meta.url))
const dist = join(here, 'dist')
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * Builds the app and starts the server. Prices start at 100 for every symbol; `push(symbol, price)`
 * sends a new one to the sockets subscribed to it, `sendRaw(text)` sends any text to every socket,
 * and `heard` lists the subscribe / unsubscribe messages received, in order.
 * @param {{ port?: number, log?: (line: string) => void }} [options]
 */
export async function startTicker({ port = 0, log = () => {} } = {}) {
  await build({ configFile: join(here, 'vite.config.mjs'), logLevel: 'warn' })
  log('built the ticker app')
  const prices = new Map()
  const heard = []
  const subscribers = new Map()
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const quote = /^\/api\/prices\/([A-Z]+)$/.exec(url.pathname)
    if (quote) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ symbol: quote[1], price: prices.get(quote[1]) ?? 100 }))
    }
    const file = normalize(join(dist, url.pathname === '/' ? 'index.html' : url.pathname))
    if (!file.startsWith(dist)) return res.writeHead(404).end()
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  const sockets = new WebSocketServer({ server, path: '/ws' })
  sockets.on('connection', (socket) => {
    socket.on('message', (data) => {
      const { type, symbol } = JSON.parse(String(data))
      heard.push(`${type} ${symbol}`)
      if (!subscribers.has(symbol)) subscribers.set(symbol, new Set())
      if (type === 'subscribe') subscribers.get(symbol).add(socket)
      else subscribers.get(symbol).delete(socket)
    })
    socket.on('close', () => {
      for (const set of subscribers.values()) set.delete(socket)
    })
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address()
  return {
    url: `http://127.0.0.1:${bound}/`,
    heard,
    push(symbol, price) {
      prices.set(symbol, price)
      for (const socket of subscribers.get(symbol) ?? []) socket.send(JSON.stringify({ symbol, price }))
    },
    sendRaw(text) {
      for (const socket of sockets.clients) socket.send(text)
    },
    async close() {
      for (const socket of sockets.clients) socket.terminate()
      await new Promise((resolve) => sockets.close(resolve))
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const ticker = await startTicker({ port: Number(process.env.PORT ?? 5180), log: console.log })
  console.log(`ticker at ${ticker.url}; prices move every second. Ctrl-C stops it.`)
  setInterval(() => {
    for (const symbol of ['ACME', 'INIT', 'GLOBX']) ticker.push(symbol, Math.round((90 + Math.random() * 20) * 100) / 100)
  }, 1000).unref()
  process.once('SIGINT', () => ticker.close().then(() => process.exit(0)))
}
