import fc from 'fast-check'
import { selectResult, type SnapshotInterface, type State } from '../../src/index'
import { Item } from '../fixtures/versioned'
import { createFakeEndpoint, createTestStore, type FakeCall } from '../helpers/createTestStore'
import { readRecord, recordKeys } from '../helpers/records'

const IDS = ['a', 'b', 'c'] as const
type Id = (typeof IDS)[number]

type Command =
  | { kind: 'fetchItem'; id: Id }
  | { kind: 'fetchList' }
  | { kind: 'poll' }
  | { kind: 'save'; id: Id; label: string }
  | { kind: 'answer'; pick: number; ok: boolean }
  | { kind: 'invalidate'; id: Id | 'list' }
  | { kind: 'wait'; ms: number }

const id = fc.constantFrom(...IDS)
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('fetchItem' as const), id }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('fetchList' as const) }), weight: 1 },
  // A poll of versions only (a summary: no label), so a record holds fields of two ages.
  { arbitrary: fc.record({ kind: fc.constant('poll' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('save' as const), id, label: fc.constantFrom('x', 'y', 'z') }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), ok: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('invalidate' as const), id: fc.constantFrom<Id | 'list'>(...IDS, 'list') }), weight: 1 },
  // Often 0, so several requests start in the same millisecond.
  { arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(0, 0, 1, 250, 61_000) }), weight: 1 },
)
const settleOrder = fc.array(fc.record({ pick: fc.nat(), ok: fc.boolean() }), { maxLength: 30 })

/**
 * One request the fake server received. The server handles requests in the order they were
 * sent, so what it returns is stamped with a version from one counter taken when it started.
 */
interface Request {
  readonly call: FakeCall
  readonly key: string
  readonly ids: readonly Id[]
  readonly mutation: boolean
  /** Order in which requests started. */
  readonly started: number
  /** For saves: the label it writes. */
  readonly label?: string
  /** A poll: its answer has versions but no labels. */
  readonly summary?: boolean
  /** For saves: the label its guess showed when it started. */
  readonly guessed?: string
  version?: number
  ok?: boolean
}

/** The simple model: what the store holds for an item, and what a reader sees with pending saves applied. */
interface ItemView {
  version: number
  /** Undefined in the store while only polls brought the item; reads show the default, ''. */
  label: string | undefined
}

/**
 * What the store holds for an item, field by field: each field from the newest-started successful
 * request that carried it (polls carry no label), with the start of that request.
 */
function fieldsOf(requests: readonly Request[], itemId: Id) {
  let version: Request | undefined
  let label: Request | undefined
  for (const request of requests) {
    if (!request.ok || !request.ids.includes(itemId)) continue
    if (version === undefined || request.version! > version.version!) version = request
    if (!request.summary && (label === undefined || request.version! > label.version!)) label = request
  }
  return { version, label }
}

function baseOf(requests: readonly Request[], itemId: Id): ItemView | undefined {
  const { version, label } = fieldsOf(requests, itemId)
  if (version === undefined) return undefined
  return { version: version.version!, label: label === undefined ? undefined : label.mutation ? label.label! : `v${label.version}` }
}

/** A save's guess of the label, made over the label a reader saw under it. */
function guessLabel(label: string, under: string | undefined): string {
  return `optimistic ${label} over ${under ?? '-'}`
}

function viewOf(requests: readonly Request[], itemId: Id): ItemView | undefined {
  const base = baseOf(requests, itemId)
  let view = base && { version: base.version, label: base.label ?? '' }
  const labelFrom = fieldsOf(requests, itemId).label
  // Pending saves, oldest first, each a guess of the label made over the label under it. A pending
  // guess stays on top of the label until its own save settles: over a label a request started
  // before the save brought (it cannot contain the save), the guess is made again; over one a
  // request started after the save brought (it may have been served before or after the server
  // applied the save), the view shows the label the guess had when the save started. A save's
  // answer also clears the guesses of the same call (key) started before it, as in data-client.
  // The version, which no guess names, always shows the newest server data.
  for (const request of requests) {
    if (!request.mutation || request.ok !== undefined || request.ids[0] !== itemId) continue
    if (requests.some((later) => later.mutation && later.key === request.key && later.started > request.started && later.ok === true)) continue
    const label = labelFrom !== undefined && labelFrom.version! > request.version! ? request.guessed! : guessLabel(request.label!, view?.label)
    view = { version: view?.version ?? 0, label }
  }
  return view
}

async function run(commands: Command[], settle: { pick: number; ok: boolean }[], afterStep?: (state: State) => void) {
  const { controller, clock } = createTestStore()
  const getItem = createFakeEndpoint('getItem', { schema: { item: Item } })
  const getItems = createFakeEndpoint('getItems', { schema: { items: [Item] } })
  const pollVersions = createFakeEndpoint('pollVersions', { schema: { items: [Item] } })
  // Mutations are never deduplicated, so two saves with the same arguments race on one key. The
  // guess names only the label: the version a reader sees stays the server's.
  const saveItem = createFakeEndpoint('saveItem', {
    schema: { item: Item },
    sideEffect: true,
    getOptimisticResponse: (snapshot: SnapshotInterface, params: { id: Id }, body: { label: string }) => ({
      item: { id: params.id, label: guessLabel(body.label, snapshot.get(Item, params)?.label) },
    }),
  })
  const requests: Request[] = []
  let version = 0

  /** Starts a fetch; a deduplicated one reaches no server and is not recorded. */
  function start(fake: { calls: FakeCall[] }, begin: () => Promise<unknown>, request: Omit<Request, 'call' | 'started'>) {
    const before = fake.calls.length
    begin().catch(() => undefined)
    if (fake.calls.length > before) {
      requests.push({ ...request, call: fake.calls[before]!, started: requests.length, version: ++version })
    }
  }

  async function answer(pick: number, ok: boolean) {
    const pending = requests.filter((request) => request.ok === undefined)
    if (pending.length === 0) return
    const request = pending[pick % pending.length]!
    request.ok = ok
    const v = request.version
    const item = (itemId: Id) => ({ id: itemId, version: v, label: request.mutation ? request.label : `v${v}` })
    if (!ok) await request.call.reject(Object.assign(new Error(`failed ${request.key}`), { status: 503 }))
    else if (request.summary) await request.call.resolve({ items: IDS.map((itemId) => ({ id: itemId, version: v })), served: request.started })
    else if (request.call.args.length === 0) await request.call.resolve({ items: IDS.map(item), served: request.started })
    else await request.call.resolve({ item: item(request.ids[0]!), served: request.started })
  }

  for (const step of commands) {
    switch (step.kind) {
      case 'fetchItem':
        start(getItem, () => controller.fetch(getItem.endpoint, { id: step.id }), { key: getItem.endpoint.key({ id: step.id }), ids: [step.id], mutation: false })
        break
      case 'fetchList':
        start(getItems, () => controller.fetch(getItems.endpoint), { key: getItems.endpoint.key(), ids: IDS, mutation: false })
        break
      case 'poll':
        start(pollVersions, () => controller.fetch(pollVersions.endpoint), { key: pollVersions.endpoint.key(), ids: IDS, mutation: false, summary: true })
        break
      case 'save': {
        const args = [{ id: step.id }, { label: step.label }] as const
        // Its guess, as made when it starts: over what a reader sees of the item then.
        const guessed = guessLabel(step.label, viewOf(requests, step.id)?.label)
        start(saveItem, () => controller.fetch(saveItem.endpoint, ...args), { key: saveItem.endpoint.key(...args), ids: [step.id], mutation: true, label: step.label, guessed })
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
    afterStep?.(controller.getState())
    // After every step, what a reader sees (pending saves applied) is the model's view.
    const state = controller.getState()
    for (const itemId of IDS) {
      const seen = controller.get(Item, { id: itemId }, state)
      const expected = viewOf(requests, itemId)
      expect([itemId, seen === undefined ? undefined : { version: seen.version, label: seen.label }]).toEqual([itemId, expected])
    }
  }
  // Let everything still in flight answer, in the generated order, then successfully.
  for (const next of settle) await answer(next.pick, next.ok)
  while (requests.some((request) => request.ok === undefined)) await answer(0, true)
  return { controller, requests, getItem, getItems, saveItem }
}

/** The served stamp of the newest-started successful request for a key (endpoint results are ordered by start). */
function newestStarted(requests: readonly Request[], key: string): number | undefined {
  let newest: number | undefined
  for (const request of requests) if (request.ok && request.key === key && (newest === undefined || request.started > newest)) newest = request.started
  return newest
}

describe('store properties', () => {
  it('shows the model after every step, and converges to the newest data per key and per entity with no layer left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 40, size: 'max' }), settleOrder, async (commands, settle) => {
        const { controller, requests, getItem, getItems, saveItem } = await run(commands, settle)
        const state = controller.getState()
        expect(state.optimistic).toEqual([])
        expect(controller.view(state)).toBe(state)

        for (const itemId of IDS) {
          const expected = baseOf(requests, itemId)
          const stored = readRecord(state, 'Item', itemId) as ItemView | undefined
          expect([itemId, stored && { version: stored.version, label: stored.label }]).toEqual([itemId, expected])

          const key = getItem.endpoint.key({ id: itemId })
          const served = newestStarted(requests, key)
          expect([key, (selectResult(state, key) as { served?: number } | undefined)?.served]).toEqual([key, served])
          if (served !== undefined) {
            const read = controller.getResponse(getItem.endpoint, { id: itemId }, state).data
            expect(read!.item).toBeInstanceOf(Item)
            expect(read!.item!.version).toBe(expected!.version)
          }
        }
        for (const request of requests) {
          if (!request.mutation) continue
          expect([request.key, (selectResult(state, request.key) as { served?: number } | undefined)?.served]).toEqual([request.key, newestStarted(requests, request.key)])
          expect(saveItem.endpoint.key(...(request.call.args as [object, object]))).toBe(request.key)
        }
        const listKey = getItems.endpoint.key()
        const listServed = newestStarted(requests, listKey)
        expect((selectResult(state, listKey) as { served?: number } | undefined)?.served).toBe(listServed)
        if (listServed !== undefined) {
          const read = controller.getResponse(getItems.endpoint, state).data
          expect(read!.items!.map((item: Item) => item.version)).toEqual(IDS.map((itemId) => baseOf(requests, itemId)?.version))
        }
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('never moves a stored entity back to an older version, whatever order responses arrive in', async () => {
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
  }, 120_000)
})
