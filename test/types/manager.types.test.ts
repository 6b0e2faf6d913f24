import { expectTypeOf } from 'expect-type'
import { actionTypes, type Action, type ActionTypes, type Manager, type Middleware } from '../../src/index'

describe("data-client's Manager protocol types", () => {
  it('types Middleware by its optional action type, and actionTypes as literal constants', () => {
    const typesOnly = () => {
      expectTypeOf(actionTypes.SUBSCRIBE).toEqualTypeOf<'rdc/subscribe'>()
      expectTypeOf(actionTypes.SET_RESPONSE_TYPE).toEqualTypeOf<'rdc/setresponse'>()
      const stream: Middleware<ActionTypes> = (controller) => (next) => async (action) => {
        if (action.type === actionTypes.SUBSCRIBE) {
          expectTypeOf(action.args).toEqualTypeOf<readonly any[]>()
          controller.setResponse(action.endpoint, ...action.args, {})
          return
        }
        if (action.type === actionTypes.SET_RESPONSE) expectTypeOf(action.error).toEqualTypeOf<boolean>()
        // @ts-expect-error a data-client action has no Tessera type
        if (action.type === 'tessera/receive') return
        return next(action)
      }
      const ours: Middleware<Action> = () => (next) => (action) => {
        if (action.type === 'tessera/receive') expectTypeOf(action.key).toEqualTypeOf<string>()
        next(action)
      }
      // Without a type argument (data-client 0.10's default): any action.
      const loose: Middleware = () => (next) => (action) => next(action)
      const manager: Manager = { middleware: stream, cleanup() {}, init(state) {} }
      expect([ours, loose, manager]).toBeDefined()
    }
    expect(typesOnly).toBeDefined()
  })
})
