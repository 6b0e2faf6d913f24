// Every published source map carries the TypeScript it maps to (`sourcesContent`), so a stack
// trace in an app's debugger opens our source without this repository. Run after `npm run build`.
import { readdirSync, readFileSync } from 'node:fs'

const dist = new URL('../dist/', import.meta.url)
const maps = readdirSync(dist).filter((name) => name.endsWith('.js.map'))
if (maps.length === 0) throw new Error('no dist/*.js.map: run `npm run build` first')
for (const name of maps) {
  const map = JSON.parse(readFileSync(new URL(name, dist), 'utf8'))
  const missing = map.sources.filter((_, i) => typeof map.sourcesContent?.[i] !== 'string' || map.sourcesContent[i] === '')
  if (missing.length > 0) throw new Error(`dist/${name}: no sourcesContent for ${missing.join(', ')}`)
  console.log(`dist/${name}: ${map.sources.length} sources, all with their content`)
}
