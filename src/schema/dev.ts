declare const process: { env: { NODE_ENV?: string } }

/**
 * True unless the app was built for production. Written as `process.env.NODE_ENV` so bundlers
 * replace it (and drop the warnings it guards); where nothing defines `process`, counts as
 * development.
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production'
  } catch {
    return true
  }
}
