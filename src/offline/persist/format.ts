// What the persister writes, and what it reads back. Storage format 1, one entry per key:
//   '@'                      { format: 1, version }                    what wrote the rest
//   'k:' + fetchKey          { result, meta, pks: { [entityKey]: pk[] } }
//                            a response: its normalized result, its times, and the pks of the
//                            records it held (restored with it, so GC counts its references)
//   'e:' + JSON [entityKey, pk]  { record, meta? }                     each record once
//   'q'                      QueuedMutation[]                          the offline queue
// The restore (restore.ts) and the writer (writer.ts) share these names, and the warnings.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

export const FORMAT = 1
export const HEADER = '@'
export const QUEUE = 'q'

/** What the storage key of a response, and of a record, starts with. */
export const RESPONSE = 'k:'
export const RECORD = 'e:'

/** The storage key of an endpoint key's response. */
export const responseEntry = (key: string): string => RESPONSE + key

/** The storage key of one record. */
export const recordEntry = (entityKey: string, pk: string): string => RECORD + JSON.stringify([entityKey, pk])

/**
 * Reports a problem with the storage by its number (`Tessera E75x` in production). Callers pass
 * the text behind `process.env.NODE_ENV !== 'production'`, so production bundles drop it.
 */
export type Warn = (code: number, text: string) => void

/** The persister's `warn`: the development sentence, or the production code, to `onWarning`. */
export function warnTo(onWarning: ((message: string) => void) | undefined): Warn {
  return (code, text) =>
    (onWarning ?? console.warn)(process.env.NODE_ENV !== 'production' ? `tessera/offline persist: ${text}` : `Tessera E${code}`)
}

/** What went wrong, for a warning. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
