// Internals that tests drive directly, and nothing else: not an entry point of the package (rollup
// builds only index.ts, headless.ts and test/index.ts), so none of this is public. Tests import
// public names from `src/index` (what a user imports) and reach these through this module.
export { createInitialState, hydrateState, createReset, createReplaceState, REPLACE_STATE, selectResponse, selectError } from './store/index'
export { DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY, NEVER } from './store/index'
export { DEFAULT_GC_TIME, DEFAULT_GC_BATCH } from './store/index'
export type { IndexTable } from './schema/index'
