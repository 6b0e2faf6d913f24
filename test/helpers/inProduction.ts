/**
 * Runs `body` as a production build would: bundlers decide by `process.env.NODE_ENV`, which the
 * library reads when it builds an error, so setting it for the call is enough. Restores it after,
 * whether `body` returns, throws or rejects.
 */
export async function inProduction<T>(body: () => T | Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await body()
  } finally {
    process.env.NODE_ENV = before
  }
}
