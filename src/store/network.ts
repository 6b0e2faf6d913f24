// What the managers that talk to a network beyond one request share: whether the device says it
// is online, and how long to wait before trying again. Only optional entries import this.

/** The device's own word (`navigator.onLine`); true where there is no navigator (Node, tests). */
export function deviceOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/**
 * The wait before try `attempt` (1 for the first retry): exponential from 1 s, capped at 30 s,
 * with `fixed` of it certain and the rest random (0: full jitter, retries of a request; 0.5:
 * reconnects, which should not come back all at once but not at once either).
 */
export function backoff(attempt: number, fixed = 0): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** (attempt - 1))
  return ceiling * fixed + Math.random() * ceiling * (1 - fixed)
}
