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
 * The garbage collector under data-client's name (0.14.19+): a GCManager that keeps data nobody
 * reads for two minutes by default. data-client takes it as `<DataProvider gcPolicy={policy}>`;
 * here it goes in `managers` (`managers={[new GCPolicy()]}`, or after `getDefaultManagers()` in
 * place of its GCManager), where a store uses it instead of making a GCManager of its own. No
 * `gcPolicy` prop, so that apps that keep the default collector do not bundle the code that reads it.
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
