/**
 * Production builds replace the store's long error texts with `Tessera E2xx: <facts>`: the class,
 * `name` and the facts that vary (action type, endpoint key, endpoint name, manager) stay.
 */
import { Controller, GCManager, NetworkManager, createStore } from '../../src/index'
import { User } from '../fixtures/blog'
import { createBlogApi } from '../fixtures/blogApi'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { inProduction } from '../helpers/inProduction'

describe('store errors in production', () => {
  it('E200: a controller without a store names the action it could not apply', async () => {
    await inProduction(() => {
      expect(() => new Controller().invalidateAll(() => true)).toThrow(new Error('Tessera E200: tessera/invalidateAll'))
    })
  })

  it('E201: a fetch answered after a reset rejects with a ResetError naming its key, and the reset cache stays empty', async () => {
    const { controller } = createTestStore()
    const { getUser } = createBlogApi()
    const loading = controller.fetch(getUser.endpoint, { id: 'u2' }).catch((error: Error) => error)
    await inProduction(async () => {
      controller.resetEntireStore()
      await getUser.calls[0]!.resolve({ id: 'u2', name: 'from before' })
      const error = await loading
      expect(error).toMatchObject({ name: 'ResetError', message: 'Tessera E201: getUser [{"id":"u2"}]' })
    })
    expect(controller.getState().entities).toEqual({})
    expect(controller.getState().endpoints).toEqual({})
  })

  it("E202: an update() that throws is reported with the endpoint's name, and the response is still written", async () => {
    const { controller } = createTestStore()
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const save = createFakeEndpoint('saveUser', {
        schema: User,
        sideEffect: true,
        update: () => {
          throw new Error('update broke')
        },
      })
      await inProduction(async () => {
        const saving = controller.fetch(save.endpoint, { id: '1' })
        await save.calls[0]!.resolve({ id: '1', name: 'Saved' })
        await expect(saving).resolves.toMatchObject({ id: '1', name: 'Saved' })
      })
      expect(logged.mock.calls).toEqual([['Tessera E202: saveUser', expect.objectContaining({ message: 'update broke' })]])
      expect(controller.get(User, { id: '1' }, controller.getState())!.name).toBe('Saved')
    } finally {
      logged.mockRestore()
    }
  })

  it('E203–E205: createStore refuses a misused option with a TypeError naming it', async () => {
    await inProduction(() => {
      expect(() => createStore({ devtools: true as never })).toThrow(new TypeError('Tessera E203: devtools'))
      expect(() => createStore({ managers: [new GCManager()], gcTime: 10 })).toThrow(new TypeError('Tessera E204: gcTime'))
      expect(() => createStore({ managers: [new NetworkManager(), new NetworkManager()] })).toThrow(new TypeError('Tessera E205: 2 NetworkManager'))
    })
  })

  it('keeps the full sentences outside production', () => {
    expect(() => new Controller().invalidateAll(() => true)).toThrow(/not connected to a store, so 'tessera\/invalidateAll' cannot be applied/)
    expect(() => createStore({ managers: [new NetworkManager(), new NetworkManager()] })).toThrow(/has 2 NetworkManagers; a store runs one/)
  })
})
