import { GCManager } from './GCManager'

/**
 * data-client's GCPolicy options. Tessera's collector runs each key a fixed time (`gcTime`) after
 * its last response or its last reader left, sweeping when that time comes rather than on an
 * interval: `intervalMS`, `expiryMultiplier` and `expiresAt` are accepted for data-client code and
 * not used (see the README's Differences).
 */
export interface GCPolicyOptions {
  intervalMS?: number
  expiryMultiplier?: number
  expiresAt?: (meta: { expiresAt: number; date: number; fetchedAt: number }) => number
  /** How long (ms) data nobody reads is kept. Default 2 minutes: data-client's shortest lifetime for unread data. */
  gcTime?: number
  /** At most this many keys per sweep. */
  gcBatch?: number
}

/**
 * The garbage collector under data-client's name (0.14.19+), for `<DataProvider gcPolicy={new
 * GCPolicy()}>` or `createStore({ gcPolicy })`: a GCManager that keeps data nobody reads for two
 * minutes by default. Given as `gcPolicy`, it replaces the GCManager a store would make (or one
 * that `managers` holds).
 */
export class GCPolicy extends GCManager {
  constructor({ gcTime = 120_000, gcBatch }: GCPolicyOptions = {}) {
    super({ gcTime, gcBatch })
  }
}

/** A collector that never collects (data-client's `ImmortalGCPolicy`): for apps that keep everything. */
export class ImmortalGCPolicy extends GCManager {
  constructor() {
    super({ gcTime: Infinity })
  }
}
