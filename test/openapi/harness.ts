// What the openapi tests share: running the CLI in-process, compiling its output with the
// TypeScript API (`--strict`, against Tessera's sources), bundling it with esbuild to run it, and
// a mock HTTP server that answers from a document's examples and schemas.
import { build } from 'esbuild'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { main } from '../../src/cli/main'

export const root = resolve(__dirname, '../..')
export const examples = join(root, 'node_modules/@readme/oas-examples')
export const github = join(root, 'node_modules/@octokit/openapi/generated/api.github.com.json')

const scratches: string[] = []

/** A fresh scratch folder, removed after the test file (importing this module registers that). */
export function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-openapi-'))
  scratches.push(dir)
  return dir
}

afterAll(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Runs `tessera <args>`; what it printed, split in lines, and its exit code. */
export async function run(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = []
  const err: string[] = []
  const code = await main(args, (line) => out.push(line), (line) => err.push(line))
  return { code, out, err }
}

/** Every .ts file under a folder (the generated output, consumer files). */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name))
}

/**
 * Type-checks files as an app under `--strict` would (plus noUnusedLocals and
 * noImplicitOverride, which generated code must also satisfy), with `tessera` resolved to the
 * sources. Returns the diagnostics as `file(line): message` lines.
 */
export function typeCheck(files: readonly string[]): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUnusedLocals: true,
    noImplicitOverride: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
    baseUrl: root,
    paths: { tessera: ['src/index.ts'] },
  }
  const program = ts.createProgram(files, options)
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${diagnostic.file.fileName}(${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1})` : ''
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
  })
}

/**
 * Bundles a generated folder with Tessera's sources into one CommonJS file and loads it: the
 * generated exports plus `createStore`, as an app's bundler would build them.
 */
export async function load(out: string): Promise<Record<string, any>> {
  const entry = join(out, '..', `entry-${Math.random().toString(36).slice(2)}.ts`)
  writeFileSync(entry, `export * from './${out.split(/[\\/]/).pop()}/index'\nexport { createStore } from 'tessera'\n`)
  const bundle = `${entry}.cjs`
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    outfile: bundle,
    alias: { tessera: join(root, 'src/index.ts') },
    external: ['react', 'react-dom'],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
  })
  return require(bundle)
}

/** A request the mock server saw. */
export interface Seen {
  method: string
  url: string
  body: unknown
}

/**
 * A mock of a document's API on a free port: each request is matched to an operation by method
 * and path template and answered 200 with the success response's example when the document has
 * one, else with a value made from its schema (an item's `id` set from the path's last
 * parameter when that names an id, so the entity read back is the one asked for), unless
 * `respond` answers it. Unmatched requests get a 404.
 */
export async function mockServer(
  document: any,
  /** Answers a request itself when it returns a value (a test that needs a particular answer). */
  respond: (method: string, url: URL) => unknown = () => undefined,
): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = []
  const routes = Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, any]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`),
        operation,
      })),
  )
  const basePath: string = document.basePath ?? new URL(document.servers?.[0]?.url ?? '/', 'http://x').pathname.replace(/\/$/, '')
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push({ method: req.method ?? '', url: req.url ?? '', body: text ? JSON.parse(text) : undefined })
    const path = url.pathname.slice(basePath.length)
    const own = respond(req.method ?? '', url)
    if (own !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(own))
      return
    }
    for (const route of routes) {
      const match = route.method === req.method && route.pattern.exec(path)
      if (!match) continue
      // An item's id: the path's last parameter when it names one (`{id}`, `{petId}`, `{pet_id}`).
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]!)
      const last = names.at(-1)
      const id = last !== undefined && /(^id|Id|_id)$/.test(last) ? decodeURIComponent(match[match.length - 1]!) : undefined
      const body = answer(document, route.operation, id)
      res.writeHead(body === undefined ? 204 : 200, { 'content-type': 'application/json' })
      res.end(body === undefined ? undefined : JSON.stringify(body))
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: `no route for ${req.method} ${path}` }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((done) => server.close(() => done())) }
}

function answer(document: any, operation: any, id: string | undefined): unknown {
  const codes = Object.keys(operation.responses ?? {}).filter((code) => /^2/.test(code)).sort()
  if (codes.length === 0) return undefined
  const response = deref(document, operation.responses[codes[0]!])
  const media = response.content?.['application/json'] ?? (response.schema ? { schema: response.schema } : undefined)
  if (media === undefined) return undefined
  const example = media.example ?? (media.examples ? deref(document, Object.values(media.examples)[0]).value : undefined)
  const value = example !== undefined ? structuredClone(example) : sample(document, media.schema, 0)
  if (id !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
    value.id = typeof value.id === 'number' ? Number(id) : id
  }
  return value
}

function deref(document: any, value: any): any {
  let current = value
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((key: string) => decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at: any, key: string) => at?.[key], document)
  }
  return current ?? {}
}

/** A value that fits a schema (first enum value, a date for date formats, one item per array). */
export function sample(document: any, raw: any, depth: number): any {
  const schema = deref(document, raw)
  if (depth > 6) return null
  if (schema.example !== undefined) return structuredClone(schema.example)
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: any) => sample(document, part, depth + 1)))
  if (Array.isArray(schema.oneOf ?? schema.anyOf)) return sample(document, (schema.oneOf ?? schema.anyOf)[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type
  if (type === 'array' || schema.items) return [sample(document, schema.items, depth + 1)]
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(document, property, depth + 1)]))
  }
  if (type === 'integer' || type === 'number') return 1
  if (type === 'boolean') return true
  if (type === 'string') return schema.format === 'date-time' ? '2024-05-06T07:08:09.000Z' : schema.format === 'date' ? '2024-05-06' : 'text'
  return null
}
