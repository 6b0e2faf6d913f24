// A deliberately small benchmark harness.
//
// compare(cases, options) measures the cases of one row of a table (the same operation in each
// library) together: each case is warmed up on its own, then the cases take turns in `rounds`
// blocks (order reversed every round), each block taking samples of one case for
// budget/rounds. Taking turns means load from other processes on the machine hits every library
// alike, so the ratios stay meaningful on a busy machine; a GC is forced (node --expose-gc)
// before every warm-up and every block, so no case pays for another's garbage, followed by an
// untimed batch (the GC deoptimizes code that embedded objects it collected). The result per
// case is the median milliseconds per call over all its samples. Every result is folded into
// `sink` so no call can be optimised away.
//
// Two kinds of case:
//  - batched (default): a sample is `batch` back-to-back calls timed together; the batch size is
//    calibrated during warm-up so a sample lasts about budget/targetSamples.
//  - per-iteration (`setup` and/or `after` given): a sample is one call, with
//    `state = setup(i)` run untimed before it and `after(result, state, i)` run untimed after it
//    (use it for assertions). Meant for operations of 0.1 ms and more.

import { performance } from 'node:perf_hooks'

/** Multiplies every time budget; BENCH_SCALE=0.5 halves the run, 2 doubles it. */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1) || 1

let sinkValue = 0

/** Folds a result into a checksum so the work that produced it cannot be dropped. */
export function sink(value) {
  switch (typeof value) {
    case 'number':
      sinkValue = (sinkValue + (value | 0)) | 0
      break
    case 'object':
      if (value !== null) sinkValue = (sinkValue + 1 + (Array.isArray(value) ? value.length : 0)) | 0
      break
    default:
      if (value !== undefined) sinkValue = (sinkValue + 1) | 0
  }
  return value
}

/** The checksum of every result seen so far (print it so the work is observably used). */
export function checksum() {
  return sinkValue
}

function median(sorted) {
  const n = sorted.length
  return n % 2 === 1 ? sorted[(n - 1) >> 1] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

class Case {
  constructor({ name, fn, setup, after }) {
    this.name = name
    this.fn = fn
    this.setup = setup
    this.after = after
    this.perIteration = setup !== undefined || after !== undefined
    this.batch = 1
    this.best = Infinity
    this.sampleBudget = 0
    this.i = 0
    this.perOp = []
    this.iterations = 0
  }

  /** One timed call (per-iteration) or `batch` timed calls; returns ms per call. */
  run(batch) {
    const fn = this.fn
    if (!this.perIteration) {
      const s0 = performance.now()
      for (let k = 0; k < batch; k++) sink(fn())
      return (performance.now() - s0) / batch
    }
    const i = this.i++
    const state = this.setup !== undefined ? this.setup(i) : undefined
    const s0 = performance.now()
    const result = fn(state, i)
    const dt = performance.now() - s0
    sink(result)
    if (this.after !== undefined) this.after(result, state, i)
    return dt
  }

  warm(warmBudget, sampleBudget) {
    this.sampleBudget = sampleBudget
    const w0 = performance.now()
    if (this.perIteration) {
      // At least 3 calls, then keep going until the warm-up budget is spent.
      for (let calls = 0; calls < 3 || performance.now() - w0 < warmBudget; calls++) this.run(1)
      return
    }
    // Double the batch until one batch takes at least 1 ms (so the timer's own cost is noise),
    // keep going until the warm-up budget is spent, then size samples from the fastest batch
    // (a GC pause in the last one must not shrink every sample to a single call).
    let batch = 1
    let calls = 0
    for (;;) {
      const perCall = this.run(batch)
      calls += batch
      if (perCall * batch >= 1) this.best = Math.min(this.best, perCall)
      if (perCall * batch >= 1 && calls >= 2 && performance.now() - w0 >= warmBudget) {
        this.batch = Math.max(1, Math.round(sampleBudget / this.best))
        return
      }
      if (perCall * batch < 1) batch *= 2
    }
  }

  rewarm() {
    if (this.perIteration) {
      for (let k = 0; k < 3; k++) this.run(1)
      return
    }
    // Also refines the batch size: a warm-up slowed down by a GC or another process must not
    // leave every sample at a single call.
    this.best = Math.min(this.best, this.run(this.batch))
    this.batch = Math.max(1, Math.round(this.sampleBudget / this.best))
  }

  sample() {
    const batch = this.perIteration ? 1 : this.batch
    this.perOp.push(this.run(batch))
    this.iterations += batch
  }
}

/**
 * @param {{ name: string, fn: (state?: any, i?: number) => any,
 *   setup?: (i: number) => any, after?: (result: any, state: any, i: number) => void }[]} cases
 * @param {{ time?: number, warmup?: number, minSamples?: number, targetSamples?: number,
 *   rounds?: number }} [options] time (budget per case) and warmup are milliseconds, both scaled
 *   by BENCH_SCALE; a batched sample lasts about time/targetSamples.
 * @returns {{ name: string, ms: number, min: number, max: number, samples: number,
 *   iterations: number, opsPerSec: number }[]} one result per case, in order
 */
export function compare(cases, options = {}) {
  const { time = 1000, warmup = 250, minSamples = 5, targetSamples = 15, rounds = 3 } = options
  const budget = time * SCALE
  const list = cases.map((c) => new Case(c))
  for (const c of list) {
    globalThis.gc?.()
    c.warm(warmup * SCALE, budget / targetSamples)
  }
  for (let round = 0; round < rounds; round++) {
    const last = round === rounds - 1
    for (const c of round % 2 === 0 ? list : list.slice().reverse()) {
      globalThis.gc?.()
      // A full GC throws away optimized code that embeds objects it collected; re-warm untimed.
      c.rewarm()
      const t0 = performance.now()
      do c.sample()
      while (performance.now() - t0 < budget / rounds || (last && c.perOp.length < minSamples))
    }
  }
  return list.map((c) => summarize(c.name, c.perOp, c.iterations))
}

/** A group of one. */
export function bench(name, fn, options = {}) {
  const { setup, after, ...rest } = options
  return compare([{ name, fn, setup, after }], rest)[0]
}

function summarize(name, perOp, iterations) {
  const sorted = perOp.slice().sort((a, b) => a - b)
  const ms = median(sorted)
  return {
    name,
    ms,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    samples: sorted.length,
    iterations,
    opsPerSec: 1000 / ms,
  }
}

/** "12.3 ms", "0.0451 ms", "1.23 µs" style formatting with about three significant digits. */
export function formatMs(ms) {
  if (ms === undefined || Number.isNaN(ms)) return '—'
  if (ms >= 100) return `${ms.toFixed(0)} ms`
  if (ms >= 10) return `${ms.toFixed(1)} ms`
  if (ms >= 1) return `${ms.toFixed(2)} ms`
  if (ms >= 0.01) return `${ms.toFixed(3)} ms`
  if (ms >= 0.001) return `${(ms * 1000).toFixed(2)} µs`
  return `${(ms * 1e6).toFixed(0)} ns`
}

export function formatOps(opsPerSec) {
  if (opsPerSec >= 1e6) return `${(opsPerSec / 1e6).toFixed(2)}M/s`
  if (opsPerSec >= 1e4) return `${(opsPerSec / 1e3).toFixed(1)}k/s`
  if (opsPerSec >= 100) return `${opsPerSec.toFixed(0)}/s`
  return `${opsPerSec.toFixed(1)}/s`
}

/** Renders rows (arrays of strings) as an aligned plain-text table; first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)))
  const line = (r) => r.map((cell, c) => (c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]))).join('  ')
  const out = [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  ')]
  for (let i = 1; i < rows.length; i++) out.push(line(rows[i]))
  return out.join('\n')
}
