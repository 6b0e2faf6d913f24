// Navigation focus: a screen that comes back into view refetches what it reads if that is stale,
// and only then; a screen out of view (blurred) is not refetched. The app has no focus code.
import { advanceClock, EXPIRED } from '../testing/clock'
import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'
import { goBack, openArticle, renderApp } from '../testing/app'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

test('back to the list before it expires: no request', async () => {
  await renderApp()
  await openArticle()
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3'])

  await goBack()
  expect(api.count('GET /api/articles')).toBe(1)

  // Opening the article again: it is fresh too, nothing is sent.
  await openArticle()
  await goBack()
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3'])
})

test('back to the list after it expired: exactly one GET of the list; the blurred list is not refetched meanwhile', async () => {
  await renderApp()
  await openArticle()
  const before = api.requests.length

  // Time passes on the article screen: the list (blurred) and the article both expire. Nothing
  // makes a request while nobody navigates.
  advanceClock(EXPIRED)
  await settle(200)
  expect(api.requests.length).toBe(before)

  await goBack()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles'])

  // Once is enough: the list is fresh again. (The article, opened again, is stale: its screen
  // mounts and fetches it, as any read of stale data does.)
  await openArticle()
  await goBack()
  expect(api.requests.slice(before)).toEqual(['GET /api/articles', 'GET /api/articles/3'])
})
