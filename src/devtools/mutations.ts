import type { QueuedMutation } from '../offline/OfflineManager'
import type { State } from '../store/state'

/** A mutation waiting for its answer or to be sent, as the Timeline lists it. */
export interface WaitingMutation {
  readonly key: string
  /** When it was made (its `fetchedAt`, the store's clock; a restored one keeps its first). */
  readonly since: number
  /** Whether its optimistic guess shows (an endpoint without `getOptimisticResponse` makes none). */
  readonly guess: boolean
  /**
   * `'queued'`: in the OfflineManager's queue (made offline, or no answer came), sent in order
   * when the network allows. `'sent'`: on its way, its answer not in yet.
   */
  readonly status: 'queued' | 'sent'
}

/**
 * Every mutation waiting, oldest first: those in the OfflineManager's queue (`queued`, its
 * `pending()`; with or without a guess), then those sent and not answered yet (each shows by its
 * guess, the state's optimistic layers). A queued mutation's guess is matched by its key, in order
 * (two likes of one article queued offline are two entries, each with its guess).
 */
export function describeWaitingMutations(state: State, queued: readonly QueuedMutation[]): WaitingMutation[] {
  const layers = [...state.optimistic]
  const rows: WaitingMutation[] = queued.map((item) => {
    const at = layers.findIndex((layer) => layer.key === item.key)
    const layer = at < 0 ? undefined : layers.splice(at, 1)[0]
    return { key: item.key, since: item.fetchedAt, guess: layer !== undefined, status: 'queued' }
  })
  for (const layer of layers) rows.push({ key: layer.key, since: layer.fetchedAt, guess: true, status: 'sent' })
  return rows
}
