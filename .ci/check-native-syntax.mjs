// After the build: every JavaScript file in dist/ goes through React Native's Babel preset
// (`@react-native/babel-preset`, what Metro and the React Native jest preset compile
// node_modules with), as a React Native app's bundler would. Its parser accepts less than
// Node and the browsers: a `static {}` class block, for one, stops Metro and jest ("Static
// class blocks are not enabled"), and an app cannot fix that without adding a Babel plugin.
// Each file is compiled for a development build and for a Hermes production build; any error
// fails the check. A file with a static block is compiled first, so the check fails if the
// preset ever stops catching what it is here to catch.
import { createRequire } from 'node:module'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const babel = require('@babel/core')
const preset = require.resolve('@react-native/babel-preset')
const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')

// The options Metro passes for `npx react-native start` and for a release bundle run on Hermes.
const BUILDS = [
  { name: 'development', options: { dev: true } },
  { name: 'production, Hermes', options: { dev: false, unstable_transformProfile: 'hermes-stable' } },
]

function compile(code, filename, options) {
  babel.transformSync(code, { filename, babelrc: false, configFile: false, presets: [[preset, options]] })
}

try {
  compile('class A { static { this.x = 1 } }', 'canary.js', BUILDS[0].options)
  console.error('check-native-syntax: the preset accepted a static block, so this check no longer shows what React Native rejects')
  process.exit(1)
} catch {
  // Expected: the preset rejects what this check looks for.
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.name.endsWith('.js')) yield path
  }
}

let checked = 0
const failures = []
for (const file of files(dist)) {
  const code = readFileSync(file, 'utf8')
  checked++
  for (const { name, options } of BUILDS) {
    try {
      compile(code, file, options)
    } catch (error) {
      failures.push(`${relative(root, file)} (${name}): ${String(error.message).split('\n')[0]}`)
    }
  }
}
if (checked === 0) {
  console.error('check-native-syntax: dist/ has no JavaScript; run `npm run build` first')
  process.exit(1)
}
if (failures.length > 0) {
  console.error(`check-native-syntax: React Native's Babel preset rejects ${failures.length} build(s) of dist/:\n  ${failures.join('\n  ')}`)
  process.exit(1)
}
console.log(`check-native-syntax: ${checked} files of dist/ compile with @react-native/babel-preset (development and Hermes production): ok`)
