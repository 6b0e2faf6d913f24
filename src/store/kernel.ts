// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { Collector, type CollectorStore, type GCOptions } from './collector'
import { tesseraHooks, type Manager, type TesseraHooks } from './Manager'
import { OptimisticView } from './optimistic'
import { Readers } from './readers'
import { RequestTable } from './requests'
import { storeService } from './services'

/**
 * A store's services, built once by `createStore` and handed to its Controller: the read side
 * (memo cache, schema registry, optimistic view), the request table, the one registry of mounted
 * reads, the garbage collector, and the hooks that run every request. Nothing here is found by
 * looking at classes or written into another part after the fact; the Controller and the plugins
 * reach them only through the Controller's methods and the `ManagerAPI`.
 */
export interface Kernel {
  readonly reads: OptimisticView
  readonly requests: RequestTable
  readonly readers: Readers
  /** Absent for a Controller made without a store (`new Controller()`), which collects nothing. */
  readonly collector: Collector | undefined
  /** The hooks that run every request (retries, offline queue, idle reads), if a plugin has them. */
  readonly requester: TesseraHooks | undefined
}

/**
 * What tools may read of a store's services (`store.inspect()`), for `tessera/devtools`: facts the
 * state does not hold. Which reads are mounted and by how many readers (`readers.entries()`, each
 * with its endpoint, so its `pollFrequency` too) and, as it happens, which key just lost its last
 * reader (`readers.subscribe`), which reads are in flight, and the store's default gcTime.
 * Read-only by its type: a tool that wants to change something goes through the controller, as
 * any plugin does.
 */
export interface StoreInspection {
  readonly readers: Pick<Readers, 'entries' | 'has' | 'subscribe'>
  readonly requests: Pick<RequestTable, 'isFetching'>
  /** Absent for a Controller made without a store; `gcTime` is the store's default (an endpoint may set its own). */
  readonly collector: Pick<Collector, 'gcTime'> | undefined
}

/**
 * The kernel for `managers`, and the plugins among them. A `NetworkManager` or `GCManager` in the
 * list (data-client apps spread `getDefaultManagers()` there) configures the service of its kind
 * (see `storeService`) and is no plugin; without one, the store makes its own.
 * @throws {TypeError} for two of either kind, `gcTime`/`gcBatch` beside a GCManager of the app's,
 * or two plugins with a `request` hook.
 */
export function createKernel(managers: readonly Manager[], options: GCOptions, store?: CollectorStore): { kernel: Kernel; plugins: Manager[] } {
  const plugins: Manager[] = []
  const services: Record<string, Manager[]> = { requests: [], gc: [] }
  for (const manager of managers) {
    const kind = (manager as { [storeService]?: string })[storeService]
    if (kind) services[kind]!.push(manager)
    else plugins.push(manager)
  }
  const tooMany = (kind: string, name: string) => {
    const found = services[kind]!.length
    if (found > 1) {
      throw new TypeError(
        process.env.NODE_ENV !== 'production'
          ? `createStore: \`managers\` has ${found} ${name}s; a store runs one. Spread getDefaultManagers() once, or leave it out (createStore adds the defaults by itself).`
          : `Tessera E205: ${found} ${name}`,
      )
    }
  }
  // The name is spelled out: a minifier may rename the class.
  tooMany('requests', 'NetworkManager')
  tooMany('gc', 'GCManager')
  const gc = services.gc![0] as GCOptions | undefined
  if (gc && (options.gcTime !== undefined || options.gcBatch !== undefined)) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? 'createStore: gcTime and gcBatch configure the GCManager createStore makes, but `managers` has one already: ' +
            'give them to it instead (getDefaultManagers({ gcTime }) or new GCManager({ gcTime })).'
        : 'Tessera E204: gcTime',
    )
  }
  const requests = (services.requests![0] as RequestTable | undefined) ?? new RequestTable()
  // Only the hooks kept under the symbol: a method an app names `subscribe` or `request` is its own.
  // (The request table's own hooks count: an IdlingNetworkManager holds reads in its `request`.)
  const hooks = managers.flatMap((manager) => manager[tesseraHooks] ?? [])
  const requesters = hooks.filter((own) => own.request)
  // A misconfiguration, caught in development; a production build uses the first.
  if (process.env.NODE_ENV !== 'production' && requesters.length > 1) {
    throw new TypeError('createStore: two managers have a `request` hook, and every request runs through one: keep one OfflineManager (or one manager of your own that retries or queues).')
  }
  const reads = new OptimisticView()
  // (A manager that polls follows readers too, for the development warning that nothing polls.)
  // The collector hears of a key's last reader from the registry (it listens from its constructor).
  const readers = new Readers(hooks.filter((own) => own.mount || own.unmount || own.polls))
  const collector = store && new Collector(gc ?? options, store, reads, readers)
  return { kernel: { reads, requests, readers, collector, requester: requesters[0] }, plugins }
}
