import { readEntry } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import type { EntityTable } from '../schema/index'
import type { EndpointInterface } from '../endpoint/types'
import type { ReceiveAction } from './actions'
import { applyGuess } from './reducer'
import type { OptimisticLayer, State } from './state'

/** Builds the receive action a layer's guess stands for, computed against `view`; throws when it cannot. */
export type GuessLayer = (endpoint: EndpointInterface, layer: OptimisticLayer, args: readonly unknown[], view: State) => ReceiveAction

interface Updater {
  readonly endpoint: EndpointInterface
  /** The call's own arguments (a FormData body survives here, not in the JSON action). */
  readonly args: readonly unknown[]
}

/**
 * The optimistic side of a store. The state records pending mutations as calls; this keeps, per
 * layer, the endpoint whose `getOptimisticResponse` makes the guess (functions never enter the
 * state), and builds what readers see: the state with every layer applied, oldest first, through
 * the reducer's own write path. The view is memoized per state, and a guess whose records come
 * out as they did last time reuses last time's objects, so a pending mutation does not make its
 * readers re-render on every unrelated action.
 */
export class OptimisticView {
  private readonly updaters = new Map<string, Updater>()
  private readonly views = new WeakMap<State, State>()
  private last: State | undefined

  constructor(private readonly guess: GuessLayer) {}

  /** Remembers how to guess the layer of the call `key` started at `fetchedAt`. */
  register(key: string, fetchedAt: number, endpoint: EndpointInterface, args: readonly unknown[]): void {
    this.updaters.set(layerId(key, fetchedAt), { endpoint, args })
  }

  /** The call answered (or failed): its layer is gone from the next state, and so is its updater. */
  settle(key: string, fetchedAt: number): void {
    this.updaters.delete(layerId(key, fetchedAt))
  }

  /** Forgets every updater and cached view (after a reset or cleanup). */
  clear(): void {
    this.updaters.clear()
    this.last = undefined
  }

  /**
   * `state` with its pending layers applied. A layer whose updater is unknown here (a replayed
   * log, a state from devtools) or whose guess throws is skipped: the base data shows instead.
   */
  view(state: State): State {
    if (state.optimistic.length === 0) return state
    let view = this.views.get(state)
    if (view !== undefined) return view
    // Without its layers, so reading it (a guess reading the data before it) applies nothing again.
    view = { ...state, optimistic: NO_LAYERS }
    for (const layer of state.optimistic) {
      const updater = this.updaters.get(layerId(layer.key, layer.fetchedAt))
      if (updater === undefined) continue
      let action: ReceiveAction
      try {
        action = this.guess(updater.endpoint, layer, updater.args, view)
      } catch {
        // The guess was checked when the mutation started (and a warning given then); against
        // newer data it may not apply any more, and then the data underneath shows.
        continue
      }
      view = applyGuess(view, this.last === undefined ? action : reuseRecords(action, this.last))
    }
    this.views.set(state, view)
    this.last = view
    return view
  }
}

const NO_LAYERS: readonly OptimisticLayer[] = Object.freeze([])

function layerId(key: string, fetchedAt: number): string {
  return `${fetchedAt} ${key}`
}

/** The action with every record that equals the one `previous` shows replaced by that object. */
function reuseRecords(action: ReceiveAction, previous: State): ReceiveAction {
  const entities: EntityTable = Object.create(null)
  for (const key of Object.keys(action.entities)) {
    const incoming = action.entities[key]!
    const shown = previous.entities[key]
    const out: { [pk: string]: unknown } = Object.create(null)
    for (const pk of Object.keys(incoming)) {
      const before = readEntry(shown, pk)
      out[pk] = before !== undefined && sameRecord(before, incoming[pk]) ? before : incoming[pk]
    }
    entities[key] = out
  }
  return { ...action, entities }
}
