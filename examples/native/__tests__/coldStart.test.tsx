// An app opened while the device is offline: a file of its own, so that the library and NetInfo
// start fresh (the app's first NetInfo subscription, answered a moment later as on a device).
import '../testing/appState'
import { render, screen } from '@testing-library/react-native'
import App from '../App'
import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'
import { setConnected, startWith } from '../testing/netInfo'
import { LIST_TITLE } from '../testing/app'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

test('an app opened offline shows it is loading and sends nothing more once NetInfo says offline; connected: the list is fetched once', async () => {
  startWith(false)
  api.offline = true
  render(<App />)
  await settle(200)
  // NetInfo answers a moment after the app asks, so the first GET may already be out by then;
  // it fails ("Network request failed") and is not tried again while NetInfo says offline.
  const whileOffline = api.requests.length
  expect(api.requests).toEqual(Array(whileOffline).fill('GET /api/articles'))
  expect(whileOffline).toBeLessThanOrEqual(1)
  await settle(3000)
  expect(api.requests.length).toBe(whileOffline)
  expect(screen.getByText('Loading…')).toBeTruthy()

  api.offline = false
  await setConnected(true)
  await screen.findByText(LIST_TITLE)
  await settle(200)
  expect(api.requests.slice(whileOffline)).toEqual(['GET /api/articles'])
}, 10_000)
