// Which records each endpoint key's response holds, as GC counts references: the persister saves
// them with the response (a normalized result alone does not say which entity table its ids
// belong to), so that a restored response brings back its records and GC counts them.

import { BATCH, GC, HYDRATE, RECEIVE, RESET } from '../../store/actionTypes'
import type { Action, ReceiveAction } from '../../store/actions'
import { createTable } from '../../schema/table'

/** The pks of the records one response holds, by entity key. */
export type PksTable = { readonly [entityKey: string]: readonly string[] }

/** Endpoint key → the records its response holds. */
export type HeldRecords = Map<string, PksTable>

/** Keeps `held` in step with the responses applied (and the keys dropped). */
export function trackHeld(held: HeldRecords, action: Action): void {
  switch (action.type) {
    case RECEIVE:
      if (!action.error) receiveHeld(held, action)
      return
    case HYDRATE:
      for (const each of action.actions) receiveHeld(held, each)
      return
    case BATCH:
      for (const each of action.actions) trackHeld(held, each)
      return
    case GC:
      for (const key of action.keys) held.delete(key)
      return
    case RESET:
      held.clear()
      return
  }
}

function receiveHeld(held: HeldRecords, action: ReceiveAction): void {
  const pks = createTable<readonly string[]>()
  for (const entityKey of Object.keys(action.entities)) pks[entityKey] = action.pks?.[entityKey] ?? Object.keys(action.entities[entityKey]!)
  held.set(action.key, pks)
  // A page appended to a list: the list now holds its records too.
  if (action.updates) {
    for (const key of Object.keys(action.updates)) {
      const merged = createTable<readonly string[]>()
      const previous = held.get(key) ?? {}
      for (const entityKey of new Set([...Object.keys(previous), ...Object.keys(pks)])) {
        merged[entityKey] = [...new Set([...(previous[entityKey] ?? []), ...(pks[entityKey] ?? [])])]
      }
      held.set(key, merged)
    }
  }
}
