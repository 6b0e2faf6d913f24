// `npm run demo`: one process serving the demo app and its in-memory REST API.
//
//   node examples/demo/server.mjs [--dev]     PORT=5173 DEMO_DELAY_MS=150 DEMO_MODE=production|dev
//
// Production mode builds the app with Vite when a source is newer than the last build, then
// serves the files; dev mode runs Vite in middleware mode (development React, hot reload).
// `startDemo` is what the e2e uses to run the same thing in-process.
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createApi } from './api.mjs'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = resolve(here, '../..')
const configFile = join(here, 'vite.config.mjs')
const outDir = join(here, 'dist', 'app')
/** What a production build is made from: newer than the build means build again. */
export const sources = [join(here, 'src'), join(here, 'public'), join(here, 'index.html'), configFile, join(repo, 'src'), join(repo, 'package-lock.json')]

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
}

/**
 * Starts the demo: API and app on one port. `mode` is 'production' (a Vite build, rebuilt when
 * stale) or 'dev' (Vite middleware). Resolves once listening.
 * @param {{ port?: number, host?: string, delayMs?: number, mode?: 'production' | 'dev' | 'development', log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, mode: 'production' | 'dev', api: ReturnType<typeof createApi>, close: () => Promise<void> }>}
 */
export async function startDemo({ port = 5173, host = '127.0.0.1', delayMs = 150, mode = 'production', log = () => {} } = {}) {
  const dev = mode === 'dev' || mode === 'development'
  const api = createApi({ delayMs })
  const server = createServer()
  let app
  let vite
  let restoreNodeEnv = () => {}
  if (dev) {
    ;({ vite, restoreNodeEnv } = await viteDevServer(server, 'spa'))
    app = (req, res) => vite.middlewares(req, res, () => notFound(res))
  } else {
    await buildIfStale(log)
    // Every page of the app is index.html: the app reads its route from the path.
    app = serveFiles(outDir, { fallback: 'index.html' })
  }
  server.on('request', (req, res) => {
    if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) {
      api.handle(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
        res.end(String(error?.stack ?? error))
      })
    } else {
      app(req, res)
    }
  })
  const listening = await listen(server, port, host)
  return {
    url: `${listening.origin}/`,
    port: listening.port,
    mode: dev ? 'dev' : 'production',
    api,
    close: closer({ api, server, stopApp: () => vite?.close(), cleanUp: () => restoreNodeEnv() }),
  }
}

/** Builds the app (production mode) unless the last build is newer than every source file. */
export function buildIfStale(log = () => {}) {
  return buildWhenStale({ output: join(outDir, 'index.html'), sources, what: 'the demo app (production)', log, build: () => viteBuild({}) })
}

// What the three demo servers (this file, ssr.mjs and ../next/serve.mjs) have in common, from
// here on: one copy, so that they listen, stop, rebuild and run as programs the same way.

/**
 * Runs a demo server as a program, when `moduleUrl` is the script node was started with (else
 * does nothing): reads PORT (default `defaultPort`), DEMO_DELAY_MS (150) and DEMO_MODE or
 * `--dev`, exits with a message when one is not a number it can use, calls `start`, prints the
 * URL under `name`, and stops on Ctrl-C or SIGTERM. `script` is the npm script, for the hint
 * when the port is in use. A server without a dev mode (Next) ignores `mode`, and reads as a
 * production build.
 * @param {{ moduleUrl: string, name: string, script: string, defaultPort: number, start: (options: { port: number, delayMs: number, mode: 'production' | 'dev', log: (line: string) => void }) => Promise<{ url: string, mode?: 'production' | 'dev', close: () => Promise<void> }> }} program
 */
export async function runAsProgram({ moduleUrl, name, script, defaultPort, start }) {
  if (!process.argv[1] || pathToFileURL(resolve(process.argv[1])).href !== moduleUrl) return
  const mode = process.argv.includes('--dev') || process.env.DEMO_MODE === 'dev' || process.env.DEMO_MODE === 'development' ? 'dev' : 'production'
  const port = process.env.PORT === undefined || process.env.PORT === '' ? defaultPort : Number(process.env.PORT)
  const delayMs = process.env.DEMO_DELAY_MS === undefined || process.env.DEMO_DELAY_MS === '' ? 150 : Number(process.env.DEMO_DELAY_MS)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`)
    process.exit(1)
  }
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    console.error(`DEMO_DELAY_MS must be a number of milliseconds, got ${JSON.stringify(process.env.DEMO_DELAY_MS)}`)
    process.exit(1)
  }
  try {
    const demo = await start({ port, delayMs, mode, log: (line) => console.log(line) })
    console.log(`${name} (${demo.mode === 'dev' ? 'development, Vite middleware' : 'production build'}) at ${demo.url}`)
    console.log(`API at ${demo.url}api/articles, answering after ${delayMs} ms. Ctrl-C stops it.`)
    const stop = (signal) => {
      console.log(`\n${signal}: stopping.`)
      demo.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error)
          process.exit(1)
        },
      )
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  } catch (error) {
    if (error?.code === 'EADDRINUSE') console.error(`Port ${port} is in use: set PORT to another one (PORT=${defaultPort + 1} npm run ${script}).`)
    else console.error(error)
    process.exit(1)
  }
}

/**
 * Listens on `port` and `host`. Resolves once listening, to the port it got (`port` may be 0) and
 * the origin (`http://127.0.0.1:5173`); rejects with the listen error (EADDRINUSE).
 * @returns {Promise<{ origin: string, port: number }>}
 */
export async function listen(server, port, host) {
  await new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return { origin: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`, port: actualPort }
}

/**
 * A demo server's `close`: lets the API answer what it holds, stops the server and drops its
 * open connections, waits for `stopApp` (Vite, Next) and the server, then runs `cleanUp`.
 * Calling it again returns the same promise.
 * @returns {() => Promise<void>}
 */
export function closer({ api, server, stopApp = () => {}, cleanUp = () => {} }) {
  let closing
  return () => {
    closing ??= (async () => {
      api.releaseAll()
      const closed = new Promise((done) => server.close(() => done()))
      server.closeAllConnections()
      await stopApp()
      await closed
      cleanUp()
    })()
    return closing
  }
}

/**
 * Runs `build` unless `output` (a file every build writes) is newer than every file of `sources`
 * (files or folders), logging what it builds and how long it took. Resolves to whether it built.
 * @param {{ output: string, sources: string[], what: string, log: (line: string) => void, build: () => Promise<void> }} options
 */
export async function buildWhenStale({ output, sources, what, log, build }) {
  const built = await mtime(output)
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))))
  if (built !== undefined && built >= newest) return false
  log(`Building ${what}…`)
  const started = Date.now()
  await build()
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return true
}

/**
 * Vite in middleware mode on `server` (development React, hot reload), with the demo's config.
 * `appType` 'spa' answers index.html for pages, 'custom' leaves pages to the caller. NODE_ENV is
 * "development" until `restoreNodeEnv` is called.
 * @param {import('node:http').Server} server
 * @param {'spa' | 'custom'} appType
 */
export async function viteDevServer(server, appType) {
  const { createServer: createViteServer } = await import('vite')
  // Vite picks React's development or production build by NODE_ENV, and a production build()
  // earlier in this process (the e2e runs both) leaves it at "production".
  const restoreNodeEnv = setNodeEnv('development')
  const vite = await createViteServer({
    configFile,
    mode: 'development',
    logLevel: 'warn',
    // The page's hot-reload socket shares this server's port.
    server: { middlewareMode: true, hmr: { server } },
    appType,
  })
  return { vite, restoreNodeEnv }
}

/**
 * Vite's `build()` of the demo's config in production mode, once per entry of `configs` (merged
 * over it), with NODE_ENV "production" meanwhile: Vite picks React's build by it.
 */
export async function viteBuild(...configs) {
  const { build } = await import('vite')
  const restoreNodeEnv = setNodeEnv('production')
  try {
    for (const config of configs) await build({ configFile, mode: 'production', logLevel: 'warn', ...config })
  } finally {
    restoreNodeEnv()
  }
}

/** Sets process.env.NODE_ENV; returns a function that puts the previous value back. */
export function setNodeEnv(value) {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = value
  return () => {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}

/** The file's modification time, undefined when there is no such file. */
export async function mtime(path) {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return undefined
  }
}

/** The newest modification time of a file, or of anything in a folder. */
export async function newestMtime(path) {
  const info = await stat(path).catch(() => undefined)
  if (info === undefined) return 0
  if (!info.isDirectory()) return info.mtimeMs
  const entries = await readdir(path, { withFileTypes: true })
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry.name))))
  return Math.max(info.mtimeMs, ...times)
}

/**
 * Serves the files under `root`; hashed assets may be cached for good. A GET of a path with no
 * file extension that is not a file gets `fallback` (a page of the app) when one is given.
 * @param {string} root
 * @param {{ fallback?: string }} [options]
 */
export function serveFiles(root, { fallback } = {}) {
  return (req, res, next = () => notFound(res)) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    const file = normalize(join(root, pathname))
    if (!file.startsWith(root + sep)) return next()
    const send = (path, info) => {
      res.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      if (req.method === 'HEAD') return res.end()
      createReadStream(path).pipe(res)
    }
    stat(file)
      .catch(() => undefined)
      .then((info) => {
        if (info?.isFile()) return send(file, info)
        if (fallback === undefined || extname(pathname) !== '') return next()
        const page = join(root, fallback)
        stat(page).then((pageInfo) => send(page, pageInfo), () => next())
      })
  }
}

/** A plain-text 404. */
export function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
  res.end('Not found')
}

// Run as a program: `npm run demo`.
await runAsProgram({ moduleUrl: import.meta.url, name: 'Tessera demo', script: 'demo', defaultPort: 5173, start: startDemo })
