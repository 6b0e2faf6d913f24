import { Entity } from '../../src/index'
import { createRecorder } from '../../src/devtools/recorder'
import { exportSession, parseSession, replaySession, SessionError, MAX_SESSION_ACTIONS } from '../../src/devtools/session'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'

class Account extends Entity {
  id = ''
  name = ''
  token = ''
  pk() {
    return this.id
  }
  static override key = 'Account'
}

function recorded() {
  const test = createTestStore()
  const getAccount = createFakeEndpoint('getAccount', { schema: Account })
  const recorder = createRecorder(test.store, { name: 'bank' })
  test.controller.setResponse(getAccount.endpoint, { id: '1' }, { id: '1', name: 'Ada', token: 'secret-1' })
  test.controller.setResponse(getAccount.endpoint, { id: '2' }, { id: '2', name: 'Bob', token: 'secret-2' })
  test.controller.invalidate(getAccount.endpoint, { id: '1' })
  return { ...test, recorder, getAccount }
}

describe('session export and import', () => {
  it('round-trips through JSON to the same timeline: labels, keys, times and states', () => {
    const { recorder, store } = recorded()
    const text = JSON.stringify(exportSession(recorder, {}, 5))
    const replayed = replaySession(parseSession(text))
    expect(replayed.name).toBe('bank')
    const strip = (entries: ReturnType<typeof recorder.actions>) => entries.map(({ id, time, label, keys, state }) => ({ id, time, label, keys, state: JSON.parse(JSON.stringify(state)) }))
    expect(strip(replayed.actions)).toEqual(strip(recorder.actions()))
    expect(JSON.parse(JSON.stringify(replayed.actions.at(-1)!.state))).toEqual(JSON.parse(JSON.stringify(store.getState())))
  })

  it('loads a replayed session into a recorder: the store shows its last state, and leaving it brings the present back', () => {
    const { recorder, store, controller, getAccount } = recorded()
    const session = replaySession(parseSession(JSON.stringify(exportSession(recorder))))
    const other = createTestStore()
    const viewer = createRecorder(other.store, { name: 'viewer' })
    viewer.load(session)
    expect(viewer.loaded).toBe('bank')
    expect(viewer.actions().map((entry) => entry.label)).toEqual(['receive', 'receive', 'invalidate'])
    expect(other.controller.getResponse(getAccount.endpoint, { id: '2' }, other.store.getState()).data?.name).toBe('Bob')
    viewer.travel(1)
    expect(other.controller.getResponse(getAccount.endpoint, { id: '2' }, other.store.getState()).data).toBeUndefined()
    viewer.travel(undefined)
    expect(viewer.loaded).toBeUndefined()
    expect(viewer.actions()).toEqual([])
    expect(other.controller.getResponse(getAccount.endpoint, { id: '1' }, other.store.getState()).data).toBeUndefined()
    expect(controller.getResponse(getAccount.endpoint, { id: '1' }, store.getState()).data?.name).toBe('Ada')
  })

  it('redacts secrets through the hook, and leaves out actions it returns null for', () => {
    const { recorder } = recorded()
    const session = exportSession(recorder, {
      redact: (action) => {
        if (action.type === 'tessera/invalidate') return null
        return JSON.parse(JSON.stringify(action).replace(/secret-\d/g, '[redacted]'))
      },
    })
    const text = JSON.stringify(session)
    expect(text).not.toContain('secret-')
    expect(text).toContain('[redacted]')
    expect(session.actions.map((entry) => entry.action.type)).toEqual(['tessera/receive', 'tessera/receive'])
    // The recording itself is untouched.
    expect(JSON.stringify(recorder.actions().map((entry) => entry.action))).toContain('secret-1')
  })

  describe('refuses a malformed or hostile file with one clear line, and changes nothing', () => {
    const valid = () => JSON.parse(JSON.stringify(exportSession(recorded().recorder)))
    const refusals: [string, () => string, RegExp][] = [
      ['not JSON', () => '{"format": ', /^This session file is not JSON \(/],
      ['another kind of file', () => JSON.stringify({ hello: 'world' }), /^This is not a Tessera devtools session \(it has no "format": "tessera-devtools-session"\)\.$/],
      ['a wrong version', () => JSON.stringify({ ...valid(), version: 2 }), /^This session is version 2; this panel reads version 1\.$/],
      ['a __proto__ key', () => JSON.stringify(valid()).replace('"initialState":{', '"initialState":{"__proto__":{"polluted":true},'), /"__proto__" key.*refused/],
      ['no starting state', () => JSON.stringify({ ...valid(), initialState: [] }), /no starting state/],
      ['actions that are no list', () => JSON.stringify({ ...valid(), actions: {} }), /no list of actions/],
      ['too many actions', () => JSON.stringify({ ...valid(), actions: Array.from({ length: MAX_SESSION_ACTIONS + 1 }, () => 0) }), /holds 10001 actions; at most 10000/],
      ['an action of an unknown type', () => JSON.stringify({ ...valid(), actions: [{ time: 1, action: { type: 'evil/run' } }] }), /^Action 1 of this session has an unknown type "evil\/run"\.$/],
      ['an action without a time', () => JSON.stringify({ ...valid(), actions: [{ action: { type: 'tessera/reset', date: 1 } }] }), /^Action 1 of this session has no time\.$/],
      ['a batch holding junk', () => JSON.stringify({ ...valid(), actions: [{ time: 1, action: { type: 'tessera/batch', actions: [42] } }] }), /holds an action that is not an object/],
      ['deep nesting', () => JSON.stringify({ ...valid(), name: JSON.parse('['.repeat(500) + ']'.repeat(500)) }), /nests deeper than 200 levels/],
      ['a huge file', () => ' '.repeat(20_000_001), /too large \(20\.0 MB; at most 20 MB\)/],
    ]
    it.each(refusals)('%s', (_what, text, message) => {
      const { recorder, store } = recorded()
      const before = store.getState()
      const actions = recorder.actions()
      let error: unknown
      try {
        recorder.load(replaySession(parseSession(text())))
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(SessionError)
      expect((error as Error).message).toMatch(message)
      expect((error as Error).message).not.toContain('\n')
      expect(store.getState()).toBe(before)
      expect(recorder.actions()).toBe(actions)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })
  })

  it('refuses an action the reducer cannot apply, naming it', () => {
    const text = JSON.stringify({ format: 'tessera-devtools-session', version: 1, name: 'x', exportedAt: 0, initialState: {}, actions: [{ time: 1, action: { type: 'tessera/hydrate', actions: [{ type: 'tessera/receive', key: 'k', meta: {} }] } }] })
    expect(() => replaySession(parseSession(text))).toThrow(/^Action 1 of this session \(tessera\/hydrate\) could not be replayed/)
  })
})
