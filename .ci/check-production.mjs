// After the build: a production bundle of everything the `tessera` entry exports (esbuild, with
// process.env.NODE_ENV defined as "production", as app bundlers do) carries none of the
// development-only warnings. Each is guarded by the inline `process.env.NODE_ENV` spelling that
// bundlers replace; a warning guarded some other way (a helper function call) would stay in.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

const root = fileURLToPath(new URL('..', import.meta.url))
const DEVELOPMENT_ONLY = [
  'but this store has no PollingManager', // Controller: pollFrequency without a PollingManager
  'getOptimisticResponse failed', // Controller: a guess that cannot be made
  'went nowhere: wrap the app', // useController outside a provider
  'which matches none of', // schema.All / Union: an unmatched schemaAttribute
  'needs the path parameter', // path.ts: a missing path parameter (E301 in production)
  'must be used inside <DataProvider>', // context.ts: a hook outside the provider (E401)
  'expected JSON for its schema', // RestEndpoint: a non-JSON body for a schema (E303)
  'resource.extend takes', // createResource: extend with a bad argument (E309)
]
const result = await build({
  stdin: { contents: "export * from './dist/index.js'", resolveDir: root },
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  logLevel: 'silent',
  external: ['react', 'react-dom', 'react/*', 'immer', 'use-sync-external-store', 'use-sync-external-store/*'],
  define: { 'process.env.NODE_ENV': '"production"' },
})
const code = result.outputFiles[0].text
const left = DEVELOPMENT_ONLY.filter((text) => code.includes(text))
if (left.length > 0) {
  console.error(`development-only warnings left in a production bundle: ${left.map((t) => JSON.stringify(t)).join(', ')}`)
  process.exit(1)
}
const development = await build({
  stdin: { contents: "export * from './dist/index.js'", resolveDir: root },
  bundle: true, minify: true, write: false, format: 'esm', logLevel: 'silent',
  external: ['react', 'react-dom', 'react/*', 'immer', 'use-sync-external-store', 'use-sync-external-store/*'],
  define: { 'process.env.NODE_ENV': '"development"' },
})
const missing = DEVELOPMENT_ONLY.filter((text) => !development.outputFiles[0].text.includes(text))
if (missing.length > 0) {
  console.error(`this check looks for warnings a development bundle no longer has: ${missing.map((t) => JSON.stringify(t)).join(', ')}`)
  process.exit(1)
}
console.log(`production bundle free of ${DEVELOPMENT_ONLY.length} development-only warnings: ok`)

// A development build whose bundler replaces `process.env.NODE_ENV` but defines no `process`
// (Vite's dev server, plain webpack 5) shows the sentences, not the production codes: the
// headless entry, bundled that way, runs in a context without `process`.
const browserDev = await build({
  stdin: { contents: "import { RestEndpoint } from './dist/headless.js'; try { new RestEndpoint({}) } catch (error) { globalThis.message = error.message }", resolveDir: root },
  bundle: true, write: false, format: 'iife', logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"development"' },
})
const context = {}
vm.runInNewContext(browserDev.outputFiles[0].text, context)
if (typeof context.message !== 'string' || !context.message.includes('needs a `path` option')) {
  console.error(`a development build without a \`process\` global showed ${JSON.stringify(context.message)} instead of the development message`)
  process.exit(1)
}
console.log('development build without a `process` global shows the development messages: ok')
