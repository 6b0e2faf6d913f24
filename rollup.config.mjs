import typescript from '@rollup/plugin-typescript'
import { readFileSync } from 'node:fs'
import { posix } from 'node:path'
import ts from 'typescript'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]

/** The source modules that open with a `'use client'` directive (ids, as Rollup gives them). */
const clientModules = new Set()

/**
 * Keeps the `'use client'` directive a source module opens with at the top of its built file.
 * Rollup drops module-level directives (inside one bundle they would mean nothing), but this build
 * keeps one file per module, and a React Server Components bundler (Next.js's) reads the
 * directive file by file: it makes the module a client boundary, which a Server Component can
 * import and render, instead of a module the server runs (where `createContext`, class
 * components and hooks do not exist). The directive is written in the sources (the React layer,
 * src/react, and the other modules that render or use hooks) rather than listed here, so that it
 * sits next to the code that needs it and holds wherever the sources are compiled as they are.
 * The banner goes through Rollup's source maps, which it shifts by one line.
 */
function clientDirectives() {
  // The first statement, after any comments: a directive only counts there.
  const directive = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*(['"])use client\1/
  return {
    name: 'client-directives',
    transform(code, id) {
      if (directive.test(code)) clientModules.add(id)
      return null
    },
    banner: (chunk) => (chunk.facadeModuleId !== null && clientModules.has(chunk.facadeModuleId) ? "'use client';" : ''),
  }
}

/**
 * The entries (`tessera`, `tessera/store` without React, `tessera/test`, the test utilities, whose
 * @testing-library/react is an optional peer dependency, `tessera/ssr`, and `tessera/nextjs` and
 * `tessera/nextjs/server`, whose `next` is an optional peer dependency, `tessera/offline` and `tessera/live`, `tessera/devtools` and `tessera/devtools/production`, whose panel
 * module is a dynamic import, so it is loaded once opened), one ESM module per source file so
 * an app's bundler drops whole modules it does not use; declarations from the TypeScript plugin.
 */
export default {
  input: ['src/index.ts', 'src/headless.ts', 'src/test/index.ts', 'src/ssr/index.ts', 'src/nextjs/index.ts', 'src/nextjs/server.ts', 'src/offline/index.ts', 'src/live/index.ts', 'src/devtools/index.ts', 'src/devtools/production.ts', 'src/native/index.ts', 'src/cli/tessera.ts'],
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    preserveModules: true,
    preserveModulesRoot: 'src',
  },
  onwarn(warning, warn) {
    // Rollup drops a module's directives (with this warning); clientDirectives puts 'use client' back.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && clientModules.has(warning.id)) return
    warn(warning)
  },
  // Node's built-ins are only imported by the CLI (src/cli, src/openapi), which runs in Node.
  external: (id) => id.startsWith('node:') || external.some((dep) => id === dep || id.startsWith(dep + '/')),
  // Every module only defines things (package.json says `sideEffects: false`, and immer's says
  // the same), so an import whose bindings go unused is dropped instead of left as a bare
  // `import 'x'` that bundlers warn about.
  treeshake: { moduleSideEffects: false },
  plugins: [
    clientDirectives(),
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
