/**
 * The package's `exports` map as Node resolves it. Tools that load an app's modules through
 * CommonJS (linaria / wyw-in-js, some jest setups) call `require.resolve('tessera')`; an exports
 * entry with only an `import` condition makes that throw ERR_PACKAGE_PATH_NOT_EXPORTED. No build
 * is needed: a copy of package.json with empty stand-ins for the files it names is resolved by a
 * real Node process, which checks only that the paths resolve, not what the files hold.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

type Conditions = { readonly [condition: string]: string }
const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  name: string
  exports: { readonly [subpath: string]: string | Conditions }
}
const entries = Object.entries(pkg.exports).filter((entry): entry is [string, Conditions] => typeof entry[1] === 'object')

/** Resolves each specifier with CommonJS `require.resolve` from a project that has the package installed. */
function resolveWithRequire(specifiers: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const root = mkdtempSync(join(tmpdir(), 'tessera-exports-'))
  try {
    const installed = join(root, 'node_modules', pkg.name)
    mkdirSync(installed, { recursive: true })
    writeFileSync(join(installed, 'package.json'), JSON.stringify(pkg))
    for (const [, conditions] of entries) {
      for (const target of Object.values(conditions)) {
        mkdirSync(dirname(join(installed, target)), { recursive: true })
        writeFileSync(join(installed, target), '')
      }
    }
    const program = `for (const s of ${JSON.stringify(specifiers)}) console.log(require('node:path').relative(process.cwd(), require.resolve(s)))`
    return spawnSync(process.execPath, ['-e', program], { cwd: root, encoding: 'utf8' })
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

describe('package.json exports', () => {
  it('gives every entry a default condition pointing at the same ESM file as import', () => {
    expect(entries.map(([subpath]) => subpath)).toEqual(['.', './store'])
    for (const [, conditions] of entries) expect(conditions.default).toBe(conditions.import)
  })

  it('lets CommonJS require.resolve find tessera and tessera/store', () => {
    const run = resolveWithRequire([pkg.name, `${pkg.name}/store`])
    expect(run.stderr).toBe('')
    expect(run.stdout.trim().split('\n')).toEqual([
      join('node_modules', pkg.name, 'dist', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'headless.js'),
    ])
  })
})
