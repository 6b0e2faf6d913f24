/**
 * @jest-environment ./test/helpers/reactNativeEnvironment.ts
 */
// The React Native build (src/native, what `import … from 'tessera'` gives under the
// `react-native` condition): read hooks follow React Navigation's focus, the provider follows
// AppState and NetInfo. React Navigation, React Native's AppState and NetInfo are stood in for by
// modules that do what theirs do (a screen's `navigation` with focus/blur listeners; AppState's
// 'change'; NetInfo's listener called with the state), so each test drives them as a user would:
// leave a screen, come back, send the app to the background. Observed: the rendered tree and the
// requests the endpoint received, with their fetch cause.
import { act, createContext, Suspense, type ReactNode } from 'react'
import { create, type ReactTestRenderer } from 'react-test-renderer'
import { AsyncBoundary, createStore, DataProvider, Endpoint, Entity, PollingManager, useCache, useSubscription, useSuspense } from '../../src/native/index'
import { LiveManager, type LiveSocket } from '../../src/live/index'
import { OfflineManager } from '../../src/offline/index'
import { HandSocket } from '../live/servers'
import { flush } from '../helpers/createTestStore'

interface Navigation {
  isFocused(): boolean
  addListener(type: 'focus' | 'blur', listener: () => void): () => void
}

const device = {
  appStateListeners: new Set<(state: string) => void>(),
  netInfoListeners: new Set<(state: { isConnected: boolean | null }) => void>(),
  connected: true as boolean,
}

jest.mock('@react-navigation/native', () => ({ NavigationContext: createContext<Navigation | undefined>(undefined) }), { virtual: true })
jest.mock(
  'react-native',
  () => {
    const { createElement } = jest.requireActual('react') as typeof import('react')
    // Host components as React Native's renderer draws them (react-test-renderer shows their names).
    const host = (name: string) => (props: object) => createElement(name, props)
    return {
      View: host('View'),
      Text: host('Text'),
      Button: host('Button'),
      AppState: {
      currentState: 'active',
      addEventListener(_type: 'change', listener: (state: string) => void) {
        device.appStateListeners.add(listener)
          return { remove: () => device.appStateListeners.delete(listener) }
        },
      },
    }
  },
  { virtual: true },
)
jest.mock(
  '@react-native-community/netinfo',
  () => ({
    __esModule: true,
    default: {
      addEventListener(listener: (state: { isConnected: boolean | null }) => void) {
        device.netInfoListeners.add(listener)
        listener({ isConnected: device.connected })
        return () => device.netInfoListeners.delete(listener)
      },
    },
  }),
  { virtual: true },
)

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { NavigationContext } = require('@react-navigation/native') as { NavigationContext: React.Context<Navigation | undefined> }

/** One screen of a stack: focused or not, telling its listeners as React Navigation does. */
class Screen implements Navigation {
  #focused: boolean
  #listeners = { focus: new Set<() => void>(), blur: new Set<() => void>() }
  constructor(focused: boolean) {
    this.#focused = focused
  }
  isFocused() {
    return this.#focused
  }
  addListener(type: 'focus' | 'blur', listener: () => void) {
    this.#listeners[type].add(listener)
    return () => void this.#listeners[type].delete(listener)
  }
  set(focused: boolean) {
    if (focused === this.#focused) return
    this.#focused = focused
    for (const listener of this.#listeners[focused ? 'focus' : 'blur']) listener()
  }
}

class Article extends Entity {
  id = ''
  title = ''
}

/** An API of articles that records each request. */
function api(expiry = 1_000, poll = false) {
  const requests: { id: string }[] = []
  let version = 0
  const getArticle = new Endpoint(
    async ({ id }: { id: string }) => {
      requests.push({ id })
      return { id, title: `Article ${id} v${++version}` }
    },
    { schema: Article, name: 'getArticle', dataExpiryLength: expiry, ...(poll ? { pollFrequency: 200 } : {}) },
  )
  return { requests, getArticle }
}

let renderer: ReactTestRenderer | undefined
afterEach(async () => {
  await act(async () => renderer?.unmount())
  renderer = undefined
  device.appStateListeners.clear()
  // NetInfo's one subscription (made once, for the app) stays; the device comes back online.
  netInfo(true)
})

/** NetInfo tells its listeners the device is connected or not. */
function netInfo(connected: boolean) {
  device.connected = connected
  for (const listener of device.netInfoListeners) listener({ isConnected: connected })
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function setup(options: { expiry?: number; managers?: any[] } = {}) {
  const { requests, getArticle } = api(options.expiry, options.managers !== undefined)
  const store = createStore({ managers: [...(options.managers ?? [])] })
  function Show({ id }: { id: string }) {
    const article = useSuspense(getArticle, { id })
    return <>{article.title + ';'}</>
  }
  const list = new Screen(true)
  const detail = new Screen(false)
  const app = (children?: ReactNode) => (
    <DataProvider store={store}>
      <NavigationContext.Provider value={list}>
        <Suspense fallback="loading">
          <Show id="1" />
        </Suspense>
      </NavigationContext.Provider>
      <NavigationContext.Provider value={detail}>
        <Suspense fallback="loading">{children}</Suspense>
      </NavigationContext.Provider>
    </DataProvider>
  )
  return { requests, getArticle, store, list, detail, app, Show }
}

async function render(element: ReactNode) {
  await act(async () => {
    renderer = create(<>{element}</>)
    await flush()
  })
}

async function step(run: () => unknown) {
  await act(async () => {
    await run()
    await flush()
    await flush()
  })
}

describe('screen focus (React Navigation)', () => {
  it('a screen focused again refetches its stale reads once, and nothing while they are fresh', async () => {
    const { requests, list, detail, app } = setup({ expiry: 300 })
    await render(app())
    expect(renderer!.toJSON()).toEqual('Article 1 v1;')
    expect(requests).toHaveLength(1)

    // Away and back while the data is fresh: nothing is sent.
    await step(() => {
      list.set(false)
      detail.set(true)
    })
    await step(() => {
      detail.set(false)
      list.set(true)
    })
    expect(requests).toHaveLength(1)

    // Away, the data expires, back: one request, and the screen shows its answer.
    await step(() => {
      list.set(false)
      detail.set(true)
    })
    await step(() => wait(350))
    expect(requests).toHaveLength(1)
    await step(() => {
      detail.set(false)
      list.set(true)
    })
    expect(requests).toHaveLength(2)
    expect(renderer!.toJSON()).toEqual('Article 1 v2;')
  })

  it('the app back in the foreground and a reconnect refetch the focused screen’s stale reads, not a blurred one’s', async () => {
    const { requests, list, detail, app, Show } = setup({ expiry: 300 })
    // The list is behind the detail screen, which reads article 2.
    await render(app(<Show id="2" />))
    await step(() => {
      list.set(false)
      detail.set(true)
    })
    expect(requests.map((r) => r.id)).toEqual(['1', '2'])
    await step(() => wait(350))

    await step(() => {
      for (const listener of device.appStateListeners) listener('background')
    })
    await step(() => {
      for (const listener of device.appStateListeners) listener('active')
    })
    expect(requests.map((r) => r.id)).toEqual(['1', '2', '2'])

    // 'inactive' and back (iOS's control centre) is not a return from the background.
    await step(() => wait(350))
    await step(() => {
      for (const listener of device.appStateListeners) listener('inactive')
      for (const listener of device.appStateListeners) listener('active')
    })
    expect(requests.map((r) => r.id)).toEqual(['1', '2', '2'])

    // NetInfo: offline, then connected again.
    await step(() => netInfo(false))
    await step(() => netInfo(true))
    expect(requests.map((r) => r.id)).toEqual(['1', '2', '2', '2'])
  })

  it('a blurred screen keeps its data: the collector does not take it, and nothing is refetched while out of view', async () => {
    const { requests, getArticle, list, detail } = setup({ expiry: 10_000 })
    const store = createStore({ gcTime: 20 })
    function Title() {
      return <>{useSuspense(getArticle, { id: '1' }).title}</>
    }
    await render(
      <DataProvider store={store}>
        <NavigationContext.Provider value={list}>
          <Suspense fallback="loading">
            <Title />
          </Suspense>
        </NavigationContext.Provider>
      </DataProvider>,
    )
    expect(renderer!.toJSON()).toBe('Article 1 v1')
    await step(() => {
      list.set(false)
      detail.set(true)
    })
    // Well past gcTime, with the collector's idle slices run.
    await step(() => wait(200))
    await step(() => store.controller.setResponse(getArticle, { id: '2' }, { id: '2', title: 'other' }))
    await step(() => wait(100))
    expect(requests).toHaveLength(1)
    await step(() => {
      detail.set(false)
      list.set(true)
    })
    expect(renderer!.toJSON()).toBe('Article 1 v1')
    expect(requests).toHaveLength(1)
    store.cleanup()
  })

  it('a blurred screen is not polled; it is again once focused', async () => {
    const { requests, getArticle, list, store } = setup({ expiry: 10_000, managers: [new PollingManager()] })
    function Polled() {
      useSubscription(getArticle, { id: '1' })
      return useSuspense(getArticle, { id: '1' }).title
    }
    await render(
      <DataProvider store={store}>
        <NavigationContext.Provider value={list}>
          <Suspense fallback="loading">
            <Polled />
          </Suspense>
        </NavigationContext.Provider>
      </DataProvider>,
    )
    await step(() => wait(450))
    const focusedPolls = requests.length
    expect(focusedPolls).toBeGreaterThanOrEqual(3)

    await step(() => list.set(false))
    await step(() => wait(450))
    expect(requests).toHaveLength(focusedPolls)

    await step(() => list.set(true))
    await step(() => wait(450))
    expect(requests.length).toBeGreaterThan(focusedPolls)
    store.cleanup()
  })

  it('two screens on one key: the blurred one leaving keeps the focused one’s hold (polling goes on)', async () => {
    const { requests, getArticle, list, detail, store } = setup({ expiry: 10_000, managers: [new PollingManager()] })
    function Polled() {
      useSubscription(getArticle, { id: '1' })
      return useCache(getArticle, { id: '1' })?.title ?? 'none'
    }
    const tree = (withList: boolean) => (
      <DataProvider store={store}>
        {withList && (
          <NavigationContext.Provider value={list}>
            <Polled />
          </NavigationContext.Provider>
        )}
        <NavigationContext.Provider value={detail}>
          <Polled />
        </NavigationContext.Provider>
      </DataProvider>
    )
    await render(tree(true))
    await step(() => {
      list.set(false)
      detail.set(true)
    })
    await act(async () => renderer!.update(tree(false)))
    const before = requests.length
    await step(() => wait(450))
    expect(requests.length).toBeGreaterThan(before)
    store.cleanup()
  })
})

describe('DataProvider (React Native)', () => {
  it('made inside a Suspense boundary that suspends first, it fetches once', async () => {
    const { requests, getArticle } = api()
    function Show() {
      return useSuspense(getArticle, { id: '1' }).title
    }
    await render(
      <Suspense fallback="loading">
        <DataProvider>
          <Show />
        </DataProvider>
      </Suspense>,
    )
    await step(() => wait(20))
    expect(renderer!.toJSON()).toEqual('Article 1 v1')
    expect(requests).toHaveLength(1)
  })

  it('OfflineManager takes NetInfo’s word: a mutation made offline is sent once, when NetInfo says connected', async () => {
    netInfo(false)
    const sent: string[] = []
    const like = new Endpoint(
      async ({ id }: { id: string }) => {
        sent.push(id)
        return { id, title: 'liked' }
      },
      { schema: Article, name: 'like', sideEffect: true },
    )
    const store = createStore({ managers: [new OfflineManager()] })
    let result: Promise<unknown> | undefined
    await step(() => {
      result = store.controller.fetch(like, { id: '1' })
    })
    expect(sent).toEqual([])
    await step(() => netInfo(true))
    await result
    expect(sent).toEqual(['1'])
    await step(() => {
      netInfo(false)
      netInfo(true)
    })
    expect(sent).toEqual(['1'])
    store.cleanup()
  })

  it('LiveManager follows NetInfo: offline closes the stream and opens nothing, connected opens it again at once', async () => {
    const { getArticle } = api()
    const sockets: HandSocket[] = []
    const live = new LiveManager({
      connect: () => {
        const socket = new HandSocket()
        sockets.push(socket)
        return socket as LiveSocket
      },
      live: () => true,
      onMessage() {},
    })
    const store = createStore({ managers: [live] })
    store.controller.subscribe(getArticle, { id: '1' })
    await step(() => undefined)
    expect(sockets).toHaveLength(1)
    await step(() => sockets[0]!.open())

    await step(() => netInfo(false))
    expect(sockets[0]!.closed).toBe(true)
    expect(sockets).toHaveLength(1)
    await step(() => netInfo(true))
    expect(sockets).toHaveLength(2)
    store.cleanup()
  })

  it('AsyncBoundary\'s default error fallback is drawn with React Native\'s components, and its Retry refetches', async () => {
    let fail = true
    const requests: string[] = []
    const getArticle = new Endpoint(
      async ({ id }: { id: string }) => {
        requests.push(id)
        if (fail) throw Object.assign(new Error('GET /articles/1 failed'), { status: 500, response: { statusText: 'Internal Server Error' } })
        return { id, title: 'Back' }
      },
      { schema: Article, name: 'getArticle', errorExpiryLength: 60_000 },
    )
    function Title() {
      return <>{useSuspense(getArticle, { id: '1' }).title}</>
    }
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await render(
        <DataProvider>
          <AsyncBoundary fallback="loading">
            <Title />
          </AsyncBoundary>
        </DataProvider>,
      )
      const tree = renderer!.toJSON() as { type: string; children: { type: string; children?: unknown[]; props: { title?: string } }[] }
      expect(tree.type).toBe('View')
      expect(tree.children.map((child) => child.type)).toEqual(['Text', 'Text', 'Button'])
      expect(tree.children[0]!.children).toEqual(['500 Internal Server Error'])
      fail = false
      await step(() => renderer!.root.findByType('Button' as never).props.onPress())
      expect(renderer!.toJSON()).toBe('Back')
      expect(requests).toEqual(['1', '1'])
    } finally {
      errors.mockRestore()
    }
  })
})
