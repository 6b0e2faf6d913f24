// Tessera decides whether data is stale by comparing its expiry with Date.now(). This moves
// that clock (and only that: timers stay real, so answers and effects run as usual).
let offset = 0
const realNow = Date.now.bind(Date)
jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset)

/** Moves Date.now() forward by `ms`, as if the time had passed. */
export function advanceClock(ms: number): void {
  offset += ms
}

/**
 * Just past the endpoints' expiry (Tessera's default `dataExpiryLength`, one minute), and well
 * inside the default garbage-collection time (five minutes).
 */
export const EXPIRED = 61_000
