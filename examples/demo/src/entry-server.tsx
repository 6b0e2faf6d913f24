// The server entry of `npm run demo:ssr`: renders one request's page into a Node response, as a
// stream. The shell (layout and fallbacks) goes out at once; each Suspense boundary follows when
// its data is in, preceded by that data (`tessera/ssr` writes it as a <script> the browser's
// store applies before hydrating the boundary). Every request gets its own store.
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { NetworkError } from 'tessera'
import { createServerData } from 'tessera/ssr'
import { Root } from './Root'
import { parseRoute } from './router'

/** Node's `http.ServerResponse`, as far as a render uses it (a writable React can pipe to). */
export type PageResponse = Parameters<ReturnType<typeof renderToPipeableStream>['pipe']>[0] & {
  statusCode: number
  setHeader(name: string, value: string): unknown
}

/** What the page loads: the client entry and its styles, as URLs. */
export interface Assets {
  /** Module scripts to run (React adds them as `async`: they may start hydrating before the stream ends). */
  scripts: string[]
  /** Modules the scripts import, fetched early. */
  preloads: string[]
  stylesheets: string[]
}

/**
 * Streams the page for `url` (path and query) into `res`. Never throws and never crashes the
 * process: a read that fails on the server is left to the browser to retry, and a failure of the
 * shell answers 500. `apiOrigin` is where the app's relative endpoint URLs (`/api/articles`) go
 * from the server; the cache keys stay relative, as the browser computes them.
 */
export function render(url: string, res: PageResponse, assets: Assets, apiOrigin: string, log: (line: string) => void = console.error): void {
  const data = createServerData({ origin: apiOrigin })
  const route = parseRoute(new URL(url, 'http://localhost').pathname)
  const stream = renderToPipeableStream(
    <Document stylesheets={assets.stylesheets} preloads={assets.preloads}>
      <Root store={data.store} url={url} />
    </Document>,
    {
      bootstrapModules: assets.scripts,
      onShellReady() {
        res.statusCode = route.page === 'not-found' ? 404 : 200
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.setHeader('cache-control', 'no-store')
        stream.pipe(data.pipe(res))
      },
      onShellError(error) {
        data.close()
        res.statusCode = 500
        res.setHeader('content-type', 'text/plain; charset=utf-8')
        res.end(`The page could not be rendered: ${(error as Error)?.message ?? error}`)
      },
      onError(error) {
        // An HTTP error is the page's to show (an error boundary in the browser, after React
        // retries there); the digest tells the browser which, without sending the message.
        if (error instanceof NetworkError) return `http ${error.status}`
        log(`Server render of ${url}: ${(error as Error)?.stack ?? error}`)
        return undefined
      },
    },
  )
  // A visitor who leaves stops the render and its requests.
  res.on('close', () => {
    stream.abort()
    data.close()
  })
}

/** The HTML document around the app; only the server renders it (the browser hydrates #root). */
function Document({ stylesheets, preloads, children }: { stylesheets: string[]; preloads: string[]; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <title>Tessera demo</title>
        <link rel="icon" href="data:," />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
      </body>
    </html>
  )
}
