// Run by bench/scale.mjs in a process of its own (node --expose-gc): fills a store with 10k keys
// read once, lets gcTime pass and sweeps, fills it again and resets it; prints the heap at each
// step as JSON (MB).
import { sink } from './harness.mjs'
import { noteClass } from './fixtures.mjs'

const tessera = await import('../dist/index.js')

const Note = noteClass(tessera.Entity)

function heapMB() {
  globalThis.gc?.()
  globalThis.gc?.()
  return process.memoryUsage().heapUsed / 2 ** 20
}

/** Fills a store with 10k keys read once, then lets gcTime pass and sweeps; then fills and resets. */
function memory() {
  let clock = 1_000_000
  const endpoint = new tessera.Endpoint(async () => undefined, { name: 'note', schema: Note })
  const store = tessera.createStore({ now: () => clock })
  const { controller } = store
  const fill = () => {
    for (let i = 0; i < 10_000; i++) {
      const id = String(i)
      controller.setResponse(endpoint, { id }, { id, text: 'x'.repeat(200) })
      sink(controller.getResponse(endpoint, { id }, store.getState()).data)
    }
  }
  const baseline = heapMB()
  fill()
  const filled = heapMB()
  clock += 5 * 60_000 + 1
  while (controller.sweep()) {}
  const collected = heapMB()
  fill()
  const refilled = heapMB()
  controller.resetEntireStore()
  const reset = heapMB()
  return { baseline, filled, collected, refilled, reset }
}


console.log(JSON.stringify(memory()))
