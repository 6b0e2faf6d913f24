// A like made while NetInfo says the device is not connected waits (no request) with the count
// already up on screen, and is sent exactly once when NetInfo says connected again.
import { setAppState } from '../testing/appState'
import { screen, waitFor } from '@testing-library/react-native'
import { advanceClock, EXPIRED } from '../testing/clock'
import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'
import { setConnected, setNetInfoState } from '../testing/netInfo'
import { openArticle, pressLike, renderApp } from '../testing/app'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})
afterEach(async () => {
  await setConnected(true)
})

test('a like made offline shows at once and is sent once when NetInfo says connected', async () => {
  await renderApp()
  await openArticle()
  const before = api.requests.length

  await setConnected(false)
  api.offline = true
  await pressLike()
  await settle(200)
  expect(api.requests.slice(before)).toEqual([])
  expect(screen.getByText('4 likes')).toBeTruthy()
  expect(screen.getByText('Offline: 1 like waits to be sent')).toBeTruthy()

  api.offline = false
  await setConnected(true)
  await waitFor(() => expect(api.count('POST /api/articles/3/like')).toBe(1))
  await settle(200)
  expect(api.requests.slice(before)).toEqual(['POST /api/articles/3/like'])
  expect(api.articles[0].likes).toBe(4)
  expect(screen.getByText('4 likes')).toBeTruthy()
  expect(screen.queryByText(/waits to be sent/)).toBeNull()
})

test('a like made offline is sent once however the network comes back: a foreground while offline sends nothing, reachability reported in two steps sends it once', async () => {
  await renderApp()
  await openArticle()
  const before = api.requests.length

  await setConnected(false)
  api.offline = true
  await pressLike()
  await setAppState('background')
  await setAppState('active')
  await settle(200)
  expect(api.requests.slice(before)).toEqual([])
  expect(screen.getByText('Offline: 1 like waits to be sent')).toBeTruthy()

  api.offline = false
  await setNetInfoState({ isConnected: true, isInternetReachable: null })
  await setNetInfoState({ isConnected: true, isInternetReachable: true })
  await waitFor(() => expect(api.count('POST /api/articles/3/like')).toBe(1))
  await settle(200)
  expect(api.requests.slice(before)).toEqual(['POST /api/articles/3/like'])
  expect(screen.getByText('4 likes')).toBeTruthy()
  expect(screen.queryByText(/waits to be sent/)).toBeNull()
})

test('offline long enough for the article to expire: on reconnect, the like is sent once and the article fetched once, the list behind it not at all', async () => {
  await renderApp()
  await openArticle()
  const before = api.requests.length

  await setConnected(false)
  api.offline = true
  advanceClock(EXPIRED)
  await pressLike()
  await settle(200)
  expect(api.requests.slice(before)).toEqual([])

  api.offline = false
  await setConnected(true)
  await waitFor(() => expect(api.count('POST /api/articles/3/like')).toBe(1))
  await settle(200)
  expect([...api.requests.slice(before)].sort()).toEqual(['GET /api/articles/3', 'POST /api/articles/3/like'])
  expect(api.articles[0].likes).toBe(4)
  expect(screen.getByText('4 likes')).toBeTruthy()
  expect(screen.queryByText(/waits to be sent/)).toBeNull()
})
