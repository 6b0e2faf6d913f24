// After the build: every entry imports in a React Server Components graph, as a Server Component
// would import it. Node runs with the `react-server` condition (React's server build, without
// createContext, class components or most hooks), and a load hook does what an RSC bundler
// (Next.js's) does with a module whose file opens with 'use client': it stands in a client
// reference for each export instead of running the module. Then a Server Component's work runs:
// schemas and endpoints are real values (an endpoint is awaited, as data-client's docs show),
// `tessera/nextjs/server` fetches on the request's store and hands a plain-JSON batch to a client
// component, while the provider, boundaries and hooks are client references. A React module
// without its directive fails here, on import (its client-only React names are missing) or below.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const files = readdirSync(dist, { recursive: true }).map(String).filter((name) => name.endsWith('.js'))
if (files.length === 0) throw new Error('no dist/**/*.js: run `npm run build` first')
const isClient = (file) => /^(['"])use client\1/.test(readFileSync(join(dist, file), 'utf8'))

// The React layer is client code, module by module; the entries must not be (their schemas and
// endpoints would become references a Server Component cannot call).
const unmarked = files.filter((file) => file.startsWith('react/') && !isClient(file))
if (unmarked.length > 0) throw new Error(`modules of the React layer without 'use client': ${unmarked.join(', ')}`)
const entries = ['index.js', 'headless.js', 'test/index.js', 'ssr/index.js', 'nextjs/server.js', 'offline/index.js', 'live/index.js', 'devtools/index.js', 'devtools/production.js']
const marked = entries.filter(isClient)
if (marked.length > 0) throw new Error(`entries marked 'use client' (a Server Component could not call what they export): ${marked.join(', ')}`)

// What each client module exports, read by esbuild, for the load hook to make references of.
const clientExports = {}
for (const file of files.filter(isClient)) {
  const result = await build({ entryPoints: [join(dist, file)], bundle: false, write: false, metafile: true, format: 'esm', logLevel: 'silent', outdir: 'out' })
  clientExports[pathToFileURL(join(dist, file)).href] = Object.values(result.metafile.outputs).find((output) => output.entryPoint).exports
}

const hook = `
let clientExports
export function initialize(data) { clientExports = data }
export async function resolve(specifier, context, next) {
  // Next.js's own modules have no exports map: bundlers find next/server, Node wants the file name.
  if (/^next\\/[a-z-]+$/.test(specifier)) return next(specifier + '.js', context)
  return next(specifier, context)
}
export async function load(url, context, next) {
  const names = clientExports[url]
  if (names === undefined) return next(url, context)
  const source = 'const reference = (name) => Object.defineProperties(function () { throw new Error(name + " is on the client") }, { $$typeof: { value: Symbol.for("react.client.reference") }, $$id: { value: ' + JSON.stringify(url) + ' + "#" + name } });\\n'
    + names.map((name) => 'export const ' + name + ' = reference(' + JSON.stringify(name) + ');').join('\\n')
  return { format: 'module', source, shortCircuit: true }
}`
const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: ${JSON.stringify(clientExports)} });`

const program = `
const isReference = (value) => typeof value === 'function' && value.$$typeof === Symbol.for('react.client.reference')
const expect = (ok, what) => { if (!ok) throw new Error(what) }
const entries = {}
for (const entry of ['tessera', 'tessera/store', 'tessera/test', 'tessera/ssr', 'tessera/nextjs', 'tessera/nextjs/server', 'tessera/offline', 'tessera/live', 'tessera/devtools', 'tessera/devtools/production']) {
  entries[entry] = await import(entry)
}
const clientNames = {
  tessera: ['DataProvider', 'CacheProvider', 'AsyncBoundary', 'ErrorBoundary', 'NetworkErrorBoundary', 'ControllerContext', 'useSuspense', 'useController', 'useCache', 'useQuery', 'useDLE', 'useLive', 'useLoading'],
  'tessera/nextjs': ['DataProvider', 'HydrateData'],
  'tessera/offline': ['usePendingMutations'],
  'tessera/test': ['makeRenderDataClient', 'MockResolver', 'act'],
  'tessera/devtools/production': ['TesseraDevtools', 'TesseraDevtoolsPanel'],
}
for (const [entry, names] of Object.entries(clientNames)) {
  for (const name of names) expect(isReference(entries[entry][name]), entry + ': ' + name + ' is not a client reference')
}
const serverNames = {
  tessera: ['Entity', 'schema', 'createResource', 'RestEndpoint', 'Endpoint', 'createStore', 'Controller', 'validateRequired'],
  'tessera/store': ['Entity', 'createResource', 'createStore'],
  'tessera/test': ['mockInitialState', 'interceptController'],
  'tessera/ssr': ['createServerData', 'takeServerData'],
  'tessera/nextjs/server': ['getServerStore', 'ServerData'],
  'tessera/offline': ['OfflineManager', 'persist'],
  'tessera/live': ['LiveManager'],
  'tessera/devtools': ['createRecorder', 'parseSession', 'exportSession'],
}
for (const [entry, names] of Object.entries(serverNames)) {
  for (const name of names) expect(entries[entry][name] != null && !isReference(entries[entry][name]), entry + ': ' + name + ' is not a value the server can use')
}

// A Server Component awaits endpoints from 'tessera' directly.
const { Entity, createResource } = entries.tessera
class Article extends Entity { id = ''; title = ''; pk() { return this.id } static key = 'Article' }
const ArticleResource = createResource({ urlPrefix: 'http://api.test', path: '/articles/:id', schema: Article })
const rows = [{ id: '1', title: 'Server' }, { id: '2', title: 'Components' }]
const requests = []
globalThis.fetch = async (url) => {
  requests.push(String(url))
  const id = /\\/articles\\/(\\w+)$/.exec(url)?.[1]
  return new Response(JSON.stringify(id ? rows.find((row) => row.id === id) : rows), { headers: { 'content-type': 'application/json' } })
}
const list = await ArticleResource.getList()
expect(list.map((row) => row.title).join(' ') === 'Server Components', 'getList() did not resolve to the list: ' + JSON.stringify(list))
expect((await ArticleResource.get({ id: '2' })).title === 'Components', 'get({ id }) did not resolve to the article')

// tessera/nextjs/server: the request's store, and the batch ServerData hands to HydrateData.
const { getServerStore, ServerData } = entries['tessera/nextjs/server']
// Outside a render React's cache keeps nothing, so each call would make a store: hold this one.
const store = getServerStore()
const article = await store.controller.fetch(ArticleResource.get, { id: '1' })
expect(article.title === 'Server', 'getServerStore().controller.fetch did not resolve to the article')
const element = ServerData({ store, children: null })
expect(element.type === entries['tessera/nextjs'].HydrateData, 'ServerData does not render the HydrateData client component')
const plain = (value) => value === null || typeof value !== 'object' || ((Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) && Object.values(value).every(plain))
expect(plain(element.props.batch) && JSON.stringify(element.props.batch).includes('"Server"'), 'the batch handed to HydrateData is not plain JSON holding the article')
expect(requests.join(' ') === 'http://api.test/articles http://api.test/articles/2 http://api.test/articles/1', 'unexpected requests: ' + requests.join(' '))
console.log('every entry imports in a React Server Components graph; React modules are client references, endpoints resolve: ok')
`
const run = spawnSync(process.execPath, ['--conditions=react-server', '--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' })
process.stdout.write(run.stdout)
process.stderr.write(run.stderr)
process.exit(run.status ?? 1)
