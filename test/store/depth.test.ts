import { Endpoint, Entity, SchemaError, createStore, denormalize, normalize, selectMeta } from '../../src/index'
import { createTestStore } from '../helpers/createTestStore'
import { recordKeys } from '../helpers/records'

class Node extends Entity {
  id = ''
  child: Node | null = null
  pk() {
    return this.id
  }
  static override key = 'Node'
  static override schema: Record<string, unknown> = {}
}
Node.schema = { child: Node }

const DEPTH = 100_000

/** `{ id, child: { id, child: … } }`, `depth` levels, built without recursion. */
function deepChain(depth: number) {
  let chain: { id: string; child: unknown } | null = null
  for (let i = depth - 1; i >= 0; i--) chain = { id: String(i), child: chain }
  return chain!
}

function deepArray(depth: number): unknown {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** How many levels a read of `node` reaches by following `child`. */
function length(node: Node | null | undefined): number {
  let n = 0
  for (let at = node; at; at = at.child) n++
  return n
}

describe('depth', () => {
  it('reads a 100k-long entity chain built from many responses, from the store and from denormalize', () => {
    const { controller, store } = createTestStore()
    const getNode = new Endpoint(async (_params: { id: string }) => undefined, { name: 'getNode', schema: Node })
    // 200 responses of 500 levels each; the last node of each names the next response's first by pk.
    const CHUNK = 500
    for (let start = DEPTH - CHUNK; start >= 0; start -= CHUNK) {
      let chunk: { id: string; child: unknown } | string | null = start + CHUNK < DEPTH ? String(start + CHUNK) : null
      for (let i = start + CHUNK - 1; i >= start; i--) chunk = { id: String(i), child: chunk }
      controller.setResponse(getNode, { id: String(start) }, chunk)
    }
    const read = controller.getResponse(getNode, { id: '0' }, store.getState())
    expect(read.expiryStatus).toBe('Valid')
    expect(length(read.data)).toBe(DEPTH)
    expect(read.data).toBeInstanceOf(Node)
    // Read again (memoized), and after a change at the far end.
    expect(controller.getResponse(getNode, { id: '0' }, store.getState()).data).toBe(read.data)
    controller.setResponse(getNode, { id: String(DEPTH - 1) }, { id: String(DEPTH - 1), child: null })
    expect(length(controller.getResponse(getNode, { id: '0' }, store.getState()).data)).toBe(DEPTH)
    expect(length(denormalize(Node, '0', store.getState().entities) as Node)).toBe(DEPTH)
    // Garbage collection walks what a mounted read depends on without recursion too.
    controller.subscribe(getNode, { id: '0' })
    expect(controller.pathsOf(getNode, [{ id: '0' }], store.getState())).toHaveLength(DEPTH)
  }, 60_000)

  it('refuses a 100k-deep entity response with a SchemaError before anything is written, and leaves no pending key', async () => {
    const { controller, store } = createTestStore()
    const chain = deepChain(DEPTH)
    expect(() => normalize(Node, chain)).toThrow(SchemaError)
    expect(() => normalize(Node, chain)).toThrow(/nested too deeply to normalize/)
    const getNode = new Endpoint(async (_params: { id: string }) => chain, { name: 'getNode', schema: Node })
    const before = store.getState().entities
    await expect(controller.fetch(getNode, { id: '0' })).rejects.toThrow(SchemaError)
    expect(store.getState().entities).toBe(before)
    expect(recordKeys(store.getState(), 'Node')).toEqual([])
    expect(selectMeta(store.getState(), getNode.key({ id: '0' }))).toMatchObject({ error: { name: 'SchemaError' } })
    expect(selectMeta(store.getState(), getNode.key({ id: '0' }))?.pending).toBeUndefined()
    expect(() => controller.setResponse(getNode, { id: '0' }, chain)).toThrow(SchemaError)
    expect(store.getState().entities).toBe(before)
  })

  it('stores and reads back 100k-deep plain JSON outside any entity, through fetch, setResponse, hydration and replay', async () => {
    const deep = deepArray(DEPTH)
    const { controller, store, actions } = createTestStore()
    const getBlob = new Endpoint(async () => deep, { name: 'getBlob' })
    await expect(controller.fetch(getBlob)).resolves.toBe(deep)
    expect(controller.getResponse(getBlob, store.getState()).data).toBe(deep)
    expect(selectMeta(store.getState(), getBlob.key())?.pending).toBeUndefined()
    const withSchema = new Endpoint(async () => ({ node: { id: 'n', child: null }, blob: deep }), { name: 'getMixed', schema: { node: Node } })
    const mixed = await controller.fetch(withSchema)
    expect((mixed as { blob?: unknown }).blob).toBe(deep)
    // Hydration and replay copy tables, not the data inside them.
    const hydrated = createStore({ initialState: store.getState() })
    expect(hydrated.controller.getResponse(getBlob, hydrated.getState()).data).toBe(deep)
    const replay = createStore()
    actions.forEach(replay.dispatch)
    expect((replay.controller.getResponse(withSchema, replay.getState()).data as { blob?: unknown }).blob).toBe(deep)
  })
})
