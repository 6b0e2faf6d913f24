/**
 * The package's `exports` map as Node and TypeScript resolve it. Tools that load an app's modules
 * through CommonJS (linaria / wyw-in-js, some jest setups) call `require.resolve('tessera')`; an
 * exports entry with only an `import` condition makes that throw ERR_PACKAGE_PATH_NOT_EXPORTED.
 * TypeScript's node10 resolution ignores `exports` and finds a subpath's types only through
 * `typesVersions`. No build is needed: a copy of package.json with empty stand-ins for the files it
 * names is resolved by a real Node process and by TypeScript's resolver, which check only that the
 * paths resolve, not what the files hold (`.ci/check-types-consumers.mjs` compiles against the
 * built package).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'

type Conditions = { readonly [condition: string]: string | Conditions }
const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  name: string
  license: string
  files: readonly string[]
  exports: { readonly [subpath: string]: string | Conditions }
  typesVersions?: { readonly [range: string]: { readonly [subpath: string]: readonly string[] } }
  peerDependencies: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
const entries = Object.entries(pkg.exports).filter((entry): entry is [string, Conditions] => typeof entry[1] === 'object')

/** Every file a conditions object names, nested conditions (`react-native: { types, default }`) included. */
function targets(conditions: Conditions): string[] {
  return Object.values(conditions).flatMap((target) => (typeof target === 'string' ? [target] : targets(target)))
}
const specifiers = entries.map(([subpath]) => pkg.name + subpath.slice(1))

/** Runs `use` in a temporary project that has the package installed as its stand-in. */
function withInstalledPackage<T>(use: (root: string) => T): T {
  const root = mkdtempSync(join(tmpdir(), 'tessera-exports-'))
  try {
    const installed = join(root, 'node_modules', pkg.name)
    mkdirSync(installed, { recursive: true })
    writeFileSync(join(installed, 'package.json'), JSON.stringify(pkg))
    for (const [, conditions] of entries) {
      for (const target of targets(conditions)) {
        mkdirSync(dirname(join(installed, target)), { recursive: true })
        writeFileSync(join(installed, target), '')
      }
    }
    return use(root)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** Resolves each specifier with CommonJS `require.resolve` from a project that has the package installed. */
function resolveWithRequire(specifiers: readonly string[], conditions: readonly string[] = []): { status: number | null; stdout: string; stderr: string } {
  return withInstalledPackage((root) => {
    const program = `for (const s of ${JSON.stringify(specifiers)}) console.log(require('node:path').relative(process.cwd(), require.resolve(s)))`
    return spawnSync(process.execPath, [...conditions.map((name) => `--conditions=${name}`), '-e', program], { cwd: root, encoding: 'utf8' })
  })
}

/**
 * The declaration file TypeScript picks for each specifier, imported from a module of a project that
 * has the package installed (`importedAs` says whether node16 and nodenext see that module as ESM).
 */
function resolveTypes(specifiers: readonly string[], options: ts.CompilerOptions, importedAs?: ts.ResolutionMode): (string | undefined)[] {
  return withInstalledPackage((root) => {
    const importer = join(root, 'app.ts')
    return specifiers.map((specifier) => {
      const { resolvedModule } = ts.resolveModuleName(specifier, importer, options, ts.sys, undefined, undefined, importedAs)
      return resolvedModule && relative(root, resolvedModule.resolvedFileName)
    })
  })
}

describe('package.json exports', () => {
  it('gives every entry a default condition pointing at the same ESM file as import', () => {
    expect(entries.map(([subpath]) => subpath)).toEqual(['.', './store', './test', './ssr', './nextjs', './nextjs/server', './offline', './live', './devtools', './devtools/production'])
    for (const [, conditions] of entries) expect(conditions.default).toBe(conditions.import)
  })

  it('lets CommonJS require.resolve find every entry', () => {
    const run = resolveWithRequire(specifiers)
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
      join('node_modules', pkg.name, 'dist', 'devtools', 'index.js'),
      join('node_modules', pkg.name, 'dist', 'devtools', 'production.js'),
    ])
  })

  // Metro and React Native's jest preset resolve with the `react-native` condition: the main entry
  // is the native build there (its own types), the other entries the same files as elsewhere.
  it('gives the main entry its React Native build under the react-native condition', () => {
    const run = resolveWithRequire(specifiers, ['react-native'])
    expect(run.stderr).toBe('')
    expect(run.stdout.trim().split('\n')[0]).toBe(join('node_modules', pkg.name, 'dist', 'native', 'index.js'))
    expect(run.stdout.trim().split('\n').slice(1)).toEqual(resolveWithRequire(specifiers).stdout.trim().split('\n').slice(1))
    expect(pkg.exports['.']).toMatchObject({ 'react-native': { types: './dist/native/index.d.ts', default: './dist/native/index.js' } })
    // First: a condition only counts where it comes before the ones that also match.
    expect(Object.keys(pkg.exports['.'] as Conditions)[0]).toBe('react-native')
  })

  it('lets TypeScript find every entry\'s declarations under each moduleResolution', () => {
    const declarations = entries.map(([, conditions]) => join('node_modules', pkg.name, conditions.types as string))
    // An app's module is ESM under node16 and nodenext (tessera is ESM only); the other modes
    // have no such notion, and must be asked without one (node10 would read `exports` if told ESM).
    const modes: [string, ts.CompilerOptions, ts.ResolutionMode][] = [
      ['bundler', { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }, undefined],
      ['node10', { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Node10 }, undefined],
      ['node16', { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }, ts.ModuleKind.ESNext],
      ['nodenext', { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }, ts.ModuleKind.ESNext],
    ]
    for (const [mode, options, importedAs] of modes) {
      expect({ mode, found: resolveTypes(specifiers, options, importedAs) }).toEqual({ mode, found: declarations })
    }
  })

  it('maps every subpath in typesVersions to the declarations its exports entry names', () => {
    // node10 reads typesVersions instead of exports: an entry added to one and not the other
    // would be untyped there.
    const subpaths = entries.filter(([subpath]) => subpath !== '.')
    expect(pkg.typesVersions).toEqual({ '*': Object.fromEntries(subpaths.map(([subpath, conditions]) => [subpath.slice(2), [conditions.types]])) })
  })

  it('ships the license package.json names', () => {
    expect(pkg.license).toBe('MIT')
    expect(pkg.files).toContain('LICENSE')
    expect(readFileSync(join(__dirname, '..', 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 Tessera contributors\n/)
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
