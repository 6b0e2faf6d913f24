// Every published source map carries the TypeScript it maps to (`sourcesContent`), so a stack
// trace in an app's debugger opens our source without this repository. Run after `npm run build`.
// The build writes one module (and one map) per source file, in folders like src/.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const maps = readdirSync(dist, { recursive: true }).map(String).filter((name) => name.endsWith('.js.map'))
if (maps.length === 0) throw new Error('no dist/**/*.js.map: run `npm run build` first')
let sources = 0
for (const name of maps) {
  const map = JSON.parse(readFileSync(join(dist, name), 'utf8'))
  const missing = map.sources.filter((_, i) => typeof map.sourcesContent?.[i] !== 'string' || map.sourcesContent[i] === '')
  if (missing.length > 0) throw new Error(`dist/${name}: no sourcesContent for ${missing.join(', ')}`)
  sources += map.sources.length
}
// The maps together cover the library (re-export-only and type-only files produce no code).
if (sources < 40) throw new Error(`only ${sources} sources in the source maps: is the build complete?`)
console.log(`${maps.length} source maps in dist/, ${sources} sources, all with their content`)
