/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
// usePendingMutations in a rendered component: "3 waiting" while the browser is offline, then 0
// once the 'online' event has the queue sent.
import { act, screen } from '@testing-library/react'
import { useController } from '../../src/index'
import { OfflineManager, usePendingMutations } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { renderWithStore } from '../helpers/renderWithStore'
import { createServer } from './server'

describe('usePendingMutations', () => {
  it('shows how many changes wait while offline, and 0 once they were sent on reconnect', async () => {
    const server = createServer()
    const offline = new OfflineManager({ endpoints: [server.setItem], retryDelay: () => 60_000 })
    let edit: (text: string) => Promise<unknown> = () => Promise.resolve()
    function Badge() {
      const controller = useController()
      edit = (text) => controller.fetch(server.setItem, { id: '1', text, uid: text })
      return <p>{usePendingMutations().length} waiting</p>
    }
    renderWithStore(<Badge />, { store: createTestStore({ managers: [offline] }) })
    expect(screen.getByText('0 waiting')).toBeTruthy()

    // The browser says it went offline (navigator.onLine stays true in jsdom: the event is what counts).
    await act(async () => {
      window.dispatchEvent(new Event('offline'))
      server.up = false
      void edit('a')
      void edit('b')
      void edit('c')
      await flush()
    })
    expect(screen.getByText('3 waiting')).toBeTruthy()
    expect(server.received).toEqual([])

    await act(async () => {
      server.up = true
      window.dispatchEvent(new Event('online'))
      await flush()
      await flush()
    })
    expect(screen.getByText('0 waiting')).toBeTruthy()
    expect(server.received).toEqual(['a', 'b', 'c'])
  })

  it('is empty in a store without an OfflineManager', () => {
    function Badge() {
      return <p>{usePendingMutations().length} waiting</p>
    }
    renderWithStore(<Badge />)
    expect(screen.getByText('0 waiting')).toBeTruthy()
  })
})
