import typescript from '@rollup/plugin-typescript'
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import ts from 'typescript'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]

/**
 * The entries (`tessera`, `tessera/store` without React, `tessera/test`, the test utilities, whose
 * @testing-library/react is an optional peer dependency, `tessera/ssr`, and `tessera/nextjs` and
 * `tessera/nextjs/server`, whose `next` is an optional peer dependency, `tessera/offline` and `tessera/live`), one ESM module per source file so
 * an app's bundler drops whole modules it does not use; declarations from the TypeScript plugin.
 */
export default {
  input: ['src/index.ts', 'src/headless.ts', 'src/test/index.ts', 'src/ssr/index.ts', 'src/nextjs/index.ts', 'src/nextjs/server.ts', 'src/offline/index.ts', 'src/live/index.ts'],
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    preserveModules: true,
    preserveModulesRoot: 'src',
    // Next.js's client entry is a Client Component module: the directive must open the built file
    // (Rollup drops module-level directives from sources, with a warning).
    banner: (chunk) => (chunk.facadeModuleId?.replace(/\\/g, '/').endsWith('src/nextjs/index.ts') ? "'use client';" : ''),
  },
  onwarn(warning, warn) {
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
    warn(warning)
  },
  external: (id) => external.some((dep) => id === dep || id.startsWith(dep + '/')),
  // Every module only defines things (package.json says `sideEffects: false`, and immer's says
  // the same), so an import whose bindings go unused is dropped instead of left as a bare
  // `import 'x'` that bundlers warn about.
  treeshake: { moduleSideEffects: false },
  plugins: [
    typescript({
      tsconfig: './tsconfig.json',
      declaration: true,
      declarationDir: 'dist',
      outDir: 'dist',
      // The published maps carry the TypeScript sources, so a debugger shows them without the repo.
      sourceMap: true,
      inlineSources: true,
      exclude: ['test/**', 'bench/**'],
      // The patterns are the package root's test/ and bench/ (the plugin resolves them against
      // tsconfig's rootDir, src/, by default, where `test/**` would drop tessera/test's sources).
      filterRoot: '.',
    }),
    fullySpecifiedDeclarations(),
  ],
}

/**
 * Gives every relative import in the emitted declarations its file's real name (`./headless` becomes
 * `./headless.js`, `./schema` becomes `./schema/index.js`). TypeScript copies the sources'
 * specifiers into the `.d.ts` files as written, extensionless, which bundlers and node10 accept but
 * node16 / nodenext reject: there an app saw every name imported from tessera as `any`. Rewriting
 * the output keeps the sources' imports as they are. Runs after the TypeScript plugin has added
 * the declarations to the bundle; a specifier that names no emitted declaration fails the build.
 */
function fullySpecifiedDeclarations() {
  return {
    name: 'fully-specified-declarations',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.d.ts')) continue
        const text = String(file.source)
        const source = ts.createSourceFile(file.fileName, text, ts.ScriptTarget.Latest, false)
        let rewritten = ''
        let copied = 0
        for (const literal of moduleSpecifiers(source)) {
          const specifier = literal.text
          if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue
          const base = posix.join(posix.dirname(file.fileName), specifier.replace(/\.js$/, ''))
          // A file wins over a folder of the same name, as in TypeScript's and the bundlers' lookup.
          const target = [`${base}.d.ts`, `${base}/index.d.ts`].find((candidate) => candidate in bundle)
          if (target === undefined) this.error(`${file.fileName} imports '${specifier}', which is no declaration of this build`)
          const relative = posix.relative(posix.dirname(file.fileName), target.replace(/\.d\.ts$/, '.js'))
          const start = literal.getStart(source) + 1 // inside the quotes
          rewritten += text.slice(copied, start) + (relative.startsWith('.') ? relative : `./${relative}`)
          copied = literal.end - 1
        }
        file.source = rewritten + text.slice(copied)
      }
    },
  }
}

/** The string literals naming a module in a declaration file: import / export … from, `import("…")` types and `declare module`. */
function moduleSpecifiers(source) {
  const found = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal)
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      found.push(node.name)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.sort((a, b) => a.pos - b.pos)
}
