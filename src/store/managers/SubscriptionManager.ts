// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { PollingManager } from './PollingManager'

/**
 * data-client's polling subscription class, accepted by `SubscriptionManager` so that manager
 * lists written for data-client (`new SubscriptionManager(PollingSubscription)`) move by the
 * import. Tessera polls one timer per key in the manager itself; this class holds no logic.
 */
export class PollingSubscription {
  private constructor() {}
}

/**
 * data-client's name for the manager that polls subscribed endpoints: here a `PollingManager`
 * (`pollFrequency` refetches while something reads the key). Only data-client's own
 * `PollingSubscription` is accepted: a custom subscription class would be silently ignored, so
 * it is refused with the way to write it (a manager whose middleware takes SUBSCRIBE over).
 */
export class SubscriptionManager extends PollingManager {
  constructor(Subscription: typeof PollingSubscription = PollingSubscription) {
    super()
    if (Subscription !== PollingSubscription) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? 'SubscriptionManager: only PollingSubscription is supported (Tessera polls in the manager itself). ' +
              'For a subscription of your own (a socket, a stream), write a manager whose middleware takes SUBSCRIBE / UNSUBSCRIBE over ' +
              "(see the README's Managers section), or use LiveManager from 'tessera/live'."
          : 'Tessera E208: SubscriptionManager',
      )
    }
  }
}
