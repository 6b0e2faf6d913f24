/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// HydrateData in the browser after a client navigation: the new route's batch must reach the
// store without updating components already on screen while it renders (React reports that as
// an error in development).
import { act, useState, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { Endpoint, Entity, useSuspense } from '../../src/index'
import { DataProvider as StoreProvider } from '../../src/react/DataProvider'
import type { HydrateDataProps } from '../../src/nextjs/index'
import type * as Ssr from '../../src/ssr/index'
import { createStore } from '../../src/store/index'

// tessera/ssr makes a TextEncoder when loaded, which jsdom lacks (requested: make it lazily).
Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder })
const { HydrateData } = require('../../src/nextjs/index') as { HydrateData: ComponentType<HydrateDataProps> }
const { createServerData, takeServerData } = require('../../src/ssr/index') as typeof Ssr

class Article extends Entity {
  id = ''
  title = ''
  body = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}

it('brings a navigated route its data with no request, updating the page outside rendering', async () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const calls: string[] = []
  const getList = new Endpoint(async () => (calls.push('list'), [{ id: '1', title: 'One' }]), { schema: [Article], name: 'getList' })
  const getArticle = new Endpoint(async ({ id }: { id: string }) => (calls.push(id), { id, title: 'One, edited', body: 'The body' }), { schema: Article, name: 'getArticle' })
  // The Server Component of the article route, on its request's store.
  const server = createServerData()
  await server.store.controller.fetch(getArticle, { id: '1' })
  const batch = JSON.parse(JSON.stringify(takeServerData(server.store)))
  calls.length = 0

  // The browser, showing the list (which reads the same entity).
  const store = createStore()
  await store.controller.fetch(getList)
  const List = () => <ul>{useSuspense(getList).map((article) => <li key={article.id}>{article.title}</li>)}</ul>
  const Detail = () => <h1>{useSuspense(getArticle, { id: '1' }).body}</h1>
  let navigate!: () => void
  function App() {
    const [route, setRoute] = useState('list')
    navigate = () => setRoute('article')
    return (
      <StoreProvider store={store}>
        <List />
        {route === 'article' && (
          <HydrateData batch={batch}>
            <Detail />
          </HydrateData>
        )}
      </StoreProvider>
    )
  }
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
  const container = document.createElement('div')
  await act(async () => createRoot(container).render(<App />))
  await act(async () => navigate())
  expect(container.innerHTML).toBe('<ul><li>One, edited</li></ul><h1>The body</h1>')
  expect(calls).toEqual(['list'])
  expect(errors).not.toHaveBeenCalled()
  errors.mockRestore()
})
