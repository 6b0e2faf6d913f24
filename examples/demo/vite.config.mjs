// The demo app's Vite config, for `npm run demo` (index.html) and `npm run demo:ssr` (ssr.mjs
// builds src/entry-client.tsx and src/entry-server.tsx with it). `tessera`, `tessera/ssr`, `tessera/offline`, `tessera/live` and `tessera/devtools`
// resolve to the repository's own source, so the demo always runs the current code (no build of
// the library needed first).
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const here = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root: here,
  // Only server.mjs runs Vite; its own console output says what is served where.
  clearScreen: false,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^tessera$/, replacement: fileURLToPath(new URL('../../src/index.ts', import.meta.url)) },
      { find: /^tessera\/ssr$/, replacement: fileURLToPath(new URL('../../src/ssr/index.ts', import.meta.url)) },
      { find: /^tessera\/offline$/, replacement: fileURLToPath(new URL('../../src/offline/index.ts', import.meta.url)) },
      { find: /^tessera\/live$/, replacement: fileURLToPath(new URL('../../src/live/index.ts', import.meta.url)) },
      { find: /^tessera\/devtools$/, replacement: fileURLToPath(new URL('../../src/devtools/index.ts', import.meta.url)) },
      { find: /^tessera\/devtools\/production$/, replacement: fileURLToPath(new URL('../../src/devtools/production.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
  },
  // Known up front, so the dev server never discovers a dependency late and reloads the page.
  optimizeDeps: {
    include: ['react', 'react/jsx-dev-runtime', 'react-dom/client', 'immer'],
    entries: ['index.html', 'src/entry-client.tsx'],
  },
})
