// tessera/offline's syncTabs with two (or three) stores in one process, each on its own
// BroadcastChannel of the same name, as two tabs of one origin are.
import { Endpoint, ExpiryStatus, PollingManager, createStore, type Action, type Store } from '../../src/index'
import { OfflineManager, syncTabs, type QueuedMutation, type SyncTabsOptions, type TabLocks, type TabSync } from '../../src/offline/index'
import { Todo, todo } from '../fixtures/todos'
import { createServer } from './server'

let calls = 0
const list = new Endpoint(
  async () => {
    calls++
    return [todo('1', { title: 'Shared' }), todo('2')]
  },
  { schema: [Todo], name: 'todos' },
)

let channelName = ''
let test = 0
const running: { store: Store; sync: TabSync }[] = []
const channels: BroadcastChannel[] = []
beforeEach(() => {
  calls = 0
  channelName = `tabs-${++test}`
})
afterEach(() => {
  for (const { store, sync } of running.splice(0)) {
    sync.stop()
    store.cleanup()
  }
  for (const channel of channels.splice(0)) channel.close()
})

/** A tab: a store and its sync. */
function openTab(options: SyncTabsOptions = {}) {
  const store = createStore()
  const actions: Action[] = []
  store.subscribe((action) => void actions.push(action))
  const sync = syncTabs(store, { name: channelName, locks: null, heartbeatMs: 40, ...options })
  running.push({ store, sync })
  return { store, sync, actions }
}

/** Another listener on the channel, as other code of the origin could be. */
function listen() {
  const channel = new BroadcastChannel(channelName)
  channels.push(channel)
  const messages: any[] = []
  channel.onmessage = (event) => void messages.push(event.data)
  return { channel, messages }
}

async function until(condition: () => boolean, ms = 1_000): Promise<void> {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const like: QueuedMutation = { id: 'm1', name: 'like', key: 'like [{"id":"1"}]', args: [{ id: '1' }], fetchedAt: 1 }

/** An OfflineManager's queue, by hand: what syncTabs reads and calls of it. */
function fakeOffline() {
  let pending: readonly QueuedMutation[] = []
  const listeners = new Set<() => void>()
  const offline = {
    sender: () => false,
    forgotten: [] as string[],
    pending: () => pending,
    subscribePending: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    restore(items: readonly QueuedMutation[]) {
      const fresh = items.filter((item) => !pending.some((each) => each.id === item.id))
      if (fresh.length > 0) offline.set([...pending, ...fresh])
    },
    setSender(isSender: () => boolean) {
      offline.sender = isSender
    },
    forget(ids: readonly string[]) {
      offline.forgotten.push(...ids)
      offline.set(pending.filter((item) => !ids.includes(item.id)))
    },
    set(next: readonly QueuedMutation[]) {
      pending = next
      for (const listener of listeners) listener()
    },
  }
  return offline
}

describe('syncTabs', () => {
  it('shows a response received in one tab in the other, without a request', async () => {
    const a = openTab()
    const b = openTab()
    await a.store.controller.fetch(list)
    await until(() => b.actions.length > 0)
    const read = b.store.controller.getResponse(list, b.store.getState())
    expect(read.expiryStatus).toBe(ExpiryStatus.Valid)
    expect(read.data?.map((each) => each.title)).toEqual(['Shared', 'Todo 2'])
    expect(read.data?.[0]).toBeInstanceOf(Todo)
    expect(b.actions.map((action) => action.type)).toEqual(['tessera/hydrate'])
    await b.store.controller.fetchIfStale(list)
    expect(calls).toBe(1)
  })

  it('posts each response once and never echoes what it received from another tab', async () => {
    const spy = listen()
    const a = openTab()
    const b = openTab()
    await a.store.controller.fetch(list)
    await until(() => b.actions.length > 0)
    await wait(30)
    expect(spy.messages.filter((message) => message.type === 'data')).toHaveLength(1)
    expect(a.actions.map((action) => action.type)).toEqual(['tessera/fetch', 'tessera/receive'])
  })

  it('drops a malformed message with an error that says so, leaving the cache as it was', async () => {
    const errors: Error[] = []
    const b = openTab({ onError: (error) => void errors.push(error) })
    const spy = listen()
    const before = b.store.getState()
    spy.channel.postMessage({ type: 'data', from: 'x', batch: { now: 1, actions: [{ type: 'tessera/receive', key: 5 }] } })
    spy.channel.postMessage('hello')
    await until(() => errors.length === 2)
    expect(errors[0]!.message).toMatch(/malformed.*actions\[0\]\.key/)
    expect(errors[1]!.message).toContain('unknown shape')
    expect(b.store.getState()).toBe(before)
    expect(b.actions).toEqual([])
  })

  it('elects one leader over the channel, and another when it closes', async () => {
    const tabs = [openTab(), openTab(), openTab()]
    await until(() => tabs.filter((tab) => tab.sync.isLeader()).length === 1)
    await wait(60)
    expect(tabs.filter((tab) => tab.sync.isLeader())).toHaveLength(1)
    // The oldest tab leads.
    expect(tabs[0]!.sync.isLeader()).toBe(true)
    tabs[0]!.sync.stop()
    await until(() => tabs.slice(1).filter((tab) => tab.sync.isLeader()).length === 1)
    await wait(60)
    expect(tabs.slice(1).filter((tab) => tab.sync.isLeader())).toHaveLength(1)
  })

  it('elects with Web Locks where they exist: the lock holder leads until it stops', async () => {
    // An exclusive lock manager shared by the tabs, as navigator.locks is by an origin.
    const waiting: { grant: () => void; signal?: AbortSignal }[] = []
    let held = false
    const locks: TabLocks = {
      request: (_name, { signal }, callback) =>
        new Promise((resolve, reject) => {
          const grant = () => {
            held = true
            callback().then((value) => {
              held = false
              waiting.shift()?.grant()
              resolve(value)
            })
          }
          signal?.addEventListener('abort', () => {
            const at = waiting.findIndex((each) => each.grant === grant)
            if (at !== -1) waiting.splice(at, 1)
            reject(signal.reason)
          })
          if (held) waiting.push({ grant, signal })
          else grant()
        }),
    }
    const tabs = [openTab({ locks }), openTab({ locks }), openTab({ locks })]
    expect(tabs.map((tab) => tab.sync.isLeader())).toEqual([true, false, false])
    tabs[0]!.sync.stop()
    await until(() => tabs[1]!.sync.isLeader())
    expect(tabs.map((tab) => tab.sync.isLeader())).toEqual([false, true, false])
  })

  it('lets only the leader send the offline queue and poll; a mutation queued elsewhere reaches it and is forgotten once sent', async () => {
    const poller = () => ({ isPoller: (_key: string) => false, setPoller(isPoller: (key: string) => boolean) { this.isPoller = isPoller } })
    const first = { offline: fakeOffline(), polling: poller() }
    const second = { offline: fakeOffline(), polling: poller() }
    const a = openTab(first)
    await until(() => a.sync.isLeader())
    const b = openTab(second)
    await wait(60)
    expect([first.offline.sender(), second.offline.sender()]).toEqual([true, false])
    expect([first.polling.isPoller('feed'), second.polling.isPoller('feed')]).toEqual([true, true])

    second.offline.set([like])
    await until(() => first.offline.pending().length === 1)
    expect(first.offline.pending()).toEqual([like])
    // The leader sends it: the other tab drops its copy instead of keeping it owed.
    first.offline.set([])
    await until(() => second.offline.pending().length === 0)
    expect(second.offline.forgotten).toEqual(['m1'])
    expect(b.sync.isLeader()).toBe(false)
  })
})

describe('syncTabs with a real PollingManager', () => {
  it('polls from the leader tab only; the other tab gets the polled data without a request', async () => {
    let polled = 0
    const feed = new Endpoint(
      async () => {
        polled++
        return [todo('1', { title: `Poll ${polled}` })]
      },
      { schema: [Todo], name: 'feed', pollFrequency: 30 },
    )
    const tab = (polling: PollingManager) => {
      const store = createStore({ managers: [polling] })
      const sync = syncTabs(store, { name: channelName, locks: null, heartbeatMs: 40, polling })
      running.push({ store, sync })
      store.controller.subscribe(feed)
      return { store, sync }
    }
    const a = tab(new PollingManager())
    await until(() => a.sync.isLeader())
    const b = tab(new PollingManager())
    await wait(200)
    // Two tabs subscribed for ~200 ms at 30 ms: the leader's polls only (about 6, not 12).
    expect(polled).toBeGreaterThan(2)
    expect(polled).toBeLessThan(10)
    const titles = (store: Store) => (store.controller.getResponse(feed, store.getState()).data as Todo[] | undefined)?.map((row) => row.title)
    await until(() => titles(b.store)?.[0] === titles(a.store)?.[0])
    for (const { store } of [a, b]) store.controller.unsubscribe(feed)
  })

  it('has a follower tab poll what the leader tab does not read', async () => {
    let polled = 0
    const watched = new Endpoint(
      async () => {
        polled++
        return [todo('1', { title: `Poll ${polled}` })]
      },
      { schema: [Todo], name: 'watched', pollFrequency: 30 },
    )
    const tab = () => {
      const polling = new PollingManager()
      const store = createStore({ managers: [polling] })
      const sync = syncTabs(store, { name: channelName, locks: null, heartbeatMs: 40, polling })
      running.push({ store, sync })
      return { store, sync }
    }
    const leader = tab()
    await until(() => leader.sync.isLeader())
    const follower = tab()
    await wait(60)
    follower.store.controller.subscribe(watched)
    await wait(200)
    // Only the follower reads it, so the follower polls it; the leader shows each answer too.
    expect(polled).toBeGreaterThan(2)
    const titles = (store: Store) => (store.controller.getResponse(watched, store.getState()).data as Todo[] | undefined)?.map((row) => row.title)
    await until(() => titles(leader.store)?.[0] === titles(follower.store)?.[0])
    // Once the leader reads it too, the leader polls it and the follower stops: still one poll per tick.
    leader.store.controller.subscribe(watched)
    await wait(80)
    const before = polled
    await wait(200)
    expect(polled - before).toBeLessThan(10)
    expect(polled - before).toBeGreaterThan(2)
    for (const { store } of [leader, follower]) store.controller.unsubscribe(watched)
  })
})

describe('syncTabs without BroadcastChannel', () => {
  it('leaves a tab alone, and leading, where there is no channel (a server, an old browser)', () => {
    const global = globalThis as { BroadcastChannel?: typeof BroadcastChannel }
    const saved = global.BroadcastChannel
    delete global.BroadcastChannel
    try {
      const queue = fakeOffline()
      const store = createStore()
      const sync = syncTabs(store, { offline: queue })
      expect(sync.isLeader()).toBe(true)
      expect(queue.sender()).toBe(true)
      sync.stop()
      store.cleanup()
    } finally {
      global.BroadcastChannel = saved
    }
  })
})

describe('syncTabs: the queue across leaders', () => {
  it('never takes back a mutation the leader sent when a message listing it crosses', async () => {
    const leaderQueue = fakeOffline()
    const a = openTab({ offline: leaderQueue })
    await until(() => a.sync.isLeader())
    const spy = listen()
    spy.channel.postMessage({ type: 'queue', from: 'b', leader: false, items: [like] })
    await until(() => leaderQueue.pending().length === 1)
    leaderQueue.set([])
    // The other tab's older message, still listing it.
    spy.channel.postMessage({ type: 'queue', from: 'b', leader: false, items: [like] })
    await wait(30)
    expect(leaderQueue.pending()).toEqual([])
  })

  it('hands a waiting mutation to the next leader when the leader closes', async () => {
    const queues = [fakeOffline(), fakeOffline(), fakeOffline()]
    const a = openTab({ offline: queues[0] })
    await until(() => a.sync.isLeader())
    const b = openTab({ offline: queues[1] })
    await wait(30)
    const c = openTab({ offline: queues[2] })
    await wait(30)
    queues[2]!.set([like])
    await until(() => queues[0]!.pending().length === 1)
    a.sync.stop()
    await until(() => b.sync.isLeader())
    await until(() => queues[1]!.pending().length === 1)
    expect(queues[1]!.pending()).toEqual([like])
    expect(c.sync.isLeader()).toBe(false)
  })
})

describe('syncTabs with OfflineManager', () => {
  it('has a mutation queued offline in one tab sent once, by the leader, and its answer shown in both', async () => {
    const server = createServer()
    server.up = false
    let held = false
    const queue: (() => void)[] = []
    const locks: TabLocks = {
      request: (_name, _options, callback) =>
        new Promise((resolve) => {
          const grant = () => {
            held = true
            void callback().then(resolve)
          }
          if (held) queue.push(grant)
          else grant()
        }),
    }
    const tab = () => {
      const offline = new OfflineManager({ online: () => server.up, retryDelay: () => 10, endpoints: [server.getItem, server.setItem] })
      const store = createStore({ managers: [offline] })
      const sync = syncTabs(store, { name: channelName, locks, offline })
      running.push({ store, sync })
      const actions: Action[] = []
      store.subscribe((action) => void actions.push(action))
      return { store, offline, sync, actions }
    }
    const a = tab()
    const b = tab()
    expect([a.sync.isLeader(), b.sync.isLeader()]).toEqual([true, false])
    b.store.controller.fetch(server.setItem, { id: '1', text: 'liked', uid: 'like-1' }).catch(() => {})
    await until(() => a.offline.pending().length === 1)
    server.up = true
    await until(() => server.received.length > 0)
    await wait(50)
    expect(server.received).toEqual(['like-1'])
    // The answer reached the other tab as data, not as a request of its own.
    await until(() => b.actions.some((action) => action.type === 'tessera/hydrate' && action.actions.some((each) => each.key === server.setItem.key({ id: '1', text: 'liked', uid: 'like-1' }))))
    expect(b.store.controller.getResponse(server.getItem, { id: '1' }, b.store.getState()).data).toMatchObject({ text: 'liked' })
    expect(a.offline.pending()).toEqual([])
  })
})
