/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
// Network mode in a rendered app: offline, a read with nothing cached stays suspended (no error,
// no request); the browser's 'online' event sends it once and the data shows.
import { act, screen } from '@testing-library/react'
import { useSuspense } from '../../src/index'
import { OfflineManager } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { LOADING, renderWithStore } from '../helpers/renderWithStore'
import { createServer } from './server'

it('offline, a read with nothing cached stays suspended until the browser is back online', async () => {
  const server = createServer()
  server.items.set('1', 'one')
  function Row() {
    return <p>{useSuspense(server.getItem, { id: '1' }).text}</p>
  }
  const store = createTestStore({ managers: [new OfflineManager({ retryDelay: () => 60_000 })] })
  window.dispatchEvent(new Event('offline'))
  renderWithStore(<Row />, { store })
  await act(flush)
  expect(screen.getByText(LOADING)).toBeTruthy()
  expect(server.reads).toEqual([])

  await act(async () => {
    window.dispatchEvent(new Event('online'))
    await flush()
    await flush()
  })
  expect(screen.getByText('one')).toBeTruthy()
  expect(server.reads).toEqual(['1'])
})
