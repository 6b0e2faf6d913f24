import type { Action } from '../store/actions'
import { REPLACE_STATE } from '../store/actionTypes'
import type { Store } from '../store/createStore'
import { reducer } from '../store/reducer'
import type { State } from '../store/state'

/**
 * Time travel over one store: puts a past state in place (`store.replaceState`, so nothing is
 * fetched) and comes back to the present, the state the store had when travel began with every
 * action it applied meanwhile (a response that arrived) applied to it through the reducer.
 */
export interface Travel {
  /** The id of the action whose state is shown, or undefined at the present. */
  readonly position: number | undefined
  /** True during the travel's own `replaceState`: that action is no change to record. */
  readonly jumping: boolean
  /** Every action the store applied: while away, kept for the way back. */
  observe(action: Action): void
  /** Shows `state`, the state after action `id` (remembering the present the first time). */
  go(id: number | undefined, state: State): void
  /** Goes back to the present; false (and nothing done) when already there. */
  back(): boolean
}

/** The travel of `store`, at the present. */
export function createTravel(store: Store): Travel {
  let position: number | undefined
  let present: State | undefined
  let meanwhile: Action[] = []
  let jumping = false
  const jump = (state: State) => {
    jumping = true
    try {
      store.replaceState(state)
    } finally {
      jumping = false
    }
  }
  return {
    get position() {
      return position
    },
    get jumping() {
      return jumping
    },
    observe(action) {
      if (present !== undefined && action.type !== REPLACE_STATE) meanwhile.push(action)
    },
    go(id, state) {
      present ??= store.getState()
      position = id
      jump(state)
    },
    back() {
      if (present === undefined) return false
      const back = meanwhile.reduce(reducer, present)
      present = position = undefined
      meanwhile = []
      jump(back)
      return true
    },
  }
}
