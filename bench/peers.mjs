// Loads the libraries under test.
//
// @data-client/normalizr's Node entry (dist/normalizr.js) is an unminified build that still reads
// `process.env.NODE_ENV` at run time, including once per array in normalize and denormalize
// (a dev-only schema check). Reading process.env costs ~0.1 µs in Node, which an application never
// pays: its bundler replaces the expression with a constant. To measure what users run, we load
// that same file with `process.env.NODE_ENV` replaced by "production" (written to a temp file).
// Set BENCH_DC_RAW=1 to import the package as published instead.

import { createRequire } from 'node:module'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version
}

async function loadDataClient() {
  if (process.env.BENCH_DC_RAW) {
    return { lib: await import('@data-client/normalizr'), build: 'dist/normalizr.js as published' }
  }
  const pkgDir = require.resolve('@data-client/normalizr/package.json').replace(/package\.json$/, '')
  const source = readFileSync(join(pkgDir, 'dist/normalizr.js'), 'utf8')
  const production = source.replaceAll('process.env.NODE_ENV', '"production"')
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-'))
  const file = join(dir, 'data-client-normalizr.production.cjs')
  try {
    writeFileSync(file, production)
    return { lib: require(file), build: 'dist/normalizr.js with process.env.NODE_ENV inlined as "production"' }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function loadPeers() {
  const tessera = await import('../dist/index.js')
  const dataClient = await loadDataClient()
  const normalizr = await import('normalizr')
  return {
    tessera,
    dataClient: dataClient.lib,
    normalizr: normalizr.default ?? normalizr,
    versions: {
      tessera: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
      dataClient: packageVersion('@data-client/normalizr'),
      dataClientBuild: dataClient.build,
      normalizr: packageVersion('normalizr'),
      node: process.version,
    },
  }
}
