// `npm run demo:next`: the Next.js App Router version of the demo blog and the demo's in-memory
// REST API, in one process on one port.
//
//   node examples/next/serve.mjs      PORT=3000 DEMO_DELAY_MS=150
//
// Builds the library (`npm run build`, dist/) and then the app (`next build`, production) when a
// source is newer than the last build, then serves it with Next's programmatic API; `/api/*` goes
// to the API, everything else to Next. `tessera` resolves to the built package, as in an app that
// installed it (see next.config.mjs). `startNextDemo` is what the e2e uses to run the same thing
// in-process.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApi } from '../demo/api.mjs'
import { buildWhenStale, closer, listen, runAsProgram } from '../demo/server.mjs'

// Next asks before sending anything anywhere; nothing outside this machine is reachable anyway.
process.env.NEXT_TELEMETRY_DISABLED = '1'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = resolve(here, '../..')
const require = createRequire(import.meta.url)
/** What the library's build (dist/) is made from. */
const librarySources = [join(repo, 'src'), join(repo, 'rollup.config.mjs'), join(repo, 'tsconfig.json'), join(repo, 'package.json')]
/** What the app's build is made from: newer than the build means build again. */
const sources = [
  join(here, 'app'),
  join(here, 'components'),
  join(here, 'next.config.mjs'),
  join(here, 'tsconfig.json'),
  join(repo, 'dist'),
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
  const { origin, port: actualPort } = await listen(server, port, host)
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
  return {
    url: `${origin}/`,
    port: actualPort,
    api,
    built,
    close: closer({ api, server, stopApp: () => app.close?.(), cleanUp: restoreFetch }),
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
  // A fetch a Server Component awaits itself goes through Next's own fetch first, which wants an
  // absolute URL before it gets here: such a page prefixes the API's origin (app/tags).
  process.env.DEMO_API_ORIGIN = origin
  return () => {
    globalThis.fetch = platformFetch
    delete process.env.DEMO_API_ORIGIN
  }
}

/**
 * Builds the library (dist/) and then the app (`next build`, production), each unless its last
 * build is newer than every one of its sources. Resolves to whether the app was built.
 */
export async function buildIfStale(log = () => {}) {
  await buildWhenStale({ output: join(repo, 'dist', 'index.js'), sources: librarySources, what: 'the library (npm run build)', log, build: libraryBuild })
  return buildWhenStale({ output: join(here, '.next', 'BUILD_ID'), sources, what: 'the Next.js app (next build)', log, build: nextBuild })
}

/** Runs the library's build (Rollup, as `npm run build` does) in a child process. */
function libraryBuild() {
  return run(require.resolve('rollup/dist/bin/rollup'), ['-c'], repo, 'npm run build')
}

/** Runs `next build` in a child process; rejects with its output when it fails. */
function nextBuild() {
  return run(require.resolve('next/dist/bin/next'), ['build', here], here, 'next build', { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' })
}

/** Runs a Node program; rejects with its output when it fails. */
function run(bin, args, cwd, what, env = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`${what} failed (exit ${code}):\n${output}`))))
  })
}

// Run as a program: `npm run demo:next`.
await runAsProgram({ moduleUrl: import.meta.url, name: 'Tessera demo on Next.js', script: 'demo:next', defaultPort: 3000, start: startNextDemo })
