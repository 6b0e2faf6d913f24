// `node --expose-gc bench/browser/first-read.mjs [count…]`: Tessera's own work in a first load,
// phase by phase, in Node (no React, no DOM): what the browser scenarios "fetched list" and
// "mount … from cache" spend inside the library, measured without the browser's noise.
//
// Bundles src/ with esbuild (production: development-only code dropped), builds the same list
// the browser app shows (`count` items by 100 authors, author nested; Item/Author as in
// app/tessera.tsx), and for a list never seen before times:
//   parse        JSON.parse of the body (every library pays it; the reference)
//   normalize    receiveAction (store/toAction): normalize against the state, the receive action
//   dispatch     the action through the managers to the reducer (no reader subscribed)
//   first read   controller.getResponse: the first denormalize of the list (entity instances)
//   read again   the same read of the same state (memoized: what a re-render costs)
// Prints CPU time (the figure to compare on a shared machine) and wall time. Each figure is the median of ROUNDS lists (default 15, after 5 warm-ups), each a new list in
// a new store that already holds one other list of the same size (written untimed), as in the
// browser runs, where a sample follows a warm-up.
//
// FRESH=1 runs each list in a fresh process instead, after two loads of 1k lists in the same store,
// as a page of the browser run does: the code is then about as warmed up as there. Without it, the
// rounds share one process, and each round's new store and forced collection let the previous
// round's record shapes die, so V8 drops and recompiles the hot functions every round (see
// `--trace-deopt`): steadier, but further from the browser.
import esbuild from 'esbuild'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'

const root = fileURLToPath(new URL('../../', import.meta.url))
// TESSERA_SRC=/path/to/src compares another copy of the sources (an experiment) on the same data.
const src = process.env.TESSERA_SRC ?? `${root}src`
const counts = process.argv.slice(2).map(Number).filter((n) => n > 0)
const rounds = Number(process.env.ROUNDS ?? 15) || 15

const entry = `
import { Entity, createResource, createStore } from '${src}/index.ts'
export { receiveAction } from '${src}/store/toAction.ts'
class Author extends Entity {
  id = ''
  name = ''
  pk() { return this.id }
  static key = 'Author'
}
class Item extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  pk() { return this.id }
  static key = 'Item'
  static schema = { author: Author }
}
export const ItemResource = createResource({ path: '/api/items/:id', schema: Item, searchParams: {} })
export { createStore }
`

// A child of FRESH=1 imports the bundle its parent wrote.
const bundleFile = process.env.FIRST_READ_BUNDLE
let source
if (bundleFile === undefined) {
  const built = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    // Packages (immer…) resolve from this repository, also for a TESSERA_SRC outside it.
    nodePaths: [`${root}node_modules`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    minify: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  source = built.outputFiles[0].text
}
const url = bundleFile !== undefined ? pathToFileURL(bundleFile).href : `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
const { ItemResource, createStore, receiveAction } = await import(url)

function makeItems(prefix, count, authors = 100) {
  const items = []
  for (let i = 0; i < count; i++) {
    const a = i % authors
    items.push({ id: `${prefix}${i}`, title: `Item ${prefix}${i}`, author: { id: `${prefix}a${a}`, name: `Author ${prefix}a${a}` } })
  }
  return items
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1]
}

/**
 * Loads a new list of `count` rows into `store` as a response would, timing each phase: parse,
 * normalize, dispatch, first read, read again ([wall, CPU] ms each).
 */
function load(store, list, count) {
  const endpoint = ItemResource.getList
  const controller = store.controller
  const body = JSON.stringify(makeItems(`${list}-`, count))
  globalThis.gc?.()
  const clock = []
  const mark = () => {
    const cpu = process.cpuUsage()
    clock.push([performance.now(), (cpu.user + cpu.system) / 1000])
  }
  mark()
  const value = JSON.parse(body)
  mark()
  const args = [{ list }]
  const action = receiveAction(endpoint, endpoint.key(...args), args, value, controller.now(), controller.now(), store.getState())
  mark()
  controller.dispatch(action)
  mark()
  const first = controller.getResponse(endpoint, ...args, store.getState())
  mark()
  const again = controller.getResponse(endpoint, ...args, store.getState())
  mark()
  if (first.data.length !== count || again.data !== first.data || first.data[count - 1].author.name !== value[count - 1].author.name) {
    throw new Error('the read does not give the list back')
  }
  return clock.slice(1).map((at, i) => [at[0] - clock[i][0], at[1] - clock[i][1]])
}

if (bundleFile !== undefined) {
  // One page: two 1k lists, then the measured one.
  const store = createStore()
  load(store, 'w1', 1_000)
  load(store, 'w2', 1_000)
  console.log(JSON.stringify(load(store, 'list', counts[0])))
  process.exit(0)
}

const fresh = process.env.FRESH === '1'
const dir = fresh ? mkdtempSync(`${tmpdir()}/first-read-`) : undefined
if (dir !== undefined) writeFileSync(`${dir}/bundle.mjs`, source)

for (const count of counts.length > 0 ? counts : [1_000, 10_000]) {
  const endpoint = ItemResource.getList
  const times = { parse: [], normalize: [], dispatch: [], 'first read': [], 'read again': [] }
  for (let round = 0; round < (fresh ? 0 : 5) + rounds; round++) {
    let phases
    if (fresh) {
      const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), String(count)], {
        encoding: 'utf8',
        env: { ...process.env, FIRST_READ_BUNDLE: `${dir}/bundle.mjs` },
      })
      if (child.status !== 0) throw new Error(child.stderr)
      phases = JSON.parse(child.stdout)
    } else {
      const store = createStore()
      const controller = store.controller
      controller.setResponse(endpoint, { list: 'before' }, makeItems(`b${round}-`, count))
      controller.getResponse(endpoint, { list: 'before' }, store.getState())
      phases = load(store, `l${round}`, count)
      store.cleanup()
      if (round < 5) continue
    }
    Object.values(times).forEach((list, i) => list.push(phases[i]))
  }
  // CPU time (this process, user + system) is the figure to compare: on a shared machine the
  // wall clock also counts the time other processes had the core.
  for (const [what, at] of [['CPU ms', 1], ['wall ms', 0]]) {
    const m = (name) => median(times[name].map((x) => x[at]))
    const cells = Object.keys(times).map((name) => `${name} ${m(name).toFixed(2)}`)
    const own = m('normalize') + m('dispatch') + m('first read')
    console.log(`${count} rows, median of ${rounds} ${fresh ? 'fresh processes' : 'lists'}, ${what}: ${cells.join(', ')}; Tessera's own (normalize + dispatch + first read) ${own.toFixed(2)}`)
  }
}
if (dir !== undefined) rmSync(dir, { recursive: true })
