// The app coming back to the foreground (AppState 'background' -> 'active') and the network
// coming back (NetInfo not connected -> connected) refetch the stale reads of the focused
// screen, once; never those of a screen out of view. The app has no AppState or NetInfo code.
import { appStateListeners, setAppState } from '../testing/appState'
import { advanceClock, EXPIRED } from '../testing/clock'
import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'
import { netInfoListeners, setConnected } from '../testing/netInfo'
import { goBack, openArticle, renderApp } from '../testing/app'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

test('foreground after the list expired: exactly one GET of the list', async () => {
  await renderApp()
  expect(appStateListeners()).toBeGreaterThan(0)
  expect(api.requests).toEqual(['GET /api/articles'])

  // Fresh data: a trip to the background sends nothing.
  await setAppState('background')
  await setAppState('active')
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])

  // Nor does the network coming back.
  await setConnected(false)
  await setConnected(true)
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])

  await setAppState('background')
  advanceClock(EXPIRED)
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])
  await setAppState('active')
  await settle()
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles'])
})

test("'inactive' and back (the app switcher, a system dialog) is not a return from the background: no request", async () => {
  await renderApp()
  advanceClock(EXPIRED)
  await setAppState('inactive')
  await setAppState('active')
  await settle()
  expect(api.requests).toEqual(['GET /api/articles'])
})

test('on the article screen, foreground and reconnect refetch the article once each, never the list behind it', async () => {
  await renderApp()
  await openArticle()
  expect(netInfoListeners()).toBeGreaterThan(0)
  const before = api.requests.length

  advanceClock(EXPIRED)
  await setAppState('background')
  await setAppState('active')
  await settle()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles/3'])

  advanceClock(EXPIRED)
  await setConnected(false)
  await settle()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles/3'])
  await setConnected(true)
  await settle()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles/3', 'GET /api/articles/3'])

  // Connected again while already connected: not a reconnect.
  advanceClock(EXPIRED)
  await setConnected(true)
  await settle()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles/3', 'GET /api/articles/3'])

  // The list, stale all along behind the article, is fetched once when it is back in view.
  await goBack()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles/3', 'GET /api/articles/3', 'GET /api/articles'])
})
