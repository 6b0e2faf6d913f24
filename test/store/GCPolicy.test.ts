// data-client's GCPolicy names (0.14.19+), given in `managers` (data-client: the `gcPolicy` prop).
import { Entity, GCManager, GCPolicy, ImmortalGCPolicy, getDefaultManagers, resource, selectMeta } from '../../src/index'
import { createTestStore } from '../helpers/createTestStore'

class Note extends Entity {
  id = ''
  text = ''
  static override key = 'Note'
}
const NoteResource = resource({ path: '/notes/:id', schema: Note })

function keptAfter(options: Parameters<typeof createTestStore>[0], ms: number): boolean {
  const { controller, clock } = createTestStore(options)
  controller.setResponse(NoteResource.get, { id: '1' }, { id: '1', text: 'one' })
  clock.advance(ms)
  while (controller.sweep());
  return selectMeta(controller.getState(), NoteResource.get.key({ id: '1' })) !== undefined
}

describe('GCPolicy', () => {
  it('is a GCManager that keeps data nobody reads for two minutes', () => {
    expect(new GCPolicy()).toBeInstanceOf(GCManager)
    expect(keptAfter({ managers: [new GCPolicy()] }, 120_000 - 1)).toBe(true)
    expect(keptAfter({ managers: [new GCPolicy()] }, 120_000 + 1)).toBe(false)
    expect(keptAfter({ managers: [new GCPolicy({ gcTime: 10_000 })] }, 10_001)).toBe(false)
  })

  it('takes the place of the GCManager getDefaultManagers() gives', () => {
    const [network, , polling] = getDefaultManagers()
    expect(keptAfter({ managers: [network, new GCPolicy(), polling] }, 120_001)).toBe(false)
    // The default GCManager keeps it longer (five minutes).
    expect(keptAfter({ managers: getDefaultManagers() }, 120_001)).toBe(true)
  })

  it('ImmortalGCPolicy never collects', () => {
    expect(keptAfter({ managers: [new ImmortalGCPolicy()] }, 365 * 24 * 3_600_000)).toBe(true)
  })
})
