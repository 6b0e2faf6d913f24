import { installFakeApi, settle, type FakeApi } from '../testing/fakeApi'
import { openArticle, pressLike, renderApp } from '../testing/app'
import { screen, waitFor } from '@testing-library/react-native'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

test('the list, the article, and a like: one POST, the count goes up on screen', async () => {
  await renderApp()
  expect(screen.getByText('Ada Lovelace · 3 likes')).toBeTruthy()
  expect(api.requests).toEqual(['GET /api/articles'])

  await openArticle()
  expect(screen.getByText('3 likes')).toBeTruthy()
  // The list had the summary; the body is fetched once.
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3'])

  await pressLike()
  await waitFor(() => expect(api.count('POST /api/articles/3/like')).toBe(1))
  await settle()
  expect(screen.getByText('4 likes')).toBeTruthy()
  expect(api.requests).toEqual(['GET /api/articles', 'GET /api/articles/3', 'POST /api/articles/3/like'])
  expect(api.articles[0].likes).toBe(4)
})
