// A small real HTTP API for the server-rendering tests: articles, a per-user profile read from a
// header, an endpoint that answers slowly, and one that fails. Records every request it saw.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  readonly method: string
  readonly path: string
  readonly user: string | undefined
}

export interface TestApi {
  readonly url: string
  readonly seen: SeenRequest[]
  /** Titles by article id; tests may change them. */
  readonly titles: Map<string, string>
  close(): Promise<void>
}

/** Starts the API on a free port. `slowMs` delays `/slow`; `/users/me` answers after `userDelay(user)` ms. */
export async function startApi({ slowMs = 500, userDelay = () => 0 }: { slowMs?: number; userDelay?: (user: string) => number } = {}): Promise<TestApi> {
  const titles = new Map([
    ['1', 'First article'],
    ['2', 'Second article'],
  ])
  const seen: SeenRequest[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    const path = req.url ?? '/'
    const user = req.headers['x-user'] as string | undefined
    seen.push({ method: req.method ?? 'GET', path, user })
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const article = /^\/articles\/([^/]+)$/.exec(path)
    if (path === '/articles') return json(200, [...titles].map(([id, title]) => ({ id, title })))
    if (article) return titles.has(article[1]!) ? json(200, { id: article[1], title: titles.get(article[1]!) }) : json(404, { message: 'no such article' })
    if (path === '/slow') return void setTimeout(() => json(200, { id: 'slow', title: 'Slow article' }), slowMs)
    if (path === '/users/me') return void setTimeout(() => json(200, { id: user, name: `Name of ${user}` }), userDelay(user ?? ''))
    if (path === '/broken') return json(500, { message: 'the database is down' })
    json(404, { message: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    titles,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
