import { Immer, type Draft } from 'immer'
import { createTable, readEntry, setEntries } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import type { EntityMeta, EntitiesMetaTable, EntityTable, IndexTable } from '../schema/index'
import { EXPIRE_ALL, FETCH, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RECEIVE, RESET } from './actionTypes'
import type { Action, ReceiveAction, ReceiveErrorAction } from './actions'
import { createInitialState, type ResponseMeta, type State } from './state'

// Our own Immer instance, so the app's immer settings are untouched. Auto-freeze is off: it
// would walk every record of every response (O(response)) on each write, while the records are
// never mutated by us and a read-only contract is documented.
const immer = new Immer({ autoFreeze: false })

/**
 * The only place the cache changes. Reads nothing but the state and the action (no clock, no
 * endpoint, no schema), so a recorded action log replays to the same state anywhere.
 */
export function reducer(state: State = createInitialState(), action: Action): State {
  switch (action.type) {
    case RESET:
      // Not a draft edit: the new state shares nothing with the old one.
      return createInitialState(action.date)
    case RECEIVE:
      // A request started before the last reset answers into a cache that no longer asked for it.
      if (action.meta.fetchedAt < state.lastReset) return state
      return immer.produce(state, (draft) => (action.error ? receiveError(draft, action) : receive(draft, action, state)))
    default:
      return immer.produce(state, (draft) => {
        switch (action.type) {
          case FETCH:
            if (action.meta.fetchedAt < draft.lastReset) return
            draft.meta[action.key] = { ...draft.meta[action.key], pending: true }
            return
          case OPTIMISTIC:
            if (action.meta.fetchedAt < draft.lastReset) return
            draft.optimistic.push({
              key: action.key,
              fetchedAt: action.meta.fetchedAt,
              result: action.result,
              entities: action.entities,
              entitiesMeta: action.entitiesMeta,
              indexes: action.indexes,
            })
            return
          case INVALIDATE:
            invalidateKey(draft, action.key)
            return
          case INVALIDATE_ALL:
            for (const key of action.keys) invalidateKey(draft, key)
            return
          case EXPIRE_ALL:
            for (const key of action.keys) {
              const meta = draft.meta[key]
              // Stale, not missing: readers keep showing the data while it is refetched.
              if (meta !== undefined) draft.meta[key] = { ...meta, expiresAt: 0 }
            }
            return
        }
      })
  }
}

type DraftState = Draft<State>

function invalidateKey(draft: DraftState, key: string): void {
  const meta = draft.meta[key]
  if (meta !== undefined) draft.meta[key] = { ...meta, invalidated: true, expiresAt: 0 }
}

/** A mutation's answer (or error) replaces its optimistic layer. */
function removeOptimistic(draft: DraftState, key: string, fetchedAt: number): void {
  const index = draft.optimistic.findIndex((layer) => layer.key === key && layer.fetchedAt === fetchedAt)
  if (index !== -1) draft.optimistic.splice(index, 1)
}

function receive(draft: DraftState, action: ReceiveAction, base: State): void {
  removeOptimistic(draft, action.key, action.meta.fetchedAt)
  writeEntities(draft, base, action.entities, action.entitiesMeta, action.indexes)
  const previous = base.meta[action.key]
  // An older response never overwrites data fetched later; its entities were merged above by
  // their own fetch times, so only the endpoint's result and meta are skipped.
  if (previous?.fetchedAt !== undefined && previous.fetchedAt > action.meta.fetchedAt) return
  draft.endpoints[action.key] = action.result
  draft.meta[action.key] = { date: action.meta.date, fetchedAt: action.meta.fetchedAt, expiresAt: action.meta.expiresAt }
  // Results of other keys this response extends (a next page appended to its list).
  if (action.updates) for (const key of Object.keys(action.updates)) draft.endpoints[key] = action.updates[key]
}

function receiveError(draft: DraftState, action: ReceiveErrorAction): void {
  removeOptimistic(draft, action.key, action.meta.fetchedAt)
  const previous: ResponseMeta | undefined = draft.meta[action.key]
  if (previous?.fetchedAt !== undefined && previous.fetchedAt > action.meta.fetchedAt) return
  // The last good data (and its fetchedAt) stays; the error is recorded beside it.
  const meta: ResponseMeta = {
    ...previous,
    date: action.meta.date,
    expiresAt: action.meta.expiresAt,
    error: action.payload,
    errorPolicy: action.errorPolicy,
    pending: undefined,
    // The refetch an invalidation asked for has happened; until the error expires, it is the answer.
    invalidated: undefined,
  }
  draft.meta[action.key] = dropUndefined(meta)
}

/**
 * Writes normalized records. A record whose stored version was fetched later is skipped; a
 * record equal to the stored one keeps the stored object, so memoized reads stay valid. Tables
 * are rebuilt with `setEntries` outside the draft: it copies only the shard a record lands in,
 * where a draft of a flat table would copy (and finalize) every record the table holds.
 */
export function writeEntities(
  draft: DraftState,
  base: State,
  entities: EntityTable,
  entitiesMeta: EntitiesMetaTable,
  indexes: IndexTable,
): void {
  for (const key of Object.keys(entities)) {
    const incoming = entities[key]!
    const incomingMeta = entitiesMeta[key]
    const stored = base.entities[key]
    const storedMetas = base.entitiesMeta[key]
    const pks: string[] = []
    const records: unknown[] = []
    const metaPks: string[] = []
    const metas: EntityMeta[] = []
    for (const pk of Object.keys(incoming)) {
      const meta = incomingMeta?.[pk]
      const storedMeta = readEntry(storedMetas, pk) as EntityMeta | undefined
      if (meta !== undefined && storedMeta !== undefined && storedMeta.fetchedAt > meta.fetchedAt) continue
      const record = incoming[pk]
      if (!sameRecord(readEntry(stored, pk), record)) {
        pks.push(pk)
        records.push(record)
      }
      if (meta !== undefined && meta !== storedMeta) {
        metaPks.push(pk)
        metas.push(meta)
      }
    }
    // setEntries builds null-prototype nodes, so a replayed JSON action's "__proto__" pk stays data.
    if (pks.length > 0 || stored === undefined) draft.entities[key] = setEntries(stored, pks, records) as any
    if (metaPks.length > 0 || storedMetas === undefined) draft.entitiesMeta[key] = setEntries(storedMetas, metaPks, metas) as any
  }
  for (const key of Object.keys(indexes)) {
    const byName = indexes[key]!
    let target = draft.indexes[key]
    if (target === undefined) target = draft.indexes[key] = createTable() as any
    for (const name of Object.keys(byName)) {
      let index = target![name]
      if (index === undefined) index = target![name] = createTable() as any
      Object.assign(index!, byName[name])
    }
  }
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value)) if ((value as Record<string, unknown>)[key] === undefined) delete (value as Record<string, unknown>)[key]
  return value
}
