import { createStore, Endpoint } from '../../src/index'
import type { Action, EndpointOptions, Schema, Store, StoreOptions } from '../../src/index'

/** A clock the test moves by hand; every store time (fetchedAt, date, expiresAt) comes from it. */
export interface TestClock {
  now(): number
  set(time: number): void
  advance(ms: number): void
}

export interface TestStoreOptions extends Omit<StoreOptions, 'now'> {
  /** Start time in ms (default 1_000_000, far from 0 so "never fetched" and "fetched" differ). */
  now?: number
}

export interface TestStore {
  store: Store
  controller: Store['controller']
  clock: TestClock
  /** Every action the store's subscribers saw, in order. */
  actions: Action[]
}

export const START = 1_000_000

/** A headless store on a hand-driven clock, recording the actions its subscribers see. */
export function createTestStore(options: TestStoreOptions = {}): TestStore {
  let time = options.now ?? START
  const clock: TestClock = {
    now: () => time,
    set: (next) => void (time = next),
    advance: (ms) => void (time += ms),
  }
  const store = createStore({ ...options, now: clock.now })
  const actions: Action[] = []
  store.subscribe((action) => void actions.push(action))
  return { store, controller: store.controller, clock, actions }
}

// Captured before any test installs fake timers, so flushing works under jest.useFakeTimers().
const realSetImmediate = globalThis.setImmediate

/** Lets every pending promise callback run (the store's response handling is a few hops away). */
export function flush(): Promise<void> {
  return new Promise((resolve) => realSetImmediate(resolve))
}

/** One request the fake endpoint received; the test decides when and how it answers. */
export interface FakeCall {
  readonly args: unknown[]
  /** The abort signal the store passed as `this.signal`. */
  readonly signal: AbortSignal | undefined
  /** The order in which requests were started (0, 1, 2, … across one endpoint). */
  readonly index: number
  readonly settled: boolean
  /** Answers with `value`, then lets the store handle it. */
  resolve(value: unknown): Promise<void>
  /** Fails with `error`, then lets the store handle it. */
  reject(error: unknown): Promise<void>
}

export interface FakeEndpoint<S extends Schema | undefined, M extends boolean | undefined> {
  readonly endpoint: Endpoint<(...args: any[]) => Promise<any>, S, M>
  /** Every request, in the order they started. */
  readonly calls: FakeCall[]
  /** Requests not answered yet. */
  pending(): FakeCall[]
}

/**
 * An Endpoint whose fetch records each call and returns a promise the test settles later, in any
 * order: this is how tests make responses arrive out of order.
 */
export function createFakeEndpoint<S extends Schema | undefined = undefined, M extends boolean | undefined = undefined>(
  name: string,
  options: Omit<EndpointOptions<S, M>, 'name'> = {},
): FakeEndpoint<S, M> {
  const calls: FakeCall[] = []
  function fetchFake(this: { signal?: AbortSignal } | undefined, ...args: unknown[]): Promise<unknown> {
    return new Promise((resolvePromise, rejectPromise) => {
      let settled = false
      const settle = (run: () => void) => {
        if (settled) throw new Error(`${name} call ${call.index} was already answered`)
        settled = true
        run()
        return flush()
      }
      const call: FakeCall = {
        args,
        signal: this?.signal,
        index: calls.length,
        get settled() {
          return settled
        },
        resolve: (value) => settle(() => resolvePromise(value)),
        reject: (error) => settle(() => rejectPromise(error)),
      }
      calls.push(call)
    })
  }
  const endpoint = new Endpoint(fetchFake as (...args: any[]) => Promise<any>, { ...options, name } as EndpointOptions<S, M>)
  return { endpoint, calls, pending: () => calls.filter((call) => !call.settled) }
}
