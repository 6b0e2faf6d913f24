import { tesseraHooks, type RequestCall } from '../Manager'
import { NetworkManager } from './NetworkManager'

type IdleCallback = (run: () => void, options: { timeout: number }) => unknown

/**
 * A NetworkManager that holds reads until the page is idle (data-client's `IdlingNetworkManager`),
 * so the requests a render sets off do not compete with that render for the main thread; a read
 * still goes out within `timeout` ms (default 1000) however busy the page. Mutations go out at
 * once. Where there is no `requestIdleCallback` (Node, older Safari) a read waits one task.
 * Use it in place of the default: `getDefaultManagers({ networkManager: new IdlingNetworkManager() })`
 * or `managers={[new IdlingNetworkManager()]}`. It runs requests through the `request` hook, which
 * a store gives to one manager only, so it cannot be combined with an OfflineManager.
 */
export class IdlingNetworkManager extends NetworkManager {
  /** The store runs every request through this hook: a read waits for the page to be idle, a mutation goes at once. */
  override readonly [tesseraHooks]: { request(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> }

  constructor(options: { timeout?: number } = {}) {
    super()
    const timeout = options.timeout ?? 1_000
    this[tesseraHooks] = {
      request(call, run) {
        if (!call.read) return run()
        const idle = (globalThis as { requestIdleCallback?: IdleCallback }).requestIdleCallback
        return new Promise<void>((resolve) => (typeof idle === 'function' ? idle(resolve, { timeout }) : setTimeout(resolve, 0))).then(run)
      },
    }
  }
}
