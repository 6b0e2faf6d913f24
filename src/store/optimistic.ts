import { readEntry } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import type { EntityTable } from '../schema/index'
import type { EndpointInterface } from '../endpoint/types'
import type { ReceiveAction } from './actions'
import { applyGuess } from './reducer'
import type { OptimisticLayer, State } from './state'

/**
 * What a guess read from the view it was computed against: records (`[entityKey, pk, record,
 * meta]`, a pk of undefined for a whole table) and endpoint results (`[key, result, meta]`). While
 * they are the same objects, the guess would come out the same, and is not computed again. The
 * record's meta counts: a response that brings an equal record still changes which of its fields
 * are newer than the guess.
 */
export interface GuessDeps {
  readonly records: unknown[]
  readonly results: unknown[]
}

/** A guess: the receive action it stands for, and what it was computed from. */
export interface Guess {
  readonly action: ReceiveAction
  readonly deps: GuessDeps
}

/** Builds the receive action a layer's guess stands for, computed against `view`; throws when it cannot. */
export type GuessLayer = (endpoint: EndpointInterface, layer: OptimisticLayer, args: readonly unknown[], view: State) => Guess

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
  private readonly guesses = new Map<string, Guess>()
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
    this.guesses.delete(layerId(key, fetchedAt))
  }

  /** Forgets every updater and cached view (after a reset or cleanup). */
  clear(): void {
    this.updaters.clear()
    this.guesses.clear()
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
      const id = layerId(layer.key, layer.fetchedAt)
      const updater = this.updaters.get(id)
      if (updater === undefined) continue
      let guess = this.guesses.get(id)
      if (guess === undefined || !unchanged(guess.deps, view)) {
        try {
          guess = this.guess(updater.endpoint, layer, updater.args, view)
        } catch {
          // The guess was checked when the mutation started (and a warning given then); against
          // newer data it may not apply any more, and then the data underneath shows.
          this.guesses.delete(id)
          continue
        }
        if (this.last !== undefined) guess = { action: reuseRecords(guess.action, this.last), deps: guess.deps }
        this.guesses.set(id, guess)
      }
      view = applyGuess(view, guess.action)
    }
    this.views.set(state, view)
    this.last = view
    return view
  }
}

const NO_LAYERS: readonly OptimisticLayer[] = Object.freeze([])

/** True when everything a guess read is still the same object in `view`. */
function unchanged(deps: GuessDeps, view: State): boolean {
  const records = deps.records
  for (let i = 0; i < records.length; i += 4) {
    const entityKey = records[i] as string
    const pk = records[i + 1] as string | undefined
    if (pk === undefined) {
      if (view.entities[entityKey] !== records[i + 2]) return false
    } else if (readEntry(view.entities[entityKey], pk) !== records[i + 2] || readEntry(view.entitiesMeta[entityKey], pk) !== records[i + 3]) {
      return false
    }
  }
  const results = deps.results
  for (let i = 0; i < results.length; i += 3) {
    const key = results[i] as string
    if (readEntry(view.endpoints, key) !== results[i + 1] || readEntry(view.meta, key) !== results[i + 2]) return false
  }
  return true
}

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
