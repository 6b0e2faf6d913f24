// The npm registry mirror this project is built against serves only the packages of the platform
// it runs on, so `npm install` leaves other platforms' optional binaries (rollup's, jest's
// resolver's) out of package-lock.json, and npm 11's `npm ci` then refuses the lock as out of
// sync. This adds the missing entries with the os/cpu/libc npm needs to skip them, exactly as a
// lock written against the full registry has them. Idempotent; run it after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const packages = lock.packages
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'wasm32']
let added = 0

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`
    if (packages[target] || packages[`${path}/${target}`]) continue
    const platform = platformOf(name)
    if (!platform) continue
    packages[target] = { version, ...platform, dev: entry.dev, optional: true }
    added++
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)))
  writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
}
console.log(`complete-lock: ${added} platform-specific optional entries added`)

/** `@rollup/rollup-linux-arm64-musl` → { os: ['linux'], cpu: ['arm64'], libc: ['musl'] } */
function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const at = parts.findIndex((part) => OS.includes(part))
  if (at === -1) return undefined
  const os = parts[at]
  if (os === 'wasm32') return { cpu: ['wasm32'] }
  const cpu = parts[at + 1] === 'arm' ? 'arm' : parts[at + 1]
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : undefined
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc: [libc] } : {}) }
}
