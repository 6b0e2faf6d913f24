import { readEntry } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import { MemoCache, type EntityTable } from '../schema/index'
import type { EndpointInterface } from '../endpoint/types'
import type { ReceiveAction } from './actions'
import { applyGuess } from './reducer'
import { NONE, type State } from './state'
import { guessAction, type Guess, type GuessDeps, type SchemaRegistry } from './toAction'

interface Updater {
  readonly endpoint: EndpointInterface
  /** The call's own arguments (a FormData body survives here, not in the JSON action). */
  readonly args: readonly unknown[]
  /** The last guess, while what it read is unchanged. */
  guess?: Guess | undefined
  /** The records of the guess made when the mutation started (see `NormalizeOptions.fixed`). */
  readonly fixed: EntityTable
}

/**
 * The read side of a store, which the controller and the GC share: the memo cache every read
 * goes through, the schemas that wrote each entity key, and the optimistic view. The state
 * records pending mutations as calls; this keeps, per layer, the endpoint whose
 * `getOptimisticResponse` makes the guess (functions never enter the state), and builds what
 * readers see: the state with every layer applied, oldest first, through the reducer's own write
 * path, each guess made over the data under it, except that the fields a response started after
 * its mutation wrote show the guess as it was made when the mutation started (a pending guess
 * stays on top of what it changes until its call settles, and its layer leaves the state). The
 * view is memoized per state, and a guess whose records come out as they did last time reuses
 * last time's objects, so a pending mutation does not make its readers re-render on every
 * unrelated action.
 */
export class OptimisticView {
  /** Memoized denormalization, shared by every read of the store. */
  memo = new MemoCache()
  /** Every schema that wrote records in this session, by entity key. */
  readonly schemas: SchemaRegistry = new Map()
  #updaters = new Map<string, Updater>()
  #views = new WeakMap<State, State>()
  #last: State | undefined


  /**
   * Remembers how to guess the layer of the call `key` started at `fetchedAt`, with `guess`, the
   * one made as it started: the view uses it while what it read is unchanged (one guess per
   * mutation start), and its values stay for the fields later responses write.
   */
  register(key: string, fetchedAt: number, endpoint: EndpointInterface, args: readonly unknown[], guess: Guess): void {
    this.#updaters.set(layerId(key, fetchedAt), { endpoint, args, guess, fixed: guess.action.entities })
  }

  /** The call answered (or failed): its layer is gone from the next state, and so is its updater. */
  settle(key: string, fetchedAt: number): void {
    this.#updaters.delete(layerId(key, fetchedAt))
  }

  /** Forgets every updater, cached read and known schema (after a reset or cleanup). */
  clear(): void {
    this.memo = new MemoCache()
    this.schemas.clear()
    this.#updaters.clear()
    this.#last = undefined
  }

  /**
   * `state` with its pending layers applied. A layer whose updater is unknown here (a replayed
   * log, a state from devtools) or whose guess throws is skipped: the base data shows instead.
   * `now` is the time a guess's snapshot reads expiry at.
   */
  view(state: State, now: number): State {
    if (state.optimistic.length === 0) return state
    let view = this.#views.get(state)
    if (view !== undefined) return view
    // Without its layers, so reading it (a guess reading the data before it) applies nothing again.
    view = { ...state, optimistic: NONE }
    for (const layer of state.optimistic) {
      const updater = this.#updaters.get(layerId(layer.key, layer.fetchedAt))
      if (updater === undefined) continue
      let guess = updater.guess
      if (guess === undefined || !unchanged(guess.deps, view)) {
        try {
          guess = guessAction(updater.endpoint, layer, updater.args, view, this.memo, now, updater.fixed)
        } catch {
          // The guess was checked when the mutation started (and a warning given then); against
          // newer data it may not apply any more, and then the data underneath shows.
          updater.guess = undefined
          continue
        }
        if (this.#last !== undefined) guess = { action: reuseRecords(guess.action, this.#last), deps: guess.deps }
        updater.guess = guess
      }
      view = applyGuess(view, guess.action)
    }
    this.#views.set(state, view)
    this.#last = view
    return view
  }
}


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
