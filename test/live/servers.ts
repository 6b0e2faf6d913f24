// Real servers for the live tests: a WebSocket server (`ws`) and a server-sent-events server
// (`node:http`), both also answering GET /todos/:id with JSON, and an EventSource for Node
// (browsers have one; Node 20 does not) that speaks the protocol over `node:http`.
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws'
import { Endpoint, Entity } from '../../src/index'
import type { LiveSocket } from '../../src/live/index'

export class Todo extends Entity {
  id = ''
  title = ''
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Todo'
}

export const todo = (id: string, fields: Partial<{ title: string; likes: number }> = {}) => ({ id, title: `Todo ${id}`, likes: 0, ...fields })

/** What both servers have in common: the data they serve, the reads they answered, a way to stop. */
interface Base {
  readonly url: string
  readonly todos: Map<string, ReturnType<typeof todo>>
  /** Ids of the GET /todos/:id requests answered, in order. */
  readonly reads: string[]
  close(): Promise<void>
}

function listen(server: Server, onRequest: (req: IncomingMessage, res: ServerResponse) => boolean, base: Omit<Base, 'url' | 'close'>): Promise<string> {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/todos\/([^/?]+)/.exec(req.url ?? '')
    if (match) {
      const id = decodeURIComponent(match[1]!)
      base.reads.push(id)
      const found = base.todos.get(id)
      res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' })
      res.end(JSON.stringify(found ?? { message: 'not found' }))
      return
    }
    if (!onRequest(req, res)) {
      res.writeHead(404)
      res.end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)))
}

export interface WsTestServer extends Base {
  /** Every message clients sent, parsed, in order. */
  readonly received: unknown[]
  /** Connections opened so far, and those open now. */
  connections(): { opened: number; open: number }
  /** Sends to every open client. */
  push(message: unknown): void
  /** Cuts every connection, as a crashing server or a dropped network would. */
  drop(): void
}

export async function startWsServer(): Promise<WsTestServer> {
  const server = createServer()
  const wss = new WebSocketServer({ server })
  const sockets = new Set<ServerSocket>()
  let opened = 0
  const received: unknown[] = []
  wss.on('connection', (socket) => {
    opened++
    sockets.add(socket)
    socket.on('message', (data) => received.push(JSON.parse(String(data))))
    socket.on('close', () => sockets.delete(socket))
  })
  const base = { todos: new Map(), reads: [] as string[] }
  const address = await listen(server, () => false, base)
  return {
    ...base,
    url: `ws://${address}`,
    received,
    connections: () => ({ opened, open: sockets.size }),
    push: (message) => {
      const text = typeof message === 'string' ? message : JSON.stringify(message)
      for (const socket of sockets) socket.send(text)
    },
    drop: () => {
      for (const socket of sockets) socket.terminate()
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.terminate()
        wss.close()
        server.close(() => resolve())
      }),
  }
}

export interface SseTestServer extends Base {
  /** The `http://host:port` prefix (GET /events is the stream). */
  readonly http: string
  connections(): { opened: number; open: number }
  push(message: unknown): void
  drop(): void
}

export async function startSseServer(): Promise<SseTestServer> {
  const server = createServer()
  const streams = new Set<ServerResponse>()
  let opened = 0
  const base = { todos: new Map(), reads: [] as string[] }
  const address = await listen(
    server,
    (req, res) => {
      if (!req.url?.startsWith('/events')) return false
      opened++
      streams.add(res)
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      res.write(': hello\n\n')
      res.on('close', () => streams.delete(res))
      return true
    },
    base,
  )
  return {
    ...base,
    url: `http://${address}/events`,
    http: `http://${address}`,
    connections: () => ({ opened, open: streams.size }),
    push: (message) => {
      const text = typeof message === 'string' ? message : JSON.stringify(message)
      for (const res of streams) res.write(`data: ${text.split('\n').join('\ndata: ')}\n\n`)
    },
    drop: () => {
      for (const res of streams) res.destroy()
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of streams) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The browser's EventSource, as far as LiveManager uses it: 'open', 'message' (one per event,
 * `data` lines joined), 'error' when the stream ends; `close()` ends it. Unlike a browser's, it
 * never reconnects by itself (LiveManager closes it on 'error' and reconnects on its own schedule).
 */
export class NodeEventSource {
  #listeners = new Map<string, Set<(event: any) => void>>()
  #request: ReturnType<typeof get>
  #closed = false

  constructor(url: string) {
    this.#request = get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return this.#emit('error', {})
      this.#emit('open', {})
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const lines = block.split('\n').filter((line) => line.startsWith('data:'))
          if (lines.length > 0) this.#emit('message', { data: lines.map((line) => line.slice(5).replace(/^ /, '')).join('\n') })
        }
      })
      res.on('close', () => this.#emit('error', {}))
    })
    this.#request.on('error', () => this.#emit('error', {}))
  }

  addEventListener(type: string, listener: (event: any) => void): void {
    let set = this.#listeners.get(type)
    if (set === undefined) this.#listeners.set(type, (set = new Set()))
    set.add(listener)
  }

  close(): void {
    this.#closed = true
    this.#request.destroy()
  }

  #emit(type: string, event: object): void {
    if (this.#closed) return
    for (const listener of this.#listeners.get(type) ?? []) listener(event)
  }
}

/** GET /todos/:id from one of these servers, as an endpoint (with `live`, which LiveManager reads by default). */
export function todoEndpoint(http: string) {
  return new Endpoint(
    ({ id }: { id: string }) =>
      new Promise<ReturnType<typeof todo>>((resolve, reject) => {
        get(`${http}/todos/${id}`, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (body += chunk))
          res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${res.statusCode}`))))
        }).on('error', reject)
      }),
    { schema: Todo, name: 'getTodo', ...live },
  )
}

// Spread, not written in the literal: `live` is read by LiveManager, not declared by Endpoint's options.
const live = { live: true }

/** Waits (real time) until `check` passes, polling every few ms; fails after `timeout` ms. */
export async function until(check: () => boolean, timeout = 3_000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${check.toString()}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A socket the test drives by hand: `open()`, then `message(data)` delivers at once. */
export class HandSocket implements LiveSocket {
  #listeners = new Map<string, ((event: any) => void)[]>()
  closed = false
  addEventListener(type: string, listener: (event: any) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener])
  }
  close(): void {
    this.closed = true
  }
  open(): void {
    for (const listener of this.#listeners.get('open') ?? []) listener({})
  }
  /** Delivers `data` as JSON. */
  message(data: unknown): void {
    this.raw(JSON.stringify(data))
  }
  /** Delivers `data` as it is (a malformed message, a binary one). */
  raw(data: unknown): void {
    for (const listener of this.#listeners.get('message') ?? []) listener({ data })
  }
}
