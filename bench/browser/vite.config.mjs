// One production build holding the five benchmark apps (pages/<library>.html), the same app code
// with a different adapter each. `tessera` resolves to the repository's own source, as in the
// demo, so the benchmark always measures the current code; TESSERA_SRC (set by run.mjs for a
// baseline build) points it at another copy of the sources.
import react from '@vitejs/plugin-react'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))
const pages = Object.fromEntries(
  readdirSync(new URL('pages/', import.meta.url))
    .filter((file) => file.endsWith('.html'))
    .map((file) => [file.replace(/\.html$/, ''), fileURLToPath(new URL(`pages/${file}`, import.meta.url))]),
)

/** See app/babel-jsx-react19.ts: lets @data-client/react 0.10 render on React 19. */
function dataClientOnReact19() {
  const shim = fileURLToPath(new URL('app/babel-jsx-react19.ts', import.meta.url))
  return {
    name: 'data-client-on-react-19',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@babel/runtime/helpers/jsx' && importer?.includes('/node_modules/@data-client/')) return shim
    },
  }
}

// A function: read when each build starts, so run.mjs can build twice with two sources.
export default defineConfig(() => ({
  root: here,
  base: './',
  clearScreen: false,
  logLevel: 'warn',
  plugins: [react(), dataClientOnReact19()],
  resolve: {
    alias: [{ find: /^tessera$/, replacement: process.env.TESSERA_SRC ? `${process.env.TESSERA_SRC}/index.ts` : fileURLToPath(new URL('../../src/index.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // BENCH_MINIFY=0 keeps function names, for reading a profile (React stays in production mode).
    minify: process.env.BENCH_MINIFY !== '0',
    sourcemap: false,
    manifest: true,
    rollupOptions: { input: pages },
  },
}))
