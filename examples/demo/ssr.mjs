// `npm run demo:ssr`: the demo rendered on the server, streaming, then hydrated in the browser.
// Same pages, API and variables as `npm run demo`:
//
//   node examples/demo/ssr.mjs [--dev]     PORT=5173 DEMO_DELAY_MS=150 DEMO_MODE=production|dev
//
// Production mode builds the browser entry (src/entry-client.tsx) and the server entry
// (src/entry-server.tsx) with Vite when a source is newer than the last build, into dist/ssr/;
// dev mode runs Vite in middleware mode and loads the server entry through it (development
// React, hot reload). Each page request is rendered by entry-server's `render`, which streams
// the shell at once and each Suspense boundary with its data as it resolves.
// `startSsrDemo` is what the e2e uses to run the same thing in-process.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createApi } from './api.mjs'
import { buildWhenStale, closer, listen, mtime, notFound, runAsProgram, serveFiles, sources, viteBuild, viteDevServer } from './server.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const outDir = join(here, 'dist', 'ssr')
const clientDir = join(outDir, 'client')
const serverDir = join(outDir, 'server')
const clientEntry = 'src/entry-client.tsx'
const serverEntry = 'src/entry-server.tsx'
/** Written last by a build: its time is the build's. */
const builtServerEntry = join(serverDir, 'entry-server.js')

/**
 * Starts the server-rendered demo: API and pages on one port. `mode` is 'production' (Vite
 * builds, rebuilt when stale) or 'dev' (Vite middleware). Resolves once listening. The result's
 * `renderErrors` lists what went wrong in server renders (also written to stderr), HTTP errors
 * of the API excepted: the browser retries those reads.
 * @param {{ port?: number, host?: string, delayMs?: number, mode?: 'production' | 'dev' | 'development', log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, mode: 'production' | 'dev', api: ReturnType<typeof createApi>, renderErrors: string[], close: () => Promise<void> }>}
 */
export async function startSsrDemo({ port = 5173, host = '127.0.0.1', delayMs = 150, mode = 'production', log = () => {} } = {}) {
  const dev = mode === 'dev' || mode === 'development'
  const api = createApi({ delayMs })
  const server = createServer()
  let vite
  let restoreNodeEnv = () => {}
  /** @type {() => Promise<{ render: Function }>} */
  let loadEntry
  /** @type {{ scripts: string[], preloads: string[], stylesheets: string[] }} */
  let assets
  let files
  if (dev) {
    // Pages are ours to render: Vite serves modules only.
    ;({ vite, restoreNodeEnv } = await viteDevServer(server, 'custom'))
    // Loaded per request: an edited source is picked up on the next page load.
    loadEntry = () => vite.ssrLoadModule(`/${serverEntry}`)
    assets = { scripts: ['/@vite/client', `/${clientEntry}`], preloads: [], stylesheets: [] }
  } else {
    await buildSsrIfStale(log)
    // The query makes a rebuild in the same process load the new code.
    const entry = await import(`${pathToFileURL(builtServerEntry).href}?t=${await mtime(builtServerEntry)}`)
    loadEntry = async () => entry
    assets = await productionAssets()
    files = serveFiles(clientDir)
  }

  /** This server's origin, once it listens (before any request). */
  let origin
  /** Errors of server renders other than HTTP errors (those the browser retries and shows). */
  const renderErrors = []
  const renderError = (line) => {
    renderErrors.push(line)
    console.error(line)
  }
  const renderPage = (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res)
    loadEntry().then(
      ({ render }) => render(req.url ?? '/', res, assets, origin, renderError),
      (error) => {
        if (vite) vite.ssrFixStacktrace(error)
        renderError(String(error?.stack ?? error))
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(String(error?.stack ?? error))
      },
    )
  }
  server.on('request', (req, res) => {
    if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) {
      api.handle(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(error?.stack ?? error))
      })
    } else if (vite) {
      vite.middlewares(req, res, () => renderPage(req, res))
    } else if (req.url?.startsWith('/assets/')) {
      files(req, res)
    } else {
      renderPage(req, res)
    }
  })
  origin = (await listen(server, port, host)).origin
  const url = `${origin}/`
  return {
    url,
    port: Number(new URL(url).port),
    mode: dev ? 'dev' : 'production',
    api,
    renderErrors,
    close: closer({ api, server, stopApp: () => vite?.close(), cleanUp: () => restoreNodeEnv() }),
  }
}

/** Builds both entries (production mode) unless the last build is newer than every source file. */
export function buildSsrIfStale(log = () => {}) {
  return buildWhenStale({
    output: builtServerEntry,
    sources,
    what: 'the server-rendered demo (production)',
    log,
    build: () =>
      viteBuild(
        { build: { outDir: clientDir, emptyOutDir: true, manifest: true, rolldownOptions: { input: join(here, clientEntry) } } },
        { build: { outDir: serverDir, emptyOutDir: true, ssr: join(here, serverEntry) } },
      ),
  })
}

/** The built browser entry, the chunks it imports and its CSS, from Vite's manifest. */
async function productionAssets() {
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8'))
  const entry = manifest[clientEntry]
  const preloads = new Set()
  const stylesheets = new Set(entry.css ?? [])
  const visit = (name) => {
    const chunk = manifest[name]
    if (!chunk || preloads.has(chunk.file)) return
    preloads.add(chunk.file)
    for (const css of chunk.css ?? []) stylesheets.add(css)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const name of entry.imports ?? []) visit(name)
  const url = (file) => `/${file}`
  return { scripts: [url(entry.file)], preloads: [...preloads].map(url), stylesheets: [...stylesheets].map(url) }
}

// Run as a program: `npm run demo:ssr`.
await runAsProgram({
  moduleUrl: import.meta.url,
  name: 'Tessera demo, rendered on the server',
  script: 'demo:ssr',
  defaultPort: 5173,
  start: (options) => {
    // The server renders with React's production build in production mode (React reads NODE_ENV once, when first loaded).
    process.env.NODE_ENV ??= options.mode === 'dev' ? 'development' : 'production'
    return startSsrDemo(options)
  },
})
