/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
// The last component reading a key unmounting cancels a retry that is waiting for it.
import { act, screen } from '@testing-library/react'
import { useSuspense } from '../../src/index'
import { OfflineManager } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { renderWithStore } from '../helpers/renderWithStore'
import { createServer } from './server'

afterEach(() => jest.useRealTimers())

it('unmounting the last reader cancels the retry wait: no further request, nothing left fetching', async () => {
  jest.useFakeTimers()
  const server = createServer()
  const store = createTestStore({ managers: [new OfflineManager({ online: () => true, retryDelay: () => 10_000 })] })
  store.controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'cached' })
  store.clock.advance(120_000)
  let reads = 0
  const failing = server.getItem.extend({
    fetch: async (_params: { id: string }): Promise<{ id: string; text: string }> => {
      reads++
      throw Object.assign(new Error('503 Service Unavailable'), { status: 503 })
    },
    name: 'getItem',
  })
  function Row() {
    return <p>{useSuspense(failing, { id: '1' }).text}</p>
  }
  const view = renderWithStore(<Row />, { store })
  await act(flush)
  expect(screen.getByText('cached')).toBeTruthy()
  expect(reads).toBe(1)
  expect(store.controller.isFetching(failing, { id: '1' })).toBe(true)

  view.unmount()
  await act(flush)
  expect(store.controller.isFetching(failing, { id: '1' })).toBe(false)
  await act(() => jest.advanceTimersByTimeAsync(60_000))
  expect(reads).toBe(1)
})
