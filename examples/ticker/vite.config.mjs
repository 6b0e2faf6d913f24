// The ticker example's Vite config: `tessera` resolves to the repository's own source, so the
// example always runs the current code (no build of the library first).
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  clearScreen: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: [{ find: /^tessera$/, replacement: fileURLToPath(new URL('../../src/index.ts', import.meta.url)) }] },
  build: { outDir: 'dist', emptyOutDir: true },
})
