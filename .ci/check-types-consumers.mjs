// After the build: the packed tarball, installed in a throwaway app, type-checks under every
// moduleResolution an app may use (bundler, node10, node16, nodenext). The app's module
// (.ci/types-consumer/consumer.ts) imports from each entry point and fails to compile when a name is
// missing or typed `any`, the two ways a package's declarations break for one mode and not another
// (node10 ignores `exports`; node16 wants `.js` on every relative import in a declaration file).
// Beside it, the code the package's bin generates from the demo's OpenAPI document.
// Installs nothing: the app's dependencies are links to this repository's node_modules, and the
// compiler is this repository's TypeScript.
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

/** `module` goes with `moduleResolution`: node16 and nodenext require their own, the others take ESNext. */
const modes = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  node10: { module: 'ESNext', moduleResolution: 'Node10' },
  node16: { module: 'Node16', moduleResolution: 'Node16' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
}

const app = mkdtempSync(join(tmpdir(), 'tessera-types-'))
try {
  // What `npm install tessera` unpacks: the tarball, so a file `files` leaves out is missing here too.
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', app], { cwd: root, encoding: 'utf8' })
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`)
  const installed = join(app, 'node_modules', pkg.name)
  mkdirSync(installed, { recursive: true })
  const untar = spawnSync('tar', ['-xzf', join(app, JSON.parse(pack.stdout)[0].filename), '-C', installed, '--strip-components=1'], { encoding: 'utf8' })
  if (untar.status !== 0) throw new Error(`tar failed:\n${untar.stderr}`)

  // The packages an app installs next to tessera (its dependencies and peers) and their @types.
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]
  for (const name of names.flatMap((name) => [name, `@types/${name.replace(/^@/, '').replace('/', '__')}`])) {
    const target = join(root, 'node_modules', name)
    if (!existsSync(target)) continue
    mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true })
    symlinkSync(target, join(app, 'node_modules', name), 'dir')
  }

  // An ESM app (node16 and nodenext read `type` to treat consumer.ts as ESM; tessera is ESM only).
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  copyFileSync(join(root, '.ci', 'types-consumer', 'consumer.ts'), join(app, 'consumer.ts'))
  // What `npx tessera openapi` writes into an app (the demo's document, through the packed bin)
  // compiles in every mode too: its relative imports carry `.js`, which node16 and nodenext need.
  const generate = spawnSync(process.execPath, [join(installed, 'dist', 'cli', 'tessera.js'), 'openapi', join(root, 'examples', 'demo', 'openapi.json'), '--out', join(app, 'generated')], { encoding: 'utf8' })
  if (generate.status !== 0) throw new Error(`tessera openapi failed:\n${generate.stderr}`)
  for (const [mode, options] of Object.entries(modes)) {
    const compilerOptions = { ...options, target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, noEmit: true, types: [] }
    writeFileSync(join(app, `tsconfig.${mode}.json`), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'generated/index.ts'] }, null, 2))
  }

  const results = await Promise.all(Object.keys(modes).map((mode) => compile(mode)))
  let failed = 0
  for (const { mode, status, output } of results) {
    console.log(`${status === 0 ? 'ok  ' : 'FAIL'} moduleResolution ${mode}`)
    if (status !== 0) {
      failed++
      console.log(output.trim().replaceAll(app + '/', '').replace(/^/gm, '    '))
    }
  }
  console.log(`${results.length - failed} passed, ${failed} failed`)
  process.exitCode = failed === 0 ? 0 : 1
} finally {
  rmSync(app, { recursive: true, force: true })
}

/** Runs the repository's tsc on the app with one mode's tsconfig. */
function compile(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', `tsconfig.${mode}.json`, '--pretty', 'false'], { cwd: app })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ mode, status, output }))
  })
}
