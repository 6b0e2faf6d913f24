/// <reference types="node" />
import { readFile } from 'node:fs/promises'
import { OpenApiError } from './OpenApiError'

/**
 * Reads and parses the document: JSON by itself, YAML through the `yaml` package, an optional
 * peer dependency loaded only for a YAML file (an app that never generates from YAML installs
 * nothing for it). A `.yaml` / `.yml` file is YAML, a `.json` one JSON, anything else JSON when
 * it starts with `{`. Every failure is an {@link OpenApiError} with one line saying what.
 */
export async function readDocument(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' ? 'permission denied' : (error as Error).message
    throw new OpenApiError(`cannot read ${file}: ${reason}`)
  }
  const yaml = /\.ya?ml$/i.test(file) || (!/\.json$/i.test(file) && !text.trimStart().startsWith('{'))
  if (!yaml) {
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new OpenApiError(`${file} is not valid JSON: ${(error as Error).message}`)
    }
  }
  let parse: (source: string) => unknown
  try {
    ;({ parse } = (await import('yaml')) as { parse: (source: string) => unknown })
  } catch {
    throw new OpenApiError('reading YAML needs the `yaml` package: npm i -D yaml')
  }
  try {
    return parse(text)
  } catch (error) {
    throw new OpenApiError(`${file} is not valid YAML: ${(error as Error).message.split('\n')[0]}`)
  }
}
