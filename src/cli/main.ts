/// <reference types="node" />
// The package's command line, `npx tessera <command>` (the bin is ./tessera.ts). One command so
// far, `openapi`; each command parses its own options, so more can be added beside it.
import { parseArgs } from 'node:util'
import { OpenApiError, generate, readDocument, writeOutput } from '../openapi/index'

const HELP = `Usage: tessera <command> [options]

Commands:
  openapi <spec.json|spec.yaml> --out <dir> [--url-prefix <url>]
      Writes Entity classes, types and endpoints (createResource / RestEndpoint) for an
      OpenAPI 3.0 / 3.1 or Swagger 2.0 document into <dir>, with an index.ts exporting them.
      --out, -o       the folder to write (replaced as a whole; refused if it holds other files)
      --url-prefix    every endpoint's urlPrefix (default: the document's first server)
      YAML documents need the yaml package (npm i -D yaml).

  --help, -h      this text
`

/** Runs the command line; resolves to the exit code (0 done, 1 failed, 2 wrong usage). */
export async function main(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out(HELP)
    return command === undefined ? 2 : 0
  }
  if (command !== 'openapi') {
    err(`tessera: unknown command ${JSON.stringify(command)} (try tessera --help)`)
    return 2
  }
  let values: { out?: string; 'url-prefix'?: string; help?: boolean }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...rest],
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, 'url-prefix': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }))
  } catch (error) {
    err(`tessera openapi: ${(error as Error).message} (try tessera --help)`)
    return 2
  }
  if (values.help) {
    out(HELP)
    return 0
  }
  if (positionals.length !== 1 || values.out === undefined || values.out === '') {
    err('tessera openapi: give one document and --out <dir>, e.g. tessera openapi spec.json --out src/api (try tessera --help)')
    return 2
  }
  const file = positionals[0]!
  const started = performance.now()
  try {
    const document = await readDocument(file)
    const generated = generate(document, { source: file.split(/[\\/]/).pop()!, ...(values['url-prefix'] !== undefined ? { urlPrefix: values['url-prefix'] } : {}) })
    writeOutput(values.out, generated.files)
    for (const warning of generated.warnings.slice(0, 20)) err(`tessera openapi: warning: ${warning}`)
    if (generated.warnings.length > 20) err(`tessera openapi: ${generated.warnings.length - 20} more warnings`)
    const bytes = [...generated.files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    out(
      `tessera openapi: wrote ${generated.files.size} files (${Math.round(bytes / 1024)} KB) to ${values.out}: ${generated.entities} entities, ${generated.types} types, ${generated.resources} resources, ${generated.endpoints} endpoints, in ${seconds} s`,
    )
    return 0
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error
    err(`tessera openapi: ${error.message}`)
    return 1
  }
}
