#!/usr/bin/env node
/// <reference types="node" />
// The `tessera` bin (package.json "bin"): runs the command line (./main.ts) on this process's
// arguments and exits with its code. Kept apart from main.ts so tests can call main without it
// running on import.
import { main } from './main'

main(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`tessera: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  },
)
