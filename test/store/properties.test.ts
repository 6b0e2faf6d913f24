import { selectResult } from '../../src/index'
import fc from 'fast-check'
import type { State } from '../../src/index'
import { Item } from '../fixtures/versioned'
import { createFakeEndpoint, createTestStore, type FakeCall } from '../helpers/createTestStore'
import { readRecord, recordKeys } from '../helpers/records'

const IDS = ['a', 'b', 'c'] as const
type Id = (typeof IDS)[number]

type Command =
  | { kind: 'fetchItem'; id: Id }
  | { kind: 'fetchList' }
  | { kind: 'save'; id: Id; label: string }
  | { kind: 'answer'; pick: number; ok: boolean }
  | { kind: 'invalidate'; id: Id | 'list' }
  | { kind: 'wait'; ms: number }

const id = fc.constantFrom(...IDS)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('fetchItem' as const), id }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('fetchList' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('save' as const), id, label: fc.constantFrom('x', 'y') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), ok: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('invalidate' as const), id: fc.constantFrom<Id | 'list'>(...IDS, 'list') }), weight: 1 },
  // Often 0, so several requests start in the same millisecond.
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(0, 0, 1, 250, 61_000) }), weight: 1 },
)
const settleOrder = fc.array(fc.record({ pick: fc.nat(), ok: fc.boolean() }), { maxLength: 30 })

/** One request the fake server received, with the version it answers with. */
interface Request {
  readonly call: FakeCall
  readonly key: string
  readonly ids: readonly Id[]
  readonly version: number
  ok?: boolean
}

async function run(commands: Command[], settle: { pick: number; ok: boolean }[], afterAnswer?: (state: State) => void) {
  const { controller, clock } = createTestStore()
  const getItem = createFakeEndpoint('getItem', { schema: { item: Item } })
  const getItems = createFakeEndpoint('getItems', { schema: { items: [Item] } })
  // Mutations are never deduplicated, so two saves with the same arguments race on one key.
  const saveItem = createFakeEndpoint('saveItem', {
    schema: { item: Item },
    sideEffect: true,
    getOptimisticResponse: (_snapshot, params: { id: Id }, body: { label: string }) => ({
      item: { id: params.id, version: -1, label: `optimistic ${body.label}` },
      served: -1,
    }),
  })
  const requests: Request[] = []
  let version = 0

  /** Starts a fetch; a deduplicated one reaches no server, so it gets no version. */
  function start(fake: { calls: FakeCall[] }, begin: () => Promise<unknown>, key: string, ids: readonly Id[]) {
    const before = fake.calls.length
    begin().catch(() => undefined)
    if (fake.calls.length > before) requests.push({ call: fake.calls[before]!, key, ids, version: ++version })
  }

  async function answer(pick: number, ok: boolean) {
    const pending = requests.filter((request) => request.ok === undefined)
    if (pending.length === 0) return
    const request = pending[pick % pending.length]!
    request.ok = ok
    const item = (itemId: Id) => ({ id: itemId, version: request.version, label: `v${request.version}` })
    if (!ok) await request.call.reject(Object.assign(new Error(`failed v${request.version}`), { status: 503 }))
    else if (request.call.args.length === 0) await request.call.resolve({ items: IDS.map(item), served: request.version })
    else await request.call.resolve({ item: item(request.ids[0]!), served: request.version })
    afterAnswer?.(controller.getState())
  }

  for (const step of commands) {
    switch (step.kind) {
      case 'fetchItem':
        start(getItem, () => controller.fetch(getItem.endpoint, { id: step.id }), getItem.endpoint.key({ id: step.id }), [step.id])
        break
      case 'fetchList':
        start(getItems, () => controller.fetch(getItems.endpoint), getItems.endpoint.key(), IDS)
        break
      case 'save': {
        const args = [{ id: step.id }, { label: step.label }] as const
        start(saveItem, () => controller.fetch(saveItem.endpoint, ...args), saveItem.endpoint.key(...args), [step.id])
        break
      }
      case 'answer':
        await answer(step.pick, step.ok)
        break
      case 'invalidate':
        if (step.id === 'list') controller.invalidate(getItems.endpoint)
        else controller.invalidate(getItem.endpoint, { id: step.id })
        break
      case 'wait':
        clock.advance(step.ms)
        break
    }
  }
  // Let everything still in flight answer, in the generated order, then successfully.
  for (const next of settle) await answer(next.pick, next.ok)
  while (requests.some((request) => request.ok === undefined)) await answer(0, true)
  return { controller, requests, getItem, getItems, saveItem }
}

function newestSuccess(requests: readonly Request[], matches: (request: Request) => boolean): number | undefined {
  let newest: number | undefined
  for (const request of requests) if (request.ok && matches(request) && (newest === undefined || request.version > newest)) newest = request.version
  return newest
}

describe('store properties', () => {
  it('converges to the newest-started successful response per key and per entity, with no optimistic layer left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40, size: 'max' }), settleOrder, async (commands, settle) => {
        const { controller, requests, getItem, getItems, saveItem } = await run(commands, settle)
        const state = controller.getState()
        expect(state.optimistic).toEqual([])

        for (const itemId of IDS) {
          const expected = newestSuccess(requests, (request) => request.ids.includes(itemId))
          const stored = readRecord(state, 'Item', itemId) as { version: number } | undefined
          expect([itemId, stored?.version]).toEqual([itemId, expected])

          const key = getItem.endpoint.key({ id: itemId })
          const served = newestSuccess(requests, (request) => request.key === key)
          expect([key, (selectResult(state, key) as { served?: number } | undefined)?.served]).toEqual([key, served])
          if (served !== undefined) {
            // Reads (optimistic layers applied) agree with the store.
            const read = controller.getResponse(getItem.endpoint, { id: itemId }, state).data
            expect(read!.item).toBeInstanceOf(Item)
            expect(read!.item!.version).toBe(expected)
          }
        }
        for (const request of requests) {
          if (!request.key.startsWith('saveItem ')) continue
          const served = newestSuccess(requests, (other) => other.key === request.key)
          expect([request.key, (selectResult(state, request.key) as { served?: number } | undefined)?.served]).toEqual([request.key, served])
          expect(saveItem.endpoint.key(...(request.call.args as [object, object]))).toBe(request.key)
        }
        const listKey = getItems.endpoint.key()
        const listServed = newestSuccess(requests, (request) => request.key === listKey)
        expect((selectResult(state, listKey) as { served?: number } | undefined)?.served).toBe(listServed)
        if (listServed !== undefined) {
          const read = controller.getResponse(getItems.endpoint, state).data
          expect(read!.items!.map((item: Item) => item.version)).toEqual(
            IDS.map((itemId) => newestSuccess(requests, (request) => request.ids.includes(itemId))),
          )
        }
      }),
      { numRuns: 150 },
    )
  })

  it('never moves an entity back to an older version, whatever order responses arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40, size: 'max' }), settleOrder, async (commands, settle) => {
        const highest = new Map<string, number>()
        await run(commands, settle, (state) => {
          for (const itemId of recordKeys(state, 'Item')) {
            const version = (readRecord(state, 'Item', itemId) as { version: number }).version
            expect(version).toBeGreaterThanOrEqual(highest.get(itemId) ?? 0)
            highest.set(itemId, version)
          }
        })
      }),
      { numRuns: 100 },
    )
  })
})
