/**
 * The package's `exports` map as Node resolves it. Tools that load an app's modules through
 * CommonJS (linaria / wyw-in-js, some jest setups) call `require.resolve('tessera')`; an exports
 * entry with only an `import` condition makes that throw ERR_PACKAGE_PATH_NOT_EXPORTED. No build
 * is needed: a copy of package.json with empty stand-ins for the files it names is resolved by a
 * real Node process, which checks only that the paths resolve, not what the files hold.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

type Conditions = { readonly [condition: string]: string }
const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  name: string
  exports: { readonly [subpath: string]: string | Conditions }
  peerDependencies: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
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
    expect(entries.map(([subpath]) => subpath)).toEqual(['.', './store', './test', './ssr', './nextjs', './nextjs/server', './offline', './live'])
    for (const [, conditions] of entries) expect(conditions.default).toBe(conditions.import)
  })

  it('lets CommonJS require.resolve find every entry', () => {
    const run = resolveWithRequire([pkg.name, `${pkg.name}/store`, `${pkg.name}/test`, `${pkg.name}/ssr`, `${pkg.name}/nextjs`, `${pkg.name}/nextjs/server`, `${pkg.name}/offline`, `${pkg.name}/live`])
    expect(run.stderr).toBe('')
    expect(run.stdout.trim().split('\n')).toEqual([
      join('node_modules', pkg.name, 'dist', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'headless.js'),
      join('node_modules', pkg.name, 'dist', 'test', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'ssr', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'nextjs', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'nextjs', 'server.js'),
      join('node_modules', pkg.name, 'dist', 'offline', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'live', 'index.js'),
    ])
  })

  it('keeps next an optional peer dependency, reached only from tessera/nextjs', () => {
    expect(pkg.peerDependenciesMeta?.['next']?.optional).toBe(true)
    for (const entry of ['index.ts', 'headless.ts', join('ssr', 'index.ts')]) {
      expect([...sourcesReachedFrom(join(__dirname, '..', 'src', entry)).packages].filter((name) => name.startsWith('next'))).toEqual([])
    }
    expect(sourcesReachedFrom(join(__dirname, '..', 'src', 'nextjs', 'server.ts')).packages).toContain('next/navigation')
  })

  it('keeps @testing-library/react an optional peer dependency, reached only from tessera/test', () => {
    expect(pkg.peerDependencies['@testing-library/react']).toBeDefined()
    expect(pkg.peerDependenciesMeta?.['@testing-library/react']?.optional).toBe(true)
    for (const entry of ['index.ts', 'headless.ts']) {
      const reached = sourcesReachedFrom(join(__dirname, '..', 'src', entry))
      expect([...reached.files].filter((file) => file.includes(`${join('src', 'test')}`))).toEqual([])
      expect([...reached.packages].filter((name) => name.startsWith('@testing-library/'))).toEqual([])
    }
    // The walk does find it where it is imported.
    expect(sourcesReachedFrom(join(__dirname, '..', 'src', 'test', 'index.ts')).packages).toContain('@testing-library/react')
  })
})

/** The source files a module imports, transitively (relative imports), and the packages they name. */
function sourcesReachedFrom(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
      if (!specifier!.startsWith('.')) {
        packages.add(specifier!)
        continue
      }
      const base = join(dirname(file), specifier!)
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate))
      if (found !== undefined) visit(found)
    }
  }
  visit(start)
  return { files, packages }
}
