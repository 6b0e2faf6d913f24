// What the e2e needs around Playwright: a headless Debian Chromium, a watcher that turns console
// errors, React warnings, page errors and unexpected failed requests into test failures, and
// polling assertions (playwright-core has no `expect`).
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url))

/** Debian's Chromium, headless, with the flags this machine's closed network needs. Each launch gets a fresh temporary profile (user-data-dir). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/**
 * Collects everything that should fail a test on `page`. Requests answering 4xx/5xx are fine
 * only when allowed first with `allow(method, pathPattern, status)`; Chromium's own console line
 * about such a response ("Failed to load resource") is allowed with it.
 */
export function watchPage(page) {
  const problems = []
  const allowed = []
  const isAllowed = (method, url, status) => {
    const { pathname } = new URL(url)
    return allowed.some((a) => (method === undefined || a.method === undefined || a.method === method) && a.path.test(pathname) && (status === undefined || a.status === status))
  }
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    const text = message.text()
    const resource = message.location()?.url
    const failed = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text)
    if (failed && resource && isAllowed(undefined, resource, Number(failed[1]))) return
    problems.push(`console.${type}: ${text}${resource ? ` (${resource})` : ''}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`))
  page.on('requestfailed', (request) => {
    // The live stream (GET /api/live, an EventSource) is aborted by design whenever the page stops
    // reading a live article (the LiveManager closes it): Chromium reports that as a failed request.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && new URL(request.url()).pathname === '/api/live') return
    problems.push(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`)
  })
  page.on('response', (response) => {
    const status = response.status()
    const method = response.request().method()
    if (status >= 400 && !isAllowed(method, response.url(), status)) problems.push(`unexpected ${status} for ${method} ${response.url()}`)
  })
  return {
    problems,
    /** Lets `method` requests to paths matching `path` answer `status` (until `check`). */
    allow(method, path, status) {
      allowed.push({ method, path: typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path, status })
    },
    /** Fails if anything went wrong since the last check; forgets the allowances. */
    check() {
      const found = problems.splice(0)
      allowed.length = 0
      assert.deepEqual(found, [], `the page reported problems:\n${found.join('\n')}`)
    },
  }
}

/** Polls `read` until `test` accepts its value (default 5 s), else fails with the last value. */
export async function until(read, test, what, timeout = 5000) {
  const deadline = Date.now() + timeout
  let value
  for (;;) {
    value = await read()
    if (test(value)) return value
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}; last saw ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Waits until the locator's text contains `expected` (a string or a RegExp). */
export function expectText(locator, expected, what = String(locator)) {
  const test = (text) => text !== null && (expected instanceof RegExp ? expected.test(text) : text.includes(expected))
  return until(() => locator.first().textContent({ timeout: 5000 }).catch(() => null), test, `${what} to show ${expected}`)
}

/** Waits until the locator matches exactly `count` elements. */
export function expectCount(locator, count, what = String(locator)) {
  return until(() => locator.count(), (n) => n === count, `${count} × ${what}`)
}

/** Waits until the locator matches at least one visible element. */
export function expectVisible(locator, what = String(locator)) {
  return until(() => locator.first().isVisible(), Boolean, `${what} to be visible`)
}

/** Waits until nothing matches the locator. */
export function expectGone(locator, what = String(locator)) {
  return expectCount(locator, 0, what)
}

/**
 * Which React build renders the page: development builds give every fiber a `_debugOwner`
 * slot, production builds do not.
 */
export function reactBuild(page) {
  return page.evaluate(() => {
    const root = document.getElementById('root')?.firstElementChild
    const key = root && Object.keys(root).find((name) => name.startsWith('__reactFiber$'))
    if (!key) return 'not rendered by React'
    return '_debugOwner' in root[key] ? 'development' : 'production'
  })
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true })
}

/**
 * A stand-in for the Redux DevTools extension, installed before the app loads: records what the
 * store sends it, so the test can see the store connected.
 */
export function devtoolsStub() {
  window.__devtoolsSeen = { name: undefined, inits: 0, actions: [] }
  window.__REDUX_DEVTOOLS_EXTENSION__ = {
    connect(options) {
      window.__devtoolsSeen.name = options.name
      return {
        init: () => void window.__devtoolsSeen.inits++,
        send: (action) => void window.__devtoolsSeen.actions.push(action.type),
        subscribe: () => () => {},
        unsubscribe: () => {},
      }
    },
  }
}
