/**
 * @jest-environment ./test/helpers/reactNativeEnvironment.ts
 */
// React Native's globals (a `window` that is the global object, without addEventListener; no
// document, BroadcastChannel or indexedDB): an app that mounts DataProvider with LiveManager and
// OfflineManager and syncs tabs renders its data, gets live updates and sends its mutations, and
// nothing throws. What is observed: the rendered tree, what the fake server received.
import { act, Suspense } from 'react'
import { create, type ReactTestRenderer } from 'react-test-renderer'
import { createStore, DataProvider, Endpoint, useSuspense, type ManagerAPI } from '../../src/index'
import { LiveManager, type LiveSocket } from '../../src/live/index'
import { OfflineManager, syncTabs } from '../../src/offline/index'
import { flush } from '../helpers/createTestStore'
import { HandSocket, Todo } from '../live/servers'


function setup() {
  const server = { todos: new Map([['1', { id: '1', title: 'Buy milk', likes: 0 }]]), reads: 0, likes: [] as string[] }
  const getTodo = new Endpoint(
    async ({ id }: { id: string }) => {
      server.reads++
      return { ...server.todos.get(id)! }
    },
    { schema: Todo, name: 'getTodo', ...{ live: true } },
  )
  const likeTodo = new Endpoint(
    async ({ id }: { id: string }) => {
      server.likes.push(id)
      const todo = server.todos.get(id)!
      todo.likes++
      return { ...todo }
    },
    { schema: Todo, name: 'likeTodo', sideEffect: true },
  )
  const sockets: HandSocket[] = []
  const live = new LiveManager({
    connect: () => {
      const socket = new HandSocket()
      sockets.push(socket)
      return socket as LiveSocket
    },
    onMessage(message: unknown, api: ManagerAPI) {
      api.set(Todo, message as object)
    },
  })
  const store = createStore({ managers: [live, new OfflineManager()] })
  function Title() {
    const todo = useSuspense(getTodo, { id: '1' })
    return `${todo.title} (${todo.likes})`
  }
  return { server, store, sockets, likeTodo, app: <DataProvider store={store}><Suspense fallback="loading">{<Title />}</Suspense></DataProvider> }
}

let renderer: ReactTestRenderer | undefined
afterEach(async () => {
  await act(async () => renderer?.unmount())
  renderer = undefined
})

it('the globals are React Native’s: a window without addEventListener, no document or BroadcastChannel', () => {
  expect(globalThis.window).toBe(globalThis)
  expect((globalThis as { addEventListener?: unknown }).addEventListener).toBeUndefined()
  expect(typeof document).toBe('undefined')
  expect(typeof BroadcastChannel).toBe('undefined')
})

it('DataProvider with LiveManager and OfflineManager renders, takes live updates and sends a mutation', async () => {
  const { server, store, sockets, likeTodo, app } = setup()
  await act(async () => {
    renderer = create(app)
    await flush()
  })
  expect(renderer!.toJSON()).toBe('Buy milk (0)')
  expect(server.reads).toBe(1)

  // The live stream opened for the live read, and a message updates the screen.
  expect(sockets).toHaveLength(1)
  await act(async () => {
    sockets[0]!.open()
    sockets[0]!.message({ id: '1', title: 'Buy oat milk', likes: 0 })
    await new Promise((resolve) => setTimeout(resolve, 40))
  })
  expect(renderer!.toJSON()).toBe('Buy oat milk (0)')

  await act(async () => {
    await store.controller.fetch(likeTodo, { id: '1' })
    await flush()
  })
  expect(server.likes).toEqual(['1'])
  expect(renderer!.toJSON()).toBe('Buy milk (1)')
  store.cleanup()
})

it('syncTabs is a tab alone (the leader), without an error, where there is no BroadcastChannel', () => {
  const store = createStore()
  const offline = new OfflineManager()
  const tabs = syncTabs(store, { offline })
  expect(tabs.isLeader()).toBe(true)
  tabs.stop()
  store.cleanup()
})

it('syncTabs is a tab alone, without an error, where a BroadcastChannel polyfill cannot open a channel', () => {
  const scope = globalThis as { BroadcastChannel?: unknown }
  scope.BroadcastChannel = class {
    constructor() {
      throw new Error('BroadcastChannel is not supported')
    }
  }
  try {
    const store = createStore()
    const tabs = syncTabs(store, { offline: new OfflineManager() })
    expect(tabs.isLeader()).toBe(true)
    tabs.stop()
    store.cleanup()
  } finally {
    delete scope.BroadcastChannel
  }
})
