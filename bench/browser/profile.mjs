// `npm run bench:browser:profile -- <scenario> [library...]`: where the time goes, by function.
//
// Builds the apps without minifying (names kept; React stays in its production build), runs the
// scenario a few times per library with Chromium's sampling profiler recording only the timed
// windows (the driver wraps each one in console.profile()), and prints, per library, the self
// time by bundle chunk and the functions with the most self time, summed over every timed window
// (warm-ups are not recorded), each with its share of the busy time (the window less "(idle)").
//
//   node bench/browser/profile.mjs update-item-10k tessera floor     PROFILE_PAGES=3 PROFILE_TOP=20
import { buildApps, LIBRARIES, launch, runOnce, SCENARIOS, serve } from './run.mjs'

/** The profiler's name for time the page was idle (the fake network's wait, mostly). */
const IDLE = '(idle) (idle):0'

const [scenarioId = 'update-item-10k', ...libraryIds] = process.argv.slice(2)
const scenario = SCENARIOS.find((s) => s.id === scenarioId)
if (scenario === undefined) throw new Error(`unknown scenario ${scenarioId}; one of ${SCENARIOS.map((s) => s.id).join(', ')}`)
const libraries = libraryIds.length > 0 ? libraryIds.map((id) => LIBRARIES.find((l) => l.id === id) ?? fail(`unknown library ${id}`)) : [LIBRARIES[0]]
const pages = Number(process.env.PROFILE_PAGES ?? 3) || 3

function fail(message) {
  throw new Error(message)
}

const root = await buildApps({ outDir: 'dist-profile', minify: false })
const server = await serve(root)
const browser = await launch()
try {
  for (const library of libraries) {
    const profiles = []
    const samples = []
    for (let i = 0; i < pages; i++) {
      const got = await runOnce(browser, server.url, library, scenario, {
        async onPage(page, run) {
          const cdp = await page.context().newCDPSession(page)
          await cdp.send('Profiler.enable')
          await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
          cdp.on('Profiler.consoleProfileFinished', ({ profile }) => profiles.push(profile))
          const control = { mount: 'show', fetch: 'show', load: 'show', create: 'create' }[scenario.id.split('-')[0]] ?? scenario.id.replace(/-10k$/, '')
          await page.evaluate((id) => (window.__profile = id), control)
          const result = await run()
          await cdp.detach()
          return result
        },
      })
      samples.push(...got)
    }
    report(library, profiles, samples)
  }
} finally {
  await browser.close()
  await server.close()
}

/** Sums self time per function and per chunk over all windows, and prints the largest (busy time: idle left out). */
function report(library, profiles, samples) {
  const byFunction = new Map()
  const inclusive = new Map()
  const byChunk = new Map()
  let total = 0
  const chunkOf = (callFrame) => (callFrame.url ? callFrame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '') : callFrame.functionName || '(native)')
  const nameOf = (callFrame) => `${callFrame.functionName || '(anonymous)'} ${chunkOf(callFrame)}:${callFrame.lineNumber + 1}`
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    const parents = new Map()
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node)
    const deltas = profile.timeDeltas
    for (let i = 0; i < profile.samples.length; i++) {
      // A sample's time is the gap to the next one (the last sample's gap is unknown: skipped).
      const dt = i + 1 < deltas.length ? deltas[i + 1] / 1000 : 0
      const node = nodes.get(profile.samples[i])
      const name = nameOf(node.callFrame)
      byFunction.set(name, (byFunction.get(name) ?? 0) + dt)
      byChunk.set(chunkOf(node.callFrame), (byChunk.get(chunkOf(node.callFrame)) ?? 0) + dt)
      total += dt
      // Inclusive time: once for every distinct function on the sample's stack.
      const onStack = new Set()
      for (let at = node; at !== undefined; at = parents.get(at.id)) onStack.add(nameOf(at.callFrame))
      for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + dt)
    }
  }
  // Shares are of the busy time: the window less "(idle)" (the fake network's wait, mostly).
  const busy = total - (byFunction.get(IDLE) ?? 0)
  const per = (ms) => `${(ms / profiles.length).toFixed(2).padStart(7)} ${((100 * ms) / busy).toFixed(1).padStart(5)}%`
  const median = samples.map((s) => s.ms).sort((a, b) => a - b)[samples.length >> 1]
  console.log(`\n${library.label}, ${scenario.label}: ${profiles.length} windows, median ${median?.toFixed(1)} ms; profiled ${(total / profiles.length).toFixed(2)} ms per window, ${(busy / profiles.length).toFixed(2)} ms busy (shares below are of the busy time)`)
  console.log('  self ms per window, by chunk ("driver" holds React and the app; a library\'s own chunk holds its code):')
  for (const [chunk, ms] of [...byChunk].filter(([chunk]) => chunk !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${per(ms)}  ${chunk}`)
  console.log('  top functions by self time (ms per window, share):')
  for (const [name, ms] of [...byFunction].filter(([name]) => name !== IDLE).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 20) || 20)) console.log(`  ${per(ms)}  ${name}`)
  console.log(`  the library's functions by total time, callees included (ms per window):`)
  const own = [...inclusive].filter(([name]) => name.includes(` ${library.page}:`))
  for (const [name, ms] of own.sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${per(ms)}  ${name}`)
}
