/**
 * A recording fake of the global `fetch`: every request is kept as it was sent (method, URL,
 * headers, body, credentials, signal) and answered from a route table, so endpoint tests can assert
 * exactly what went over the wire without a server.
 */

/** One request as `fetch` received it. */
export interface RecordedRequest {
  readonly method: string
  readonly url: string
  /** Header names lower-cased, as `Headers` gives them. */
  readonly headers: Record<string, string>
  /** The body as sent (a string for JSON bodies), undefined when there was none. */
  readonly body: unknown
  readonly credentials: RequestCredentials | undefined
  readonly signal: AbortSignal | undefined
  /** The body parsed as JSON. @throws when the body is not a JSON string. */
  json(): unknown
}

/** How a route answers. */
export interface FakeReply {
  /** Default 200. */
  readonly status?: number
  readonly statusText?: string
  readonly headers?: Record<string, string>
  /** Sent as JSON, with `content-type: application/json` unless `headers` says otherwise. */
  readonly json?: unknown
  /** Sent as it is; the content type is whatever `headers` says (none by default). */
  readonly text?: string
}

export type Route = FakeReply | ((request: RecordedRequest) => FakeReply | Promise<FakeReply>)

/** A route whose answer the test gives later (to look at the cache while a request is out). */
export interface HeldRoute {
  /** The requests waiting on this route. */
  readonly waiting: () => number
  /** Answers every waiting request (and later ones) with `reply`, then lets the store handle it. */
  answer(reply: FakeReply): Promise<void>
  /** Fails every waiting request as a network failure would, then lets the store handle it. */
  fail(error?: Error): Promise<void>
}

export interface FakeFetch {
  /** Every request, in the order they were made. */
  readonly requests: RecordedRequest[]
  /** Answers `"METHOD url"` (exact, query string included) with `reply`, every time. */
  route(request: string, reply: Route): void
  /** Makes `"METHOD url"` wait until the test answers it. */
  hold(request: string): HeldRoute
  /** Puts the real `fetch` back. */
  restore(): void
}

// Captured at load, before any test installs fake timers.
const realSetImmediate = globalThis.setImmediate

function flush(): Promise<void> {
  return new Promise((resolve) => realSetImmediate(resolve))
}

/**
 * Replaces `globalThis.fetch` until `restore()`. A request with no route rejects like a network
 * failure naming it, so a test that forgot a route fails loudly rather than hanging.
 */
export function installFakeFetch(): FakeFetch {
  const original = globalThis.fetch
  const routes = new Map<string, Route>()
  const requests: RecordedRequest[] = []

  const fake = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = record(input, init)
    requests.push(request)
    const signal = request.signal
    if (signal?.aborted) throw signal.reason
    const route = routes.get(`${request.method} ${request.url}`)
    if (route === undefined) throw new TypeError(`fake fetch: no route for ${request.method} ${request.url}`)
    const reply = typeof route === 'function' ? route(request) : route
    // Like the real fetch, an abort while waiting rejects with the signal's reason.
    const answered = await (signal
      ? Promise.race([reply, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))])
      : reply)
    return toResponse(answered, request.url)
  }
  globalThis.fetch = fake as typeof fetch

  return {
    requests,
    route(request, reply) {
      routes.set(request, reply)
    },
    hold(request) {
      type Waiter = { resolve: (reply: FakeReply) => void; reject: (error: Error) => void }
      const waiters: Waiter[] = []
      let settled: { reply: FakeReply } | { error: Error } | undefined
      routes.set(request, () => {
        if (settled) return 'error' in settled ? Promise.reject(settled.error) : settled.reply
        return new Promise<FakeReply>((resolve, reject) => void waiters.push({ resolve, reject }))
      })
      return {
        waiting: () => waiters.length,
        answer(reply) {
          settled = { reply }
          for (const waiter of waiters.splice(0)) waiter.resolve(reply)
          return flush()
        },
        fail(error = new TypeError('fetch failed')) {
          settled = { error }
          for (const waiter of waiters.splice(0)) waiter.reject(error)
          return flush()
        },
      }
    },
    restore() {
      globalThis.fetch = original
    },
  }
}

function record(input: string | URL | Request, init: RequestInit): RecordedRequest {
  const fromRequest = typeof input === 'object' && 'method' in input ? input : undefined
  const headers = Object.fromEntries(new Headers(init.headers ?? fromRequest?.headers).entries())
  const body = init.body ?? undefined
  return {
    method: (init.method ?? fromRequest?.method ?? 'GET').toUpperCase(),
    url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    headers,
    body,
    credentials: init.credentials ?? undefined,
    signal: init.signal ?? undefined,
    json() {
      if (typeof body !== 'string') throw new TypeError(`the request body is not a JSON string: ${String(body)}`)
      return JSON.parse(body)
    },
  }
}

function toResponse(reply: FakeReply, url: string): Response {
  const headers = new Headers(reply.headers)
  let body: string | null = reply.text ?? null
  if (reply.json !== undefined) {
    body = JSON.stringify(reply.json)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  }
  const status = reply.status ?? 200
  // 204 and 304 must not have a body.
  const response = new Response(status === 204 || status === 304 ? null : body, { status, statusText: reply.statusText, headers })
  // A real fetch response knows its URL (errors name it); a constructed one does not.
  Object.defineProperty(response, 'url', { value: url })
  return response
}
