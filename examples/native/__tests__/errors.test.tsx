// AsyncBoundary's own error fallback (no errorComponent), as a data-client app that relies on
// it gets it: on React Native it must be made of React Native components. A <div>, <p> or
// <button> renders in jest's test renderer, which accepts any host component name, but stops
// the app on a device ("View config getter callback for component `div` must be a function"),
// and text outside <Text> is an error there too. getByText finds only React Native's <Text>.
import { render, screen } from '@testing-library/react-native'
import { Text } from 'react-native'
import { AsyncBoundary, DataProvider, useSuspense } from 'tessera'
import { ArticleResource } from '../src/resources'
import { installFakeApi, type FakeApi } from '../testing/fakeApi'

let api: FakeApi
beforeEach(() => {
  api = installFakeApi()
})

function Title({ id }: { id: string }) {
  return <Text>{useSuspense(ArticleResource.get, { id }).title}</Text>
}

const HOST_COMPONENTS_OF_THE_WEB = new Set(['div', 'p', 'span', 'button', 'a', 'section', 'h1', 'h2'])

function webElements(node: unknown): string[] {
  if (node === null || typeof node !== 'object') return []
  if (Array.isArray(node)) return node.flatMap(webElements)
  const { type, children } = node as { type: string; children?: unknown[] }
  return [...(HOST_COMPONENTS_OF_THE_WEB.has(type) ? [type] : []), ...webElements(children ?? [])]
}

test("a failed read under AsyncBoundary's default fallback shows its error in React Native components", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined)
  render(
    <DataProvider>
      <AsyncBoundary fallback={<Text>Loading…</Text>}>
        <Title id="404" />
      </AsyncBoundary>
    </DataProvider>,
  )
  await screen.findByText(/There is no article 404/)
  expect(api.requests).toEqual(['GET /api/articles/404'])
  expect(webElements(screen.toJSON())).toEqual([])
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
})
