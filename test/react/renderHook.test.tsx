/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// tessera/test's renderHook and renderDataHook (data-client's @data-client/test 0.14+ names).
import { createContext, useContext, useState, type ReactNode } from 'react'
import { DataProvider, createResource, useController, useSuspense } from '../../src/index'
import { act, renderDataHook, renderHook } from '../../src/test/index'
import { API, Todo, todo } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
let errors: jest.SpyInstance
beforeEach(() => {
  fake = installFakeFetch()
  errors = jest.spyOn(console, 'error')
})
afterEach(() => {
  renderDataHook.cleanup()
  fake.restore()
  errors.mockRestore()
})

describe('renderHook', () => {
  it('renders a hook with props and rerenders it with new ones', () => {
    const { result, rerender } = renderHook((props: { start: number }) => useState(props.start)[0] + props.start, { initialProps: { start: 1 } })
    expect(result.current).toBe(2)
    rerender({ start: 5 })
    // useState keeps its first value; the prop is new.
    expect(result.current).toBe(6)
  })

  it('gives the wrapper the hook props', () => {
    const Theme = createContext('none')
    const wrapper = ({ children, theme }: { children?: ReactNode; theme: string }) => <Theme.Provider value={theme}>{children}</Theme.Provider>
    const { result, rerender } = renderHook((_: { theme: string }) => useContext(Theme), { initialProps: { theme: 'dark' }, wrapper })
    expect(result.current).toBe('dark')
    rerender({ theme: 'light' })
    expect(result.current).toBe('light')
  })

  it('leaves result.current undefined while the hook suspends, then gives its value', async () => {
    fake.route(`GET ${API}/todos/1`, { json: todo('1', { title: 'Fetched' }) })
    const wrapper = ({ children }: { children?: ReactNode }) => <DataProvider>{children}</DataProvider>
    const { result, waitForNextUpdate } = renderHook(() => useSuspense(TodoResource.get, { id: '1' }), { wrapper })
    expect(result.current).toBeUndefined()
    await waitForNextUpdate()
    expect(result.current.title).toBe('Fetched')
  })

  it('puts what the hook throws in result.error', () => {
    errors.mockImplementation(() => {})
    const { result } = renderHook(() => {
      throw new Error('broken hook')
    })
    expect(result.error?.message).toBe('broken hook')
    expect(result.current).toBeUndefined()
  })
})

describe('renderDataHook', () => {
  it('reads initialFixtures without a request and returns the store controller', async () => {
    const { result, controller } = renderDataHook(() => useSuspense(TodoResource.get, { id: '1' }), {
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'From a fixture' }) }],
    })
    expect(result.current).toBeInstanceOf(Todo)
    expect(result.current.title).toBe('From a fixture')
    expect(fake.requests).toEqual([])
    // The controller is the one the hook reads through: what it writes, the hook renders.
    await act(async () => {
      controller.setResponse(TodoResource.get, { id: '1' }, todo('1', { title: 'Set by the test' }))
    })
    expect(result.current.title).toBe('Set by the test')
    expect(errors).not.toHaveBeenCalled()
  })

  it('answers requests from resolverFixtures', async () => {
    const { result, waitForNextUpdate } = renderDataHook(
      () => {
        const todoRead = useSuspense(TodoResource.get, { id: '2' })
        return { todo: todoRead, controller: useController() }
      },
      { resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: '2' }], response: todo('2', { title: 'From a resolver fixture' }) }] },
    )
    expect(result.current).toBeUndefined()
    await waitForNextUpdate()
    expect(result.current.todo.title).toBe('From a resolver fixture')
    expect(fake.requests).toEqual([])
  })
})
