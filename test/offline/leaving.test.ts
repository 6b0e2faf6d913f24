/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
// A page being left sends nothing from its offline queue: what it sent while unloading could
// reach the server while the saved queue still lists it, and the next page would send it again.
import { OfflineManager } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { createServer } from './server'

it('sends nothing from the queue once the page is being left, and again when it is shown from the back/forward cache', async () => {
  const server = createServer()
  const offline = new OfflineManager({ online: () => server.up })
  const { controller, store } = createTestStore({ managers: [offline] })
  server.up = false
  window.dispatchEvent(new Event('offline'))
  controller.fetch(server.setItem, { id: '1', text: 'liked', uid: 'u1' }).catch(() => undefined)
  await flush()
  expect(offline.pending().map((item) => item.key)).toHaveLength(1)

  // The user reloads: the page is hidden for good, then the network comes back before it goes.
  window.dispatchEvent(new Event('pagehide'))
  server.up = true
  window.dispatchEvent(new Event('online'))
  await flush()
  await flush()
  expect(server.received).toEqual([])
  expect(offline.pending()).toHaveLength(1)

  // It was only put in the back/forward cache, and is shown again: now it sends, once.
  window.dispatchEvent(new Event('pageshow'))
  await flush()
  await flush()
  expect(server.received).toEqual(['u1'])
  expect(offline.pending()).toEqual([])
  store.cleanup()
})
