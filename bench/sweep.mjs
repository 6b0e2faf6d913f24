// One GC slice (`controller.sweep()`, gcBatch keys) in stores of N expired keys, run by scale.mjs
// in a process of its own. Prints the median slice time in ms per size, as a JSON array.
import { performance } from 'node:perf_hooks'
import { countTable, noteClass } from './fixtures.mjs'

const tessera = await import('../dist/headless.js')

const Note = noteClass(tessera.Entity)
// The defaults (5 minutes, 200 keys a slice), given explicitly.
const GC_TIME = 5 * 60_000
const GC_BATCH = 200

function timeSweeps(size) {
  let clock = 1_000_000
  const endpoint = new tessera.Endpoint(async () => undefined, { name: 'note', schema: Note })
  const store = tessera.createStore({ now: () => clock, gcTime: GC_TIME, gcBatch: GC_BATCH })
  for (let i = 0; i < size; i++) store.controller.setResponse(endpoint, { id: String(i) }, { id: String(i), text: 'x' })
  clock += GC_TIME + 1
  const samples = []
  const slices = Math.min(25, size / GC_BATCH - 1)
  for (let i = 0; i < slices; i++) {
    const t0 = performance.now()
    if (!store.controller.sweep()) throw new Error('nothing left to sweep')
    samples.push(performance.now() - t0)
  }
  const count = countTable(store.getState().meta)
  if (count !== size - slices * GC_BATCH) throw new Error('a slice did not remove gcBatch keys')
  store.cleanup()
  samples.sort((a, b) => a - b)
  return samples[samples.length >> 1]
}

console.log(JSON.stringify(process.argv.slice(2).map((size) => timeSweeps(Number(size)))))
