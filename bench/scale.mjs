// Scale benchmarks (issue 10): what one new endpoint key costs in a store that already holds
// 1k / 10k / 100k keys, and whether memory nobody reads is given back (run with --expose-gc).
//
// - "fetch + receive": tessera's whole controller.fetch of a new key (FETCH, request, RECEIVE,
//   read back), awaited one at a time, in stores of N keys. tessera only: data-client's fetch
//   needs its NetworkManager stack, and its write cost is measured next.
// - "setResponse of a new key": the write alone, tessera vs @data-client/core 0.10, same stores.
// - "GC slice": one `controller.sweep()` (a `tessera/gc` action of up to gcBatch = 200 keys and
//   the records only they referred to) once every key's gcTime has passed, in stores of N keys
//   filled by N responses (the collector only tracks keys it saw arrive). tessera only.
// Stores of N keys are built from a state with N keys (not by N writes: data-client's writes
// copy every key, so filling 100k one by one would take hours).

import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { SCALE, compare, sink } from './harness.mjs'
import { countTable, noteClass } from './fixtures.mjs'

const require = createRequire(import.meta.url)
const SIZES = [1_000, 10_000, 100_000]

/** A state with `size` keys (results and meta) of one endpoint, and their entities. */
function tesseraState(tessera, endpoint, size) {
  const store = tessera.createStore({ now: () => 1_000_000 })
  const endpoints = {}
  const meta = {}
  const notes = {}
  const metas = {}
  for (let i = 0; i < size; i++) {
    const key = endpoint.key({ id: String(i) })
    endpoints[key] = String(i)
    meta[key] = { date: 1, fetchedAt: 1, expiresAt: 9e15 }
    notes[String(i)] = { id: String(i), text: 'x' }
    metas[String(i)] = { date: 1, fetchedAt: 1, expiresAt: 9e15 }
  }
  return { ...store.getState(), endpoints, meta, entities: { Note: notes }, entitiesMeta: { Note: metas } }
}

async function timeFetches(tessera, Note, size) {
  let next = size
  const endpoint = new tessera.Endpoint(async ({ id }) => ({ id, text: 'new' }), { name: 'note', schema: Note })
  const store = tessera.createStore({ initialState: tesseraState(tessera, endpoint, size), gcTime: Infinity })
  const run = async () => {
    const id = String(next++)
    const t0 = performance.now()
    const note = await store.controller.fetch(endpoint, { id })
    const dt = performance.now() - t0
    if (note.id !== id) throw new Error('fetch resolved to the wrong note')
    return dt
  }
  // Warm-up (the first write turns the hydrated flat tables into sharded ones).
  for (let i = 0; i < 200; i++) await run()
  globalThis.gc?.()
  const samples = []
  const deadline = performance.now() + 800 * SCALE
  while (performance.now() < deadline || samples.length < 50) samples.push(await run())
  samples.sort((a, b) => a - b)
  if (selectKeys(tessera, store.getState()) < size) throw new Error('keys were lost')
  return samples[samples.length >> 1]
}

function selectKeys(tessera, state) {
  return tessera.selectMeta ? countTable(state.meta) : 0
}

function dataClientSide(size) {
  const core = require('data-client-core-0.10')
  const endpointLib = require('data-client-endpoint-0.9')
  const Note = noteClass(endpointLib.Entity)
  const endpoint = new endpointLib.Endpoint(async () => undefined, { name: 'note', schema: Note })
  const results = {}
  const meta = {}
  const notes = {}
  const entityMeta = {}
  for (let i = 0; i < size; i++) {
    const key = endpoint.key({ id: String(i) })
    results[key] = String(i)
    meta[key] = { date: 1, expiresAt: 9e15, prevExpiresAt: 0 }
    notes[String(i)] = { id: String(i), text: 'x' }
    entityMeta[String(i)] = { date: 1, expiresAt: 9e15, fetchedAt: 1 }
  }
  let state = { ...core.initialState, results, meta, entities: { Note: notes }, entityMeta: { Note: entityMeta } }
  let reducer
  const controller = new core.Controller({
    dispatch: (action) => {
      state = reducer(state, action)
      return Promise.resolve()
    },
    getState: () => state,
  })
  reducer = core.createReducer(controller)
  let next = size
  return {
    name: `setResponse of a new key into ${size / 1000}k keys: @data-client/core`,
    fn: () => {
      const id = String(next++)
      controller.setResponse(endpoint, { id }, { id, text: 'new' })
      return state
    },
  }
}

function tesseraSide(tessera, Note, size) {
  const endpoint = new tessera.Endpoint(async () => undefined, { name: 'note', schema: Note })
  const store = tessera.createStore({ initialState: tesseraState(tessera, endpoint, size), gcTime: Infinity })
  let next = size
  return {
    name: `setResponse of a new key into ${size / 1000}k keys: tessera`,
    fn: () => {
      const id = String(next++)
      store.controller.setResponse(endpoint, { id }, { id, text: 'new' })
      return store.getState()
    },
  }
}

export async function runScaleBenchmarks(libs, { print = console.log } = {}) {
  const { tessera } = libs
  const Note = noteClass(tessera.Entity)
  const results = []
  const checks = []
  const targets = []

  const fetchMs = []
  for (const size of SIZES) {
    const ms = await timeFetches(tessera, Note, size)
    fetchMs.push(ms)
    results.push({ name: `controller.fetch + receive of a new key in ${size / 1000}k keys: tessera`, ms, min: ms, max: ms, opsPerSec: 1000 / ms, samples: 0, iterations: 0 })
  }
  targets.push({ name: 'fetch + receive of a new key: 100k keys / 1k keys', ratio: fetchMs[2] / fetchMs[0], max: 2 })

  const writeMs = []
  for (const size of SIZES) {
    const rows = compare([tesseraSide(tessera, Note, size), dataClientSide(size)], { time: size >= 100_000 ? 1500 : 800 })
    results.push(...rows)
    writeMs.push(rows[0].ms)
  }
  targets.push({ name: 'setResponse of a new key: tessera 100k keys / 1k keys', ratio: writeMs[2] / writeMs[0], max: 2 })

  // GC slices in a process of their own: what is timed is the slice, not a major GC owed by the
  // suites before it (in this process the 100k median was ~3x the 1k one for that reason alone).
  const sweep = spawnSync(process.execPath, [fileURLToPath(new URL('./sweep.mjs', import.meta.url)), ...SIZES.map(String)], { encoding: 'utf8' })
  if (sweep.status !== 0) throw new Error(`bench/sweep.mjs failed: ${sweep.stderr}`)
  const sweepMs = JSON.parse(sweep.stdout)
  for (const [i, size] of SIZES.entries()) {
    const ms = sweepMs[i]
    results.push({ name: `GC slice (200 keys) in ${size / 1000}k expired keys: tessera`, ms, min: ms, max: ms, opsPerSec: 1000 / ms, samples: 0, iterations: 0 })
  }
  targets.push({ name: 'GC slice: 100k keys / 1k keys', ratio: sweepMs[2] / sweepMs[0], max: 2 })

  // Memory in a process of its own, so the other suites' data is not in the heap figures.
  const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(new URL('./memory.mjs', import.meta.url))], { encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`bench/memory.mjs failed: ${child.stderr}`)
  const m = JSON.parse(child.stdout)
  print(
    `heap (MB, a fresh process): empty store ${m.baseline.toFixed(1)}; 10k keys read ${m.filled.toFixed(1)}; after gcTime + sweep ${m.collected.toFixed(1)}; ` +
      `10k again ${m.refilled.toFixed(1)}; after resetEntireStore ${m.reset.toFixed(1)}`,
  )
  checks.push(`memory: heap returns to baseline after GC (${m.collected.toFixed(1)} MB vs ${m.baseline.toFixed(1)} MB, from ${m.filled.toFixed(1)} MB) and after reset (${m.reset.toFixed(1)} MB)`)
  if (m.collected - m.baseline > 2 || m.reset - m.baseline > 2) throw new Error(`memory was not given back: ${JSON.stringify(m)}`)
  return { results, checks, targets }
}
