import { Controller, createResource, createStore, type ControllerOptions, type Middleware } from '../../src/index'
import { API, Todo, todo } from '../fixtures/todos'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

describe('createStore({ Controller })', () => {
  it('constructs the class given, once, as the store controller that managers see too', () => {
    const made: Controller[] = []
    // Managers are typed with the narrow ManagerAPI; at run time they get the store's controller.
    let seenByMiddleware: Parameters<Middleware>[0] | undefined
    class Recording extends Controller {
      constructor(options: ControllerOptions) {
        super(options)
        made.push(this)
      }
    }
    const store = createStore({
      Controller: Recording,
      managers: [{ getMiddleware: () => (controller) => ((seenByMiddleware = controller), (next) => next) }],
    })
    expect(made).toEqual([store.controller])
    expect(store.controller).toBeInstanceOf(Recording)
    expect(seenByMiddleware).toBe(store.controller)
  })

  it("routes the controller's own calls through a subclass's overrides", () => {
    const written: string[] = []
    class Auditing extends Controller {
      constructor(options: ControllerOptions) {
        super({ ...options, dispatch: (action) => (written.push(action.type), options.dispatch!(action)) })
      }
    }
    const store = createStore({ Controller: Auditing })
    store.controller.setResponse(TodoResource.get, { id: '1' }, todo('1'))
    expect(written).toEqual(['tessera/receive'])
    expect(store.controller.getResponse(TodoResource.get, { id: '1' }, store.getState()).data?.id).toBe('1')
  })
})

describe("createStore's default clock", () => {
  it('follows Date.now when a test replaces it after the store was made', () => {
    const store = createStore()
    const realNow = Date.now
    Date.now = () => 5_000_000
    try {
      store.controller.setResponse(TodoResource.get, { id: '1' }, todo('1'))
      expect(store.controller.getResponse(TodoResource.get, { id: '1' }, store.getState()).expiresAt).toBe(5_000_000 + 60_000)
    } finally {
      Date.now = realNow
    }
  })
})
