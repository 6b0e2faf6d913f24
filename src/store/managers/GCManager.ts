import { passThrough, tesseraHooks, type Manager, type Middleware } from '../Manager'
import { DEFAULT_GC_BATCH, DEFAULT_GC_TIME, type GCOptions } from '../collector'
import { storeService } from '../services'

export { DEFAULT_GC_BATCH, DEFAULT_GC_TIME, type GCOptions } from '../collector'

/**
 * The garbage collector's settings under data-client's name, for apps that list it in `managers`
 * (`[...getDefaultManagers({ gcTime }), new LogoutManager()]`): the store's collector then uses its
 * `gcTime` and `gcBatch`. The collector itself is part of the store (see `createStore`), which
 * makes one with these defaults when no GCManager is given; this object only configures it, and
 * runs no middleware of its own.
 */
export class GCManager implements Manager {
  readonly [tesseraHooks] = {}
  readonly [storeService] = 'gc'
  readonly gcTime: number
  readonly gcBatch: number

  constructor(options: GCOptions = {}) {
    this.gcTime = options.gcTime ?? DEFAULT_GC_TIME
    this.gcBatch = Math.max(1, options.gcBatch ?? DEFAULT_GC_BATCH)
  }

  /** Passes every action on: the store's collector sees the applied actions itself. For data-client's Manager contract. */
  middleware: Middleware = passThrough

  getMiddleware(): Middleware {
    return this.middleware
  }
}
