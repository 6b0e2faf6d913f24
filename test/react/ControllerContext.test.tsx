/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * data-client's ControllerContext, and useController() outside any provider: a controller handed
 * to a subtree is the one its hooks use; without a provider useController() still gives stable
 * methods and says, on use, that nothing is connected.
 */
import { render, renderHook, screen } from '@testing-library/react'
import { useContext, useEffect } from 'react'
import { AsyncBoundary, Controller, ControllerContext, DataProvider, createStore, useCache, useController, useSuspense, type Action } from '../../src/index'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { allowConsoleErrors, settle } from '../helpers/renderWithStore'
import { NoteResource } from '../fixtures/notes'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('new Controller() without a store', () => {
  it('holds an empty state and refuses to dispatch, naming what to use instead', () => {
    const controller = new Controller()
    expect(controller.getState().entities).toEqual({})
    expect(controller.getState()).toBe(controller.getState())
    expect(controller.getResponse(NoteResource.get, { id: '1' }, controller.getState()).data).toBeUndefined()
    expect(() => controller.fetch(NoteResource.get, { id: '1' })).toThrow(/not connected to a store.*createStore\(\)\.controller/)
    expect(fake.requests).toHaveLength(0)
  })
})

describe('ControllerContext', () => {
  it('holds the DataProvider store’s controller below it', () => {
    const store = createStore()
    const { result } = renderHook(() => useContext(ControllerContext), {
      wrapper: ({ children }) => <DataProvider store={store}>{children}</DataProvider>,
    })
    expect(result.current).toBe(store.controller)
  })

  it('gives its controller to useController() and to the fetches of the hooks below it', async () => {
    fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'first' } })
    const store = createStore()
    const seen: Action[] = []
    // A spy of the test's own, sharing the store's state: what it dispatches reaches the store.
    const spy = new Controller({ dispatch: (action) => (seen.push(action), store.dispatch(action)), getState: store.getState })
    let used: Controller | undefined
    function NoteText() {
      used = useController()
      return <p>{useSuspense(NoteResource.get, { id: '1' }).text}</p>
    }
    render(
      <DataProvider store={store}>
        <ControllerContext.Provider value={spy}>
          <AsyncBoundary fallback={<p>Loading</p>}>
            <NoteText />
          </AsyncBoundary>
        </ControllerContext.Provider>
      </DataProvider>,
    )
    await settle()
    // The read follows the provider's store, so the answer the spy wrote shows.
    expect(await screen.findByText('first')).toBeTruthy()
    expect(used).toBe(spy)
    expect(seen.map((action) => action.type)).toEqual(['tessera/fetch', 'tessera/receive'])
  })

  it('works without a DataProvider: reads show the controller’s state', () => {
    const store = createStore()
    store.controller.setResponse(NoteResource.get, { id: '1' }, { id: '1', text: 'cached' })
    function NoteText() {
      return <p>{useCache(NoteResource.get, { id: '1' })?.text ?? 'none'}</p>
    }
    render(
      <ControllerContext.Provider value={store.controller}>
        <NoteText />
      </ControllerContext.Provider>,
    )
    expect(screen.getByText('cached')).toBeTruthy()
  })
})

describe('useController() outside any provider', () => {
  it('returns one default controller whose bound methods stay the same across renders', () => {
    const seen: unknown[] = []
    const { rerender } = renderHook(() => {
      const { invalidate, resetEntireStore } = useController()
      useEffect(() => void seen.push(invalidate), [invalidate])
      return resetEntireStore
    })
    rerender()
    rerender()
    expect(seen).toHaveLength(1)
    expect(renderHook(() => useController()).result.current).toBe(renderHook(() => useController()).result.current)
  })

  it('logs a console.error naming the missing provider when it is used, and changes nothing', () => {
    allowConsoleErrors()
    const error = jest.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = renderHook(() => useController())
    result.current.invalidate(NoteResource.get, { id: '1' })
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/outside <DataProvider>.*tessera\/invalidate/))
    expect(result.current.getState().meta).toEqual({})
    error.mockRestore()
  })

  it('leaves data-reading hooks with their clear error: they need a store', () => {
    allowConsoleErrors()
    expect(() => renderHook(() => useSuspense(NoteResource.get, { id: '1' }))).toThrow(/useSuspense must be used inside <DataProvider>/)
  })
})
