// The generator behind `tessera openapi` (src/cli/tessera.ts): read, generate, write. Not part of
// any runtime entry of the package; only the CLI imports it.
export { OpenApiError } from './OpenApiError'
export { readDocument } from './readDocument'
export { generate, type GenerateOptions, type Generated } from './generate'
export { writeOutput } from './writeOutput'
