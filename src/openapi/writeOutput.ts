/// <reference types="node" />
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { OpenApiError } from './OpenApiError'
import { GENERATED_MARK } from './generate'


/**
 * Writes the generated files as the folder `out`, all or nothing: into a new folder beside it
 * first, then renamed into place, so an interrupted run never leaves a half-written folder and a
 * failed one leaves the old output as it was. An existing `out` is replaced only when it is one
 * this command wrote (its `index.ts` starts with the generated header) or is empty, so a wrong
 * `--out` cannot wipe a source folder. File names are checked to stay inside `out`.
 */
export function writeOutput(out: string, files: ReadonlyMap<string, string>): void {
  const target = resolve(out)
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new OpenApiError(`--out ${out} is a file, not a folder`)
    const entries = readdirSync(target)
    const index = join(target, 'index.ts')
    if (entries.length > 0 && !(existsSync(index) && readFileSync(index, 'utf8').startsWith(GENERATED_MARK))) {
      throw new OpenApiError(`--out ${out} is a folder tessera openapi did not write (no generated index.ts): choose a new or empty folder`)
    }
  }
  for (const name of files.keys()) {
    if (!/^[A-Za-z0-9_$]+\.ts$/.test(name)) throw new OpenApiError(`refusing to write ${JSON.stringify(name)}: not a plain file name`)
  }
  const parent = dirname(target)
  mkdirSync(parent, { recursive: true })
  const unique = `${process.pid}-${Date.now().toString(36)}`
  const staging = join(parent, `.${basename(target)}.tessera-${unique}`)
  const old = join(parent, `.${basename(target)}.tessera-old-${unique}`)
  try {
    mkdirSync(staging)
    for (const [name, text] of files) writeFileSync(join(staging, name), text, { flag: 'wx' })
    if (existsSync(target)) renameSync(target, old)
    try {
      renameSync(staging, target)
    } catch (error) {
      if (existsSync(old)) renameSync(old, target)
      throw error
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    if (error instanceof OpenApiError) throw error
    throw new OpenApiError(`cannot write ${out}: ${(error as Error).message}`)
  }
  rmSync(old, { recursive: true, force: true })
}
