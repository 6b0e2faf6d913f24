// `npm run demo:next`: the Next.js App Router version of the demo blog and the demo's in-memory
// REST API, in one process on one port.
//
//   node examples/next/serve.mjs      PORT=3000 DEMO_DELAY_MS=150
//
// Builds the app (`next build`, production) when a source is newer than the last build, then
// serves it with Next's programmatic API; `/api/*` goes to the API, everything else to Next.
// `tessera` resolves to the repository's sources (tsconfig.json's paths), so the library needs
// no build first. `startNextDemo` is what the e2e uses to run the same thing in-process.
import { spawn } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createApi } from '../demo/api.mjs'

// Next asks before sending anything anywhere; nothing outside this machine is reachable anyway.
process.env.NEXT_TELEMETRY_DISABLED = '1'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = resolve(here, '../..')
const require = createRequire(import.meta.url)
/** What a build is made from: newer than the build means build again. */
const sources = [
  join(here, 'app'),
  join(here, 'components'),
  join(here, 'next.config.mjs'),
  join(here, 'tsconfig.json'),
  join(repo, 'src'),
  join(repo, 'examples/demo/src'),
  join(repo, 'package-lock.json'),
]

/**
 * Starts the Next demo: API and app on one port, building the app first when stale. Resolves
 * once listening and ready.
 * @param {{ port?: number, host?: string, delayMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, api: ReturnType<typeof createApi>, built: boolean, close: () => Promise<void> }>}
 */
export async function startNextDemo({ port = 3000, host = '127.0.0.1', delayMs = 150, log = () => {} } = {}) {
  const built = await buildIfStale(log)
  const api = createApi({ delayMs })
  const server = createServer()
  await new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolveListen()
    })
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`
  const restoreFetch = resolveRelativeFetch(origin)

  const { default: next } = await import('next')
  const app = next({ dir: here, dev: false, hostname: host, port: actualPort })
  await app.prepare()
  const handle = app.getRequestHandler()
  server.on('request', (req, res) => {
    const done = (error) => {
      if (error === undefined) return
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error?.stack ?? error))
    }
    if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) api.handle(req, res).then(() => undefined, done)
    else handle(req, res).then(() => undefined, done)
  })
  let closing
  return {
    url: `${origin}/`,
    port: actualPort,
    api,
    built,
    close() {
      closing ??= (async () => {
        api.releaseAll()
        const closed = new Promise((done) => server.close(() => done()))
        server.closeAllConnections()
        await app.close?.()
        await closed
        restoreFetch()
      })()
      return closing
    },
  }
}

/**
 * The demo's endpoints have relative URLs (`/api/articles/1`): the browser resolves them against
 * the page, and the server render must send them to this same server. Resolving them here, and
 * not with an absolute `urlPrefix`, keeps each endpoint's cache key the same on both sides, which
 * is what lets the browser find the server's data. Returns a function that puts fetch back.
 */
function resolveRelativeFetch(origin) {
  const platformFetch = globalThis.fetch
  globalThis.fetch = (input, init) => platformFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init)
  return () => {
    globalThis.fetch = platformFetch
  }
}

/** Builds the app (`next build`, production) unless the last build is newer than every source. */
export async function buildIfStale(log = () => {}) {
  const builtAt = await mtime(join(here, '.next', 'BUILD_ID'))
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))))
  if (builtAt !== undefined && builtAt >= newest) return false
  log('Building the Next.js app (next build)…')
  const started = Date.now()
  const bin = require.resolve('next/dist/bin/next')
  await new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [bin, 'build', here], {
      cwd: here,
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolveBuild() : reject(new Error(`next build failed (exit ${code}):\n${output}`))))
  })
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return true
}

async function mtime(path) {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return undefined
  }
}

async function newestMtime(path) {
  const info = await stat(path).catch(() => undefined)
  if (info === undefined) return 0
  if (!info.isDirectory()) return info.mtimeMs
  const entries = await readdir(path, { withFileTypes: true })
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry.name))))
  return Math.max(info.mtimeMs, ...times)
}

// Run as a program: start, print the URL, stop on Ctrl-C or SIGTERM.
if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const port = process.env.PORT === undefined || process.env.PORT === '' ? 3000 : Number(process.env.PORT)
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
    const demo = await startNextDemo({ port, delayMs, log: (line) => console.log(line) })
    console.log(`Tessera demo on Next.js (production build) at ${demo.url}`)
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
    if (error?.code === 'EADDRINUSE') console.error(`Port ${port} is in use: set PORT to another one (PORT=3001 npm run demo:next).`)
    else console.error(error)
    process.exit(1)
  }
}
