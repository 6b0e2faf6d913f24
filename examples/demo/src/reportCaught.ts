import type { ErrorInfo } from 'react'
import { NetworkError } from 'tessera'

/**
 * The root's `onCaughtError`: an HTTP error an error boundary shows (a 404 with its Retry button)
 * is part of the page, not a bug, and is noted quietly. Anything else a boundary catches is a
 * bug and is logged as one.
 */
export function reportCaught(error: unknown, info: ErrorInfo): void {
  if (error instanceof NetworkError) console.info(`Shown by an error boundary: ${error.message}`)
  else console.error(error, info.componentStack)
}
