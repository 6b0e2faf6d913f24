// Entry point of `npm run bench` (which builds dist/ first and runs node --expose-gc).
// Each benchmark module exports one function that runs its cases and prints its tables;
// add store benchmarks etc. as further modules in the list below.

import { performance } from 'node:perf_hooks'
import { cpus, loadavg } from 'node:os'
import { SCALE, checksum, formatMs, formatOps, table } from './harness.mjs'
import { loadPeers } from './peers.mjs'
import { runSchemaBenchmarks } from './normalizr.mjs'
import { runStoreBenchmarks } from './store.mjs'
import { runScaleBenchmarks } from './scale.mjs'

const started = performance.now()
const print = (text) => console.log(text)

if (typeof globalThis.gc !== 'function') {
  print('note: run with node --expose-gc so a GC can be forced between cases')
}

const libs = await loadPeers()
const v = libs.versions
const cpu = cpus()
print(`tessera ${v.tessera} (dist/index.js) vs @data-client/normalizr ${v.dataClient} vs normalizr ${v.normalizr}`)
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ')
print(`node ${v.node}, ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, BENCH_SCALE=${SCALE}, load average ${load()}`)
print(`data-client build: ${v.dataClientBuild}; its Entity is the minimal bench/dataclient-entity.mjs`)

const suites = [
  ['schema engine', runSchemaBenchmarks],
  ['store', runStoreBenchmarks],
  ['scale and memory', runScaleBenchmarks],
]
const all = []
for (const [name, run] of suites) {
  print(`\n=== ${name} ===`)
  const suiteStarted = performance.now()
  const { results, checks, targets } = await run(libs, { print })
  all.push({ name, results, checks, targets })
  print(`(${name}: ${((performance.now() - suiteStarted) / 1000).toFixed(1)} s)`)
}

print('\nTargets')
const targetRows = [['target', 'measured', 'goal', 'result']]
for (const suite of all) {
  for (const t of suite.targets) {
    if (t.max !== undefined) {
      targetRows.push([t.name, `${t.ratio.toFixed(2)}x`, `<= ${t.max}x`, t.ratio <= t.max ? 'pass' : 'MISS'])
    } else {
      const res = t.ratio >= t.aim ? 'pass (aim met)' : t.ratio >= t.min ? 'pass' : 'MISS'
      targetRows.push([t.name, `${t.ratio.toFixed(2)}x`, `>= ${t.min}x (aim ${t.aim}x)`, res])
    }
  }
}
print(table(targetRows))

print('\nCorrectness checks (all passed)')
for (const suite of all) for (const c of suite.checks) print(`  - ${c}`)

print('\nAll cases')
const rows = [['case', 'median', 'min', 'max', 'ops/s', 'samples', 'calls']]
for (const suite of all) {
  for (const r of suite.results) {
    rows.push([r.name, formatMs(r.ms), formatMs(r.min), formatMs(r.max), formatOps(r.opsPerSec), String(r.samples), String(r.iterations)])
  }
}
print(table(rows))
print(`\nchecksum ${checksum()}; load average ${load()}; total ${((performance.now() - started) / 1000).toFixed(1)} s`)
