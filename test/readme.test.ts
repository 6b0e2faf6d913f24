import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'

// Every ```ts and ```tsx block of the README is a module of its own, compiled against the
// library's source as `tessera`, with the project's strict settings. A block that stops
// compiling fails here, so the README cannot drift from the API.

const root = resolve(__dirname, '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

interface Block {
  readonly file: string
  readonly line: number
  readonly code: string
}

function blocks(): Block[] {
  const out: Block[] = []
  const fence = /^```(ts|tsx)\n([\s\S]*?)^```$/gm
  for (const match of readme.matchAll(fence)) {
    const line = readme.slice(0, match.index).split('\n').length + 1
    out.push({ file: join(root, `__readme__/block-${line}.${match[1]}`), line, code: match[2]! })
  }
  return out
}

describe('README code blocks', () => {
  const all = blocks()

  it('has TypeScript examples to check', () => {
    expect(all.length).toBeGreaterThanOrEqual(6)
  })

  it('compile against the library, each as its own module', () => {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      esModuleInterop: true,
      isolatedModules: true,
      types: [],
      baseUrl: root,
      paths: {
        tessera: ['src/index.ts'],
        'tessera/test': ['src/test/index.ts'],
        'tessera/ssr': ['src/ssr/index.ts'],
        'tessera/nextjs': ['src/nextjs/index.ts'],
        'tessera/nextjs/server': ['src/nextjs/server.ts'],
        'tessera/offline': ['src/offline/index.ts'],
        'tessera/live': ['src/live/index.ts'],
        'tessera/devtools': ['src/devtools/index.ts'],
        'tessera/devtools/production': ['src/devtools/production.ts'],
      },
    }
    const host = ts.createCompilerHost(options)
    const virtual = new Map(all.map((block) => [block.file, block.code]))
    const getSourceFile = host.getSourceFile.bind(host)
    host.getSourceFile = (fileName, languageVersion, ...rest) => {
      const code = virtual.get(resolve(fileName))
      return code !== undefined ? ts.createSourceFile(fileName, code, languageVersion, true) : getSourceFile(fileName, languageVersion, ...rest)
    }
    const fileExists = host.fileExists.bind(host)
    host.fileExists = (fileName) => virtual.has(resolve(fileName)) || fileExists(fileName)
    const readFile = host.readFile.bind(host)
    host.readFile = (fileName) => virtual.get(resolve(fileName)) ?? readFile(fileName)
    host.getCurrentDirectory = () => dirname(all[0]!.file)

    const program = ts.createProgram([...virtual.keys()], options, host)
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      const file = diagnostic.file
      if (file === undefined || diagnostic.start === undefined) return message
      const block = all.find((b) => b.file === resolve(file.fileName))
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start)
      return block ? `README.md line ${block.line + line}: ${message}` : `${file.fileName}:${line + 1}: ${message}`
    })
    expect(problems).toEqual([])
  }, 120_000)
})
