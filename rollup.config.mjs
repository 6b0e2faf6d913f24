import typescript from '@rollup/plugin-typescript'
import { readFileSync } from 'node:fs'

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
  },
  onwarn(warning, warn) {
    // Rollup drops a module's directives (with this warning); clientDirectives puts 'use client' back.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && clientModules.has(warning.id)) return
    warn(warning)
  },
  external: (id) => external.some((dep) => id === dep || id.startsWith(dep + '/')),
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
  ],
}
