import typescript from '@rollup/plugin-typescript'
import { readFileSync } from 'node:fs'

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
  ],
}
