/**
 * The real fetch path: Node's own `fetch` against a `node:http` server on 127.0.0.1, started and
 * stopped by this suite. No fake: what the server sees is what a remote API would see.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { InvalidParameterError, MissingParameterError, NetworkError, RestEndpoint, SchemaError, createResource } from '../../src/index'
import type { RestGenerics } from '../../src/index'
import { Todo, todo } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'

/** What the server received, echoed back as JSON by /echo. */
interface Echo {
  method: string
  url: string
  headers: Record<string, string>
  body: string
}

const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
  '/echo': (req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }))
  },
  '/todos/1': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(todo('1')))
  },
  '/todos/2': (req, res) => {
    res.writeHead(204)
    res.end()
  },
  '/todos': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', link: '</todos?page=2>; rel="next"' })
    res.end(JSON.stringify([todo('1'), todo('2')]))
  },
  '/error-page': (req, res) => {
    res.writeHead(500, { 'content-type': 'text/html' })
    res.end('<!doctype html><html><body><h1>Internal Server Error</h1></body></html>')
  },
  '/lying-json': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('<html>Maintenance</html>')
  },
  '/drop': (req) => {
    req.socket.destroy()
  },
  '/text': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('pong')
  },
  // No content-type header at all (Node adds none unless asked).
  '/untyped': (req, res) => {
    res.writeHead(200)
    res.end('{"id":"1","title":"Looks like JSON"}')
  },
  '/html-200': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><html><body>Single-page app fallback</body></html>')
  },
  // Headers and the start of a JSON body, then the connection is cut.
  '/cut-body': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    res.write('{"items":[1,2,')
    setTimeout(() => req.socket.destroy(), 20)
  },
  // Never answers; tells the test when the client gave up.
  '/slow': (req, res) => {
    slowRequests.push(new Promise((resolve) => res.on('close', () => resolve('closed by client'))))
  },
}
const slowRequests: Promise<string>[] = []

/** Every request line the server received (`METHOD /path?query`), in order. */
const received: string[] = []

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      received.push(`${req.method} ${req.url}`)
      const route = routes[new URL(req.url!, 'http://x').pathname]
      if (route) return route(req, res, body)
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: `no route ${req.url}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  // Keep-alive sockets would hold the server (and jest) open.
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Adds a header through getRequestInit, as an API-wide subclass would. */
class ClientEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getRequestInit(body: unknown): Promise<RequestInit> {
    const init = await super.getRequestInit(body)
    return { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Client': 'tessera-test' } }
  }
}

describe('RestEndpoint against a real HTTP server', () => {
  it('delivers the method, the encoded path, the sorted query, the headers and the JSON body as sent', async () => {
    const send = new ClientEndpoint({
      urlPrefix: base,
      path: '/echo',
      method: 'POST',
      requestInit: { headers: { Authorization: 'Bearer abc' } },
      searchParams: {} as { b: string; a: string },
    })
    const echo = (await send({ b: 'two words', a: 'é' }, { title: 'Ünïcode', n: [1, 2] })) as Echo
    expect(echo.method).toBe('POST')
    expect(echo.url).toBe('/echo?a=%C3%A9&b=two+words')
    expect(echo.headers).toMatchObject({ authorization: 'Bearer abc', 'x-client': 'tessera-test', 'content-type': 'application/json' })
    expect(JSON.parse(echo.body)).toEqual({ title: 'Ünïcode', n: [1, 2] })
  })

  it('runs a resource through the store: entities from JSON, null from a 204', async () => {
    const resource = createResource({ urlPrefix: base, path: '/todos/:id', schema: Todo })
    const { controller } = createTestStore()
    await expect(controller.fetch(resource.get, { id: '1' })).resolves.toBeInstanceOf(Todo)
    await expect(controller.fetch(resource.delete, { id: '2' })).resolves.toEqual(Todo.fromJS({ id: '2' }))
  })

  it('rejects a 404 with a NetworkError carrying the status, the response and the URL', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/missing/:id' })
    const error = (await get({ id: 'x' }).catch((e: unknown) => e)) as NetworkError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.status).toBe(404)
    expect(error.message).toBe(`404 Not Found from GET ${base}/missing/x: {"error":"no route /missing/x"}`)
    await expect(error.response.json()).resolves.toEqual({ error: 'no route /missing/x' })
  })

  it('lets parseResponse read the link header', async () => {
    class LinkEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override async parseResponse(response: Response) {
        const results = await super.parseResponse(response)
        if (response.headers.has('link') || Array.isArray(results)) return { link: response.headers.get('link') ?? '', results }
        return results
      }
    }
    const list = new LinkEndpoint({ urlPrefix: base, path: '/todos', schema: { results: [Todo], link: '' } })
    const { controller } = createTestStore()
    const page = await controller.fetch(list)
    expect(page.link).toBe('</todos?page=2>; rel="next"')
    expect(page.results.map((t: Todo) => t.id)).toEqual(['1', '2'])
  })

  it('explains an HTML error page: status, request and the start of the page', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/error-page' })
    const error = (await get().catch((e: unknown) => e)) as NetworkError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.status).toBe(500)
    expect(error.message).toBe(
      `500 Internal Server Error from GET ${base}/error-page: <!doctype html><html><body><h1>Internal Server Error</h1></body></html>`,
    )
  })

  it('explains a 200 whose body claims JSON but is not', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/lying-json' })
    await expect(get()).rejects.toThrow(
      /^GET \/lying-json: the response says application\/json but its body is not JSON: "<html>Maintenance<\/html>"/,
    )
  })

  it('rejects when the server drops the connection, keeping the underlying cause in the message', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/drop' })
    const error = (await get().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(TypeError)
    // Node says "fetch failed"; the reason (a closed socket) is its cause, and the message keeps it.
    expect(error.message).toMatch(new RegExp(`^GET ${base}/drop failed: fetch failed: \\S`))
    // Node's errors come from outside jest's realm, so no toBeInstanceOf(Error) on them.
    const cause = (error.cause as Error).cause as Error
    expect(cause.message).toEqual(expect.any(String))
    expect(error.message).toContain(`fetch failed: ${cause.message}`)
  })
  it('aborts the real request when the store aborts the read', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/slow' })
    const { controller } = createTestStore()
    const reading = controller.fetch(get).catch((error: Error) => error)
    while (slowRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort(get)
    expect(await reading).toMatchObject({ name: 'AbortError' })
    await expect(slowRequests[0]).resolves.toBe('closed by client')
  })
})

describe('a response body that is not JSON, from a real server', () => {
  it('resolves to the text when the endpoint has no schema: text/plain, no content-type, an HTML page', async () => {
    await expect(new RestEndpoint({ urlPrefix: base, path: '/text' })()).resolves.toBe('pong')
    await expect(new RestEndpoint({ urlPrefix: base, path: '/untyped' })()).resolves.toBe('{"id":"1","title":"Looks like JSON"}')
    await expect(new RestEndpoint({ urlPrefix: base, path: '/html-200' })()).resolves.toBe(
      '<!doctype html><html><body>Single-page app fallback</body></html>',
    )
  })

  it('resolves to the text when the endpoint processes the body itself', async () => {
    const lines = new RestEndpoint({ urlPrefix: base, path: '/text', schema: Todo, process: (text: string) => ({ id: text }) })
    await expect(lines()).resolves.toEqual({ id: 'pong' })
  })

  it('is refused with a SchemaError saying why when the endpoint has a schema', async () => {
    const page = (await new RestEndpoint({ urlPrefix: base, path: '/html-200', schema: Todo })().catch((e: unknown) => e)) as SchemaError
    expect(page).toBeInstanceOf(SchemaError)
    expect(page.message).toBe(
      'GET /html-200: expected JSON for its schema but got an HTML page (content-type text/html); usually no API route answered this URL: ' +
        '"<!doctype html><html><body>Single-page app fallback</body></html>"',
    )
    await expect(new RestEndpoint({ urlPrefix: base, path: '/untyped', schema: Todo })()).rejects.toThrow(
      'GET /untyped: the body is JSON but the response has no content-type; have the server send application/json, or override parseResponse',
    )
    await expect(new RestEndpoint({ urlPrefix: base, path: '/text', schema: Todo })()).rejects.toThrow(
      'GET /text: expected JSON for its schema but got content-type text/plain; charset=utf-8: "pong"',
    )
  })
})

describe('a network failure, from a real server', () => {
  it('rejects a refused connection with an Error naming the method and URL, keeping the cause', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise((resolve) => closed.close(resolve))
    const send = new RestEndpoint({ urlPrefix: url, path: '/todos', method: 'POST' })
    const error = (await send({ title: 'x' }).catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(new RegExp(`^POST ${url}/todos failed: fetch failed: .*ECONNREFUSED`))
    expect((error.cause as Error).message).toBe('fetch failed')
    expect(((error.cause as Error).cause as { code?: string }).code).toBe('ECONNREFUSED')
  })

  it('rejects a connection reset in the middle of the body the same way', async () => {
    const get = new RestEndpoint({ urlPrefix: base, path: '/cut-body' })
    const error = (await get().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(new RegExp(`^GET ${base}/cut-body failed while reading the response body: \\S`))
    expect(error.cause).toBeDefined()
    expect(error.message).toContain((error.cause as Error).message)
  })
})

describe('path parameters, as the server receives them', () => {
  // Made in the tests: the server's address is known only once it listens.
  const items = () => createResource({ urlPrefix: `${base}/api`, path: '/users/:userId/items/:id', schema: Todo })
  const since = () => received.length
  const lines = (from: number) => received.slice(from)

  it('keeps /, ? and # inside one segment', async () => {
    const Echo = createResource({ urlPrefix: base, path: '/echo/:id', schema: Todo })
    const from = since()
    await items().delete({ userId: 'me', id: 'a/../b?x=1#top' }).catch(() => undefined)
    expect(lines(from)).toEqual(['DELETE /api/users/me/items/a%2F..%2Fb%3Fx%3D1%23top'])
    expect(Echo.get.url({ id: '..%2F' })).toBe(`${base}/echo/..%252F`)
  })

  it('sends no request for "." or "..", which would address another path', async () => {
    const Items = items()
    const from = since()
    for (const id of ['.', '..']) {
      const error = await Items.delete({ userId: 'me', id }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidParameterError)
      expect((error as Error).message).toBe(
        `Todo.delete cannot send the path parameter "id" as ${JSON.stringify(id)}: URLs resolve "." and ".." (even encoded as %2E) to another path, so no request is sent`,
      )
    }
    await expect(Items.get({ userId: '..', id: '1' })).rejects.toThrow(InvalidParameterError)
    const { controller } = createTestStore()
    const viaStore = await (controller.fetch(Items.delete, { userId: 'me', id: '..' }) as Promise<unknown>).catch((e: unknown) => e)
    expect(viaStore).toBeInstanceOf(InvalidParameterError)
    expect(controller.getState().meta).toEqual({})
    expect(lines(from)).toEqual([])
  })

  it('reads parameters from the object itself, never from Object.prototype', async () => {
    const byName = new RestEndpoint({ urlPrefix: base, path: '/api/:constructor/:toString' })
    const from = since()
    await expect(byName({} as never)).rejects.toThrow(MissingParameterError)
    await expect(byName({ toString: 'x' } as never)).rejects.toThrow('needs the path parameter "constructor"')
    expect(lines(from)).toEqual([])
    await byName({ constructor: 'c', toString: 't' } as never).catch(() => undefined)
    expect(lines(from)).toEqual(['GET /api/c/t'])
  })
})
