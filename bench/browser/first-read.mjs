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
import esbuild from 'esbuild'
import { fileURLToPath } from 'node:url'
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
const url = `data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`
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

for (const count of counts.length > 0 ? counts : [1_000, 10_000]) {
  const endpoint = ItemResource.getList
  const times = { parse: [], normalize: [], dispatch: [], 'first read': [], 'read again': [] }
  for (let round = 0; round < 5 + rounds; round++) {
    const store = createStore()
    const controller = store.controller
    controller.setResponse(endpoint, { list: 'before' }, makeItems(`b${round}-`, count))
    controller.getResponse(endpoint, { list: 'before' }, store.getState())
    const list = `list${round}`
    const body = JSON.stringify(makeItems(`l${round}-`, count))
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
    store.cleanup()
    if (round < 5) continue
    Object.values(times).forEach((list, i) => list.push([clock[i + 1][0] - clock[i][0], clock[i + 1][1] - clock[i][1]]))
  }
  // CPU time (this process, user + system) is the figure to compare: on a shared machine the
  // wall clock also counts the time other processes had the core.
  for (const [what, at] of [['CPU ms', 1], ['wall ms', 0]]) {
    const m = (name) => median(times[name].map((x) => x[at]))
    const cells = Object.keys(times).map((name) => `${name} ${m(name).toFixed(2)}`)
    const own = m('normalize') + m('dispatch') + m('first read')
    console.log(`${count} rows, median of ${rounds} lists, ${what}: ${cells.join(', ')}; Tessera's own (normalize + dispatch + first read) ${own.toFixed(2)}`)
  }
}
