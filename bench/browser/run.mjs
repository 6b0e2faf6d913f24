// `npm run bench:browser`: builds the five apps with Vite (production), serves them on
// 127.0.0.1, and drives them in headless Chromium (Debian's, never a downloaded one), libraries
// taking turns: in every round, each scenario runs once per library, in an order rotated by one
// each round, each time in a fresh browser context (a new page, heap and cache). Prints the
// median of every scenario × library with row renders and ratios to Tessera and to the plain
// React floor, and exits 1 if any app showed the wrong DOM or failed. See README.md.
//
//   BENCH_ROUNDS=3          rounds (default 3); samples per cell = rounds × samples per page
//   BENCH_ONLY=tessera,floor  libraries to run (default: all)
//   BENCH_SCENARIOS=update-item-10k,...  scenarios to run (default: all)
//   BENCH_JSON=path         also write every sample as JSON
//   BENCH_BASELINE=path     a BENCH_JSON file of an earlier run: its Tessera / floor ratios beside today's
//   BENCH_BASELINE_SRC=dir  another copy of Tessera's src/ (e.g. the last commit, `git archive` into a
//                           directory whose node_modules resolve): run as a sixth library, "Tessera
//                           (baseline)", interleaved with the others: a before/after under the same load
//   BENCH_AUTHORS=20        authors per list (default 100): an author's name shows in count / authors
//                           rows, so 20 makes the author update rename 500 of 10k rows
//   CHROMIUM_PATH           default /usr/bin/chromium
import { createReadStream, readFileSync, writeFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { extname, join, normalize, sep } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const here = fileURLToPath(new URL('.', import.meta.url))

export const LIBRARIES = [
  { id: 'tessera', page: 'tessera', label: 'Tessera', version: () => version('../../package.json') + ' (src/)' },
  { id: 'data-client', page: 'dataclient', label: 'data-client', version: () => `react ${version('@data-client/react')}, rest ${version('@data-client/rest')}` },
  { id: 'tanstack', page: 'tanstack', label: 'TanStack Query', version: () => version('@tanstack/react-query') },
  { id: 'swr', page: 'swr', label: 'SWR', version: () => version('swr') },
  { id: 'floor', page: 'floor', label: 'React floor', version: () => `react ${version('react')}` },
]
if (process.env.BENCH_BASELINE_SRC) {
  const src = process.env.BENCH_BASELINE_SRC
  LIBRARIES.splice(1, 0, { id: 'baseline', page: 'tessera', path: 'baseline/pages/tessera.html', label: 'Tessera (baseline)', version: () => src })
}

/** Authors per list (BENCH_AUTHORS): the driver's default is 100, 100 rows each in a 10k list. */
const AUTHORS = Number(process.env.BENCH_AUTHORS) || 100

/**
 * Scenario ids are the driver's (app/driver.tsx); `only` limits one to some libraries. A scenario
 * with a `network` delay prints two rows: from the click (network included) and from the response
 * (the fake network's answer is there) to the rows on screen, the library's own cost of showing it.
 */
export const SCENARIOS = [
  { id: 'mount-1k', label: 'mount 1k rows, cached' },
  { id: 'mount-10k', label: 'mount 10k rows, cached' },
  { id: 'fetch-1k', label: 'fetched list 1k, no suspense', network: 20 },
  { id: 'fetch-10k', label: 'fetched list 10k, no suspense', network: 20 },
  { id: 'load-suspense', label: 'fetched list 1k, suspense', network: 20 },
  // TanStack, SWR and the floor use plain <Suspense> in both rows; Tessera and data-client their AsyncBoundary in the first.
  { id: 'load-plain-suspense', label: 'fetched list 1k, plain <Suspense>', network: 20 },
  { id: 'update-item-10k', label: 'update 1 item in 10k' },
  { id: 'update-author-10k', label: `update 1 author (${10_000 / AUTHORS} rows) in 10k` },
  { id: 'create-1k', label: 'create → in list of 1k', network: 40 },
]

/** A sample's time from the click, or from the fake network's response, to the DOM change. */
const METRICS = {
  click: (x) => x.ms,
  response: (x) => (x.marks.response === undefined ? undefined : x.ms - x.marks.response),
}

/** The table rows of a scenario: [label, metric] pairs. */
function views(scenario) {
  if (!scenario.network) return [[scenario.label, 'click']]
  return [
    [`${scenario.label}: click → rows (${scenario.network} ms net)`, 'click'],
    [`${scenario.label}: response → rows`, 'response'],
  ]
}

function version(name) {
  const file = name.startsWith('.') ? new URL(name, import.meta.url) : new URL(`../../node_modules/${name}/package.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')).version
}

/**
 * Builds the apps (production mode; names kept when `minify` is false) into `outDir`; with
 * BENCH_BASELINE_SRC, a second build of them from that source into `outDir`/baseline.
 */
export async function buildApps({ outDir = 'dist', minify = true } = {}) {
  const { build } = await import('vite')
  const previous = { NODE_ENV: process.env.NODE_ENV, TESSERA_SRC: process.env.TESSERA_SRC }
  process.env.NODE_ENV = 'production' // Vite picks React's production build by it
  try {
    delete process.env.TESSERA_SRC
    await build({ configFile: join(here, 'vite.config.mjs'), mode: 'production', logLevel: 'warn', build: { outDir, minify } })
    if (process.env.BENCH_BASELINE_SRC) {
      process.env.TESSERA_SRC = process.env.BENCH_BASELINE_SRC
      await build({ configFile: join(here, 'vite.config.mjs'), mode: 'production', logLevel: 'warn', build: { outDir: join(outDir, 'baseline'), minify } })
    }
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  return join(here, outDir)
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/** Serves `root` on 127.0.0.1 (a free port); resolves to { url, close }. */
export async function serve(root) {
  const server = createServer((req, res) => {
    const file = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)))
    const fail = () => (res.writeHead(404), res.end())
    if (!file.startsWith(root)) return fail()
    stat(file).then((info) => {
      if (!info.isFile()) return fail()
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': info.size })
      createReadStream(file).pipe(res)
    }, fail)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  }
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs, and window.gc(). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--js-flags=--expose-gc',
    ],
  })
}

/**
 * Opens `library`'s app in a fresh context and runs one scenario there. Resolves to its samples;
 * rejects with what went wrong (a wrong DOM, a page error, a console error).
 */
export async function runOnce(browser, baseUrl, library, scenario, { onPage } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const problems = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`)
    })
    await page.goto(`${baseUrl}${library.path ?? `pages/${library.page}.html`}${AUTHORS === 100 ? '' : `?authors=${AUTHORS}`}`)
    await page.evaluate(() => window.__bench.ready)
    const samples = await (onPage ? onPage(page, () => page.evaluate((id) => window.__bench.run(id), scenario.id)) : page.evaluate((id) => window.__bench.run(id), scenario.id))
    if (problems.length > 0) throw new Error(problems.join('\n'))
    return samples
  } finally {
    await context.close()
  }
}

export function median(values) {
  const sorted = values.filter((v) => v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b)
  const n = sorted.length
  if (n === 0) return undefined
  return n % 2 === 1 ? sorted[(n - 1) >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

function fmt(ms) {
  if (ms === undefined) return '—'
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2)
}

function ratio(a, b) {
  return a === undefined || b === undefined || b === 0 ? '—' : `${(a / b).toFixed(2)}×`
}

function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)))
  const line = (r) => r.map((cell, c) => (c < 2 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ')
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}

/**
 * One line per target of issue 20, item 6: Tessera's median over the floor's, on the same metric.
 * `baseline` (a BENCH_JSON file of an earlier run) adds that run's ratio for comparison.
 */
function targets(samples, scenarios, baseline) {
  const checks = [
    ['fetch-1k', 'response', 'fetched list 1k, response → rows', 1.25],
    ['fetch-10k', 'response', 'fetched list 10k, response → rows', 1.25],
    ['mount-1k', 'click', 'mount 1k rows from cache', 1.15],
    ['mount-10k', 'click', 'mount 10k rows from cache', 1.15],
    ['update-item-10k', 'click', 'update 1 item in 10k'],
    ['update-author-10k', 'click', `update 1 author (${10_000 / AUTHORS} rows) in 10k`],
    ['create-1k', 'click', 'create → in list of 1k, click → rows'],
    ['create-1k', 'response', 'create → in list of 1k, response → rows'],
  ]
  const of = (from, id, library, metric) => median((from?.[id]?.[library] ?? []).map(METRICS[metric]))
  const lines = []
  for (const [id, metric, label, limit] of checks) {
    if (!scenarios.some((s) => s.id === id)) continue
    const t = of(samples, id, 'tessera', metric)
    const f = of(samples, id, 'floor', metric)
    if (t === undefined || f === undefined) continue
    const r = t / f
    const verdict = limit ? `target ≤ ${limit}×: ${r <= limit ? 'met' : 'MISSED'}` : 'no slower than before'
    const before = baseline && of(baseline.samples, id, 'tessera', metric) / of(baseline.samples, id, 'floor', metric)
    // The baseline source run beside it (BENCH_BASELINE_SRC): the same ratio, and today over it.
    const b = of(samples, id, 'baseline', metric)
    const side = b === undefined ? '' : `; baseline ${fmt(b)} ms = ${(b / f).toFixed(2)}×, Tessera / baseline ${(t / b).toFixed(2)}×`
    lines.push(`${label}: ${fmt(t)} ms vs ${fmt(f)} ms = ${r.toFixed(2)}× (${verdict})${side}${before ? ` [${before.toFixed(2)}×]` : ''}`)
  }
  // Tessera's suspending read against the floor's best way to show the same fetched list (no
  // suspense: the floor's use() in <Suspense> waits for React's reveal throttle).
  for (const id of ['load-suspense', 'load-plain-suspense']) {
    if (!scenarios.some((s) => s.id === id) || !scenarios.some((s) => s.id === 'fetch-1k')) continue
    const t = of(samples, id, 'tessera', 'response')
    const f = of(samples, 'fetch-1k', 'floor', 'response')
    if (t === undefined || f === undefined) continue
    const boundary = id === 'load-suspense' ? 'AsyncBoundary' : 'plain <Suspense>'
    lines.push(`(for information) useSuspense in ${boundary}, 1k, response → rows: ${fmt(t)} ms vs the floor's fetched list ${fmt(f)} ms = ${(t / f).toFixed(2)}×`)
  }
  return lines
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ')

async function main() {
  const started = performance.now()
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3)
  const pick = (list, env) => (process.env[env] ? list.filter((x) => process.env[env].split(',').includes(x.id)) : list)
  const libraries = pick(LIBRARIES, 'BENCH_ONLY')
  const scenarios = pick(SCENARIOS, 'BENCH_SCENARIOS')
  const cpu = cpus()
  console.log(`bench:browser, ${rounds} rounds; node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}; load average ${load()}`)
  for (const library of libraries) console.log(`  ${library.label}: ${library.version()}`)

  const t0 = performance.now()
  const root = await buildApps()
  console.log(`built the apps (Vite, production) in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const server = await serve(root)
  const browser = await launch()
  console.log(`Chromium ${browser.version()}, headless\n`)

  /** samples[scenario][library] = Sample[]; failures[scenario][library] = message */
  const samples = {}
  const failures = {}
  const seconds = {}
  try {
    for (let round = 0; round < rounds; round++) {
      const order = libraries.map((_, i) => libraries[(i + round) % libraries.length])
      const r0 = performance.now()
      for (const scenario of scenarios) {
        for (const library of order) {
          if (scenario.only && !scenario.only.includes(library.id)) continue
          if (failures[scenario.id]?.[library.id]) continue
          const p0 = performance.now()
          try {
            const got = await runOnce(browser, server.url, library, scenario)
            ;((samples[scenario.id] ??= {})[library.id] ??= []).push(...got)
          } catch (error) {
            ;(failures[scenario.id] ??= {})[library.id] = String(error?.message ?? error).split('\n').slice(0, 4).join('\n')
            console.log(`FAIL ${scenario.id} / ${library.id}: ${failures[scenario.id][library.id]}`)
          }
          seconds[scenario.id] = (seconds[scenario.id] ?? 0) + (performance.now() - p0) / 1000
        }
      }
      console.log(`round ${round + 1}/${rounds}: ${((performance.now() - r0) / 1000).toFixed(1)} s, load average ${load()}`)
    }
  } finally {
    await browser.close()
    await server.close()
  }

  const cell = (s, l, pickValue) => median((samples[s]?.[l] ?? []).map(pickValue))
  const rows = [['scenario', 'library', 'median ms', 'to frame', 'row renders', 'vs Tessera', 'vs floor', 'samples']]
  for (const scenario of scenarios) {
    for (const [label, metric] of views(scenario)) {
      const base = cell(scenario.id, 'tessera', METRICS[metric])
      const floor = cell(scenario.id, 'floor', METRICS[metric])
      for (const library of libraries) {
        if (scenario.only && !scenario.only.includes(library.id)) continue
        const failed = failures[scenario.id]?.[library.id]
        const list = samples[scenario.id]?.[library.id] ?? []
        const ms = cell(scenario.id, library.id, METRICS[metric])
        rows.push([
          label,
          library.label,
          failed ? 'FAIL' : fmt(ms),
          failed ? '' : fmt(cell(scenario.id, library.id, (x) => x.frameMs)),
          failed ? '' : String(median(list.map((x) => x.rowRenders)) ?? '—'),
          failed ? '' : ratio(ms, base),
          failed ? '' : ratio(ms, floor),
          String(list.length),
        ])
      }
    }
  }
  console.log('\nMedian milliseconds from the click (or, in the "response → rows" rows, from the fake network\'s response) to the')
  console.log('DOM change (MutationObserver); "to frame" runs from the click to the end of the next frame.')
  console.log('Ratios are this library\'s median divided by Tessera\'s / the floor\'s: above 1× is slower.\n')
  console.log(table(rows))

  // Where the time goes: the app's marks (see app/probe.ts), medians over the samples.
  const phases = [['scenario', 'library', 'write call', '(to store)', 'to request', 'network', 'to list render', 'list read', 'rows+commit', 'total']]
  for (const scenario of scenarios) {
    for (const library of libraries) {
      const list = samples[scenario.id]?.[library.id]
      if (!list?.length) continue
      const at = (x, name) => (name === 'dom' ? x.ms : name === 'trigger' ? 0 : x.marks[name])
      const span = (from, to) => {
        const spans = list.map((x) => {
          const a = Array.isArray(from) ? from.map((f) => at(x, f)).find((v) => v !== undefined) : at(x, from)
          const b = at(x, to)
          return a === undefined || b === undefined ? undefined : b - a
        })
        return spans.includes(undefined) ? undefined : median(spans)
      }
      phases.push([
        scenario.label,
        library.label,
        fmt(span('handler', 'written')),
        fmt(span(['response', 'handler'], 'stored')),
        fmt(span('trigger', 'request')),
        fmt(span('request', 'response')),
        fmt(span(['response', 'written', 'handler'], 'listRender')),
        fmt(span('listRender', 'listRead')),
        fmt(span('listRead', 'dom')),
        fmt(median(list.map((x) => x.ms))),
      ])
    }
  }
  console.log('\nWhere the time goes (median ms per phase): "write call" is the library call in the click handler,')
  console.log('"(to store)", Tessera only, runs from the click (updates) or the response (loads, create) until its store')
  console.log('applied the action (normalize and reducer); what follows in the write call is its readers\' selectors;')
  console.log('"to list render" runs from the response (or the write call, or the click) to the start of the list')
  console.log('component\'s render that first returns the new data; "list read" is its hook in that render.\n')
  console.log(table(phases))

  if (libraries.some((l) => l.id === 'tessera') && libraries.some((l) => l.id === 'floor')) {
    const baseline = process.env.BENCH_BASELINE ? JSON.parse(readFileSync(process.env.BENCH_BASELINE, 'utf8')) : undefined
    console.log(`\nTessera against the React floor (issue 20, item 6)${baseline ? `; in brackets, the same from ${process.env.BENCH_BASELINE}` : ''}:`)
    for (const line of targets(samples, scenarios, baseline)) console.log(`  ${line}`)
  }

  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rounds, samples, failures }, null, 2))
  const failed = Object.entries(failures).flatMap(([s, byLib]) => Object.entries(byLib).map(([l, why]) => `${s} / ${l}: ${why}`))
  console.log(`\nrun time by scenario (all rounds): ${Object.entries(seconds).map(([id, s]) => `${id} ${s.toFixed(0)} s`).join(', ')}`)
  console.log(`load average ${load()}; total ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (failed.length > 0) {
    console.log(`\n${failed.length} failed:\n${failed.map((f) => `  - ${f}`).join('\n')}`)
    process.exitCode = 1
  } else {
    console.log('every app showed the right DOM in every scenario (checked row by row), with the expected requests')
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
