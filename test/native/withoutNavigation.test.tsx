/**
 * @jest-environment ./test/helpers/reactNativeEnvironment.ts
 */
// The React Native build in an app without React Navigation, NetInfo or (as in a web test of a
// shared component) React Native's AppState: none of them is installed here, so each optional
// lookup fails, and the provider and hooks work as the web ones do.
import { act, Suspense } from 'react'
import { create, type ReactTestRenderer } from 'react-test-renderer'
import { DataProvider, Endpoint, Entity, useDLE, useSuspense } from '../../src/native/index'
import { flush } from '../helpers/createTestStore'

class Article extends Entity {
  id = ''
  title = ''
}

it('renders reads, fetching each once, with none of the optional modules installed', async () => {
  expect(() => require('@react-navigation/native')).toThrow()
  expect(() => require('@react-native-community/netinfo')).toThrow()
  const requests: string[] = []
  const getArticle = new Endpoint(
    async ({ id }: { id: string }) => {
      requests.push(id)
      return { id, title: `Article ${id}` }
    },
    { schema: Article, name: 'getArticle' },
  )
  function Screen() {
    const first = useSuspense(getArticle, { id: '1' })
    const second = useDLE(getArticle, { id: '2' })
    return `${first.title}, ${second.data?.title ?? '…'}`
  }
  let renderer: ReactTestRenderer | undefined
  await act(async () => {
    renderer = create(
      <DataProvider>
        <Suspense fallback="loading">
          <Screen />
        </Suspense>
      </DataProvider>,
    )
    await flush()
    await flush()
  })
  expect(renderer!.toJSON()).toBe('Article 1, Article 2')
  expect(requests.sort()).toEqual(['1', '2'])
  await act(async () => renderer!.unmount())
})
