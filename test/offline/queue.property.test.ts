/**
 * A property test of the offline queue: random sequences of edits, the device going offline,
 * the server becoming unreachable while the device says online (requests fail with a network
 * error), the network coming back, the server refusing an edit, and reloads (a new store that starts from the old one's
 * cache and restores its `pending()`) never send an edit twice nor lose one, and after every
 * step what `controller.getResponse` shows matches a simple model: the last waiting edit of a
 * row, or else what the server holds.
 */
import fc from 'fast-check'
import type { State } from '../../src/index'
import { OfflineManager, type QueuedMutation } from '../../src/offline/index'
import { START, createTestStore, flush } from '../helpers/createTestStore'
import { createServer, type Edit } from './server'

type Step =
  | { readonly kind: 'edit'; readonly id: string; readonly text: string }
  | { readonly kind: 'offline' }
  | { readonly kind: 'drop' }
  | { readonly kind: 'online' }
  | { readonly kind: 'refuse' }
  | { readonly kind: 'reload' }

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), id: fc.constantFrom('a', 'b'), text: fc.constantFrom('x', 'y', 'z') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'online' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refuse' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
)

const ROWS = ['a', 'b']

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

/** Lets timers (the manager's look at the network) and answers run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await jest.advanceTimersByTimeAsync(1000)
    await flush()
  }
}

async function run(steps: readonly Step[]): Promise<void> {
  const server = createServer()
  const device = { online: true }
  let reloads = 0
  const open = (initialState?: State, restore: readonly QueuedMutation[] = []) => {
    const offline = new OfflineManager({ online: () => device.online, retryDelay: () => 1000, endpoints: { setItem: server.setItem } })
    // A reload happens later: the new page's clock is past every time the old one recorded.
    const test = createTestStore({ managers: [offline], initialState, now: START + 60_000 * reloads++ })
    offline.restore(restore)
    return { ...test, offline }
  }
  let session = open()
  // The model: is the network up, what waits (in order), will the server refuse the next edit,
  // and what the server holds once the edits sent so far were delivered.
  const model = { up: true, waiting: [] as Edit[], refuseNext: false }
  const items = new Map<string, string>()
  const made: string[] = []
  const deliver = (edit: Edit) => {
    if (model.refuseNext) model.refuseNext = false
    else items.set(edit.id, edit.text)
  }

  for (const [index, current] of steps.entries()) {
    switch (current.kind) {
      case 'edit': {
        const edit: Edit = { id: current.id, text: current.text, uid: `e${index}` }
        made.push(edit.uid)
        session.controller.fetch(server.setItem, edit).catch(() => undefined)
        if (model.up && model.waiting.length === 0) deliver(edit)
        else model.waiting.push(edit)
        break
      }
      case 'offline':
        device.online = server.up = model.up = false
        break
      case 'drop':
        server.up = model.up = false
        break
      case 'online':
        device.online = server.up = model.up = true
        for (const edit of model.waiting.splice(0)) deliver(edit)
        break
      case 'refuse':
        server.refuseNext = model.refuseNext = true
        break
      case 'reload': {
        const saved: QueuedMutation[] = JSON.parse(JSON.stringify(session.offline.pending()))
        // What a persister keeps: the cache as received (guesses are recomputed from the queue).
        const state: State = { ...JSON.parse(JSON.stringify(session.store.getState())), optimistic: [] }
        session.store.cleanup()
        session = open(state, saved)
        break
      }
    }
    await settle()

    // Never twice.
    expect(new Set(server.received).size).toBe(server.received.length)
    // What waits is what the model says, in order.
    expect(session.offline.pending().map((item) => (item.args[0] as Edit).uid)).toEqual(model.waiting.map((edit) => edit.uid))
    expect([...server.items]).toEqual([...items])
    // What a reader sees: the last waiting edit of a row, or else the server's value.
    const state = session.store.getState()
    for (const id of ROWS) {
      const guess = model.waiting.filter((edit) => edit.id === id).at(-1)?.text
      expect(session.controller.getResponse(server.getItem, { id }, state).data?.text).toBe(guess ?? items.get(id))
    }
  }

  // Never lost: once the network is back, every edit made has reached the server exactly once.
  device.online = server.up = true
  await settle()
  expect([...server.received].sort()).toEqual([...made].sort())
  session.store.cleanup()
}

describe('the offline queue (property)', () => {
  it('never sends an edit twice nor loses one, and shows what the model shows after every step', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { maxLength: 25 }), run), { numRuns: 150 })
  })

  it('holds for a hand-picked sequence: edits offline, a refusal, a reload, then reconnect', async () => {
    await run([
      { kind: 'edit', id: 'a', text: 'x' },
      { kind: 'offline' },
      { kind: 'edit', id: 'a', text: 'y' },
      { kind: 'edit', id: 'b', text: 'z' },
      { kind: 'refuse' },
      { kind: 'reload' },
      { kind: 'edit', id: 'a', text: 'z' },
      { kind: 'reload' },
      { kind: 'online' },
    ])
  })
})
