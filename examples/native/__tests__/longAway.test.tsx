// Longer away than the cache's garbage-collection time (five minutes by default): the list stays
// mounted behind the article screen the whole time, as screens in a native stack do. Jest's fake
// timers run the collector and move Date.now() together.
import '../testing/appState'
import { act, fireEvent, render, screen } from '@testing-library/react-native'
import App from '../App'
import { navigationRef } from '../src/navigation'
import { installFakeApi, type FakeApi } from '../testing/fakeApi'
import { ARTICLE_3_BODY, LIST_TITLE } from '../testing/app'

jest.useFakeTimers()

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

async function wait(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms))
}

/** Renders the app, opens the newest article, and stays there for ten minutes, a minute at a time. */
async function tenMinutesOnTheArticle() {
  render(<App />)
  await wait(10)
  fireEvent.press(screen.getByLabelText(`Open ${LIST_TITLE}`))
  await wait(10)
  expect(screen.getByText(ARTICLE_3_BODY)).toBeTruthy()
  for (let minute = 0; minute < 10; minute++) await wait(60_000)
}

test('ten minutes on the article screen send nothing: neither the list out of view nor the article in view is refetched', async () => {
  await tenMinutesOnTheArticle()
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3'])

  await act(async () => navigationRef.goBack())
  await wait(10)
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3', 'GET /api/articles'])
  expect(screen.getByText(LIST_TITLE)).toBeTruthy()
})

test('back to the list after ten minutes: the list it showed is still there while one GET refreshes it (no spinner)', async () => {
  await tenMinutesOnTheArticle()
  api.hold()
  await act(async () => navigationRef.goBack())
  await wait(10)
  expect(screen.getByText(LIST_TITLE)).toBeTruthy()
  expect(screen.queryByText('Loading…')).toBeNull()
  expect(api.requests.slice(2)).toEqual(['GET /api/articles'])
  api.release()
  await wait(10)
  expect(api.requests.slice(2)).toEqual(['GET /api/articles'])
  expect(screen.getByText(LIST_TITLE)).toBeTruthy()
})
