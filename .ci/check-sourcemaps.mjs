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

// A module that opens with 'use client' gets that line from the build (rollup.config.mjs), above
// the code its map describes: each function and class it declares must still map to the source
// line that declares it.
let declarations = 0
for (const name of maps) {
  const code = readFileSync(join(dist, name.slice(0, -'.map'.length)), 'utf8')
  if (!/^'use client';/.test(code)) continue
  const map = JSON.parse(readFileSync(join(dist, name), 'utf8'))
  const lines = decodeMappings(map.mappings)
  code.split('\n').forEach((line, index) => {
    const declared = /^(?:export )?(?:async )?(function|class) (\w+)/.exec(line)
    if (declared === null) return
    const segment = lines[index]?.find(([column]) => column >= line.indexOf(declared[2])) ?? lines[index]?.[0]
    const source = segment && map.sourcesContent[segment[1]].split('\n')[segment[2]]
    if (!source?.includes(declared[2])) throw new Error(`dist/${name}: ${declared[1]} ${declared[2]} (line ${index + 1}) maps to ${JSON.stringify(source)}`)
    declarations++
  })
}
if (declarations < 20) throw new Error(`only ${declarations} declarations checked in client modules: is the 'use client' banner missing?`)
console.log(`${maps.length} source maps in dist/, ${sources} sources, all with their content; ${declarations} declarations in client modules map to their lines`)

/** A source map's `mappings`, decoded: per generated line, segments [column, source, line, column] (absolute, 0-based). */
function decodeMappings(mappings) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const state = [0, 0, 0, 0]
  return mappings.split(';').map((line) => {
    state[0] = 0
    return line.split(',').filter(Boolean).map((segment) => {
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = digits.indexOf(char)
        value += (digit & 31) << shift
        shift += 5
        if ((digit & 32) === 0) {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      fields.slice(0, 4).forEach((delta, i) => (state[i] += delta))
      return state.slice(0, fields.length >= 4 ? 4 : 1)
    })
  })
}
