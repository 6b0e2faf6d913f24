import { Immer, type Draft } from 'immer'
import { createTable, deleteEntries, readEntry, setEntries } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import type { EntityMeta, EntitiesMetaTable, EntityTable, IndexTable } from '../schema/index'
import { EXPIRE_ALL, FETCH, GC, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RECEIVE, REPLACE_STATE, RESET } from './actionTypes'
import type { Action, ReceiveAction, ReceiveErrorAction } from './actions'
import { createInitialState, hydrateState, selectMeta, type ResponseMeta, type State } from './state'

// Our own Immer instance, so the app's immer settings are untouched. Auto-freeze is off: it
// would walk every record of every response (O(response)) on each write, while the records are
// never mutated by us and a read-only contract is documented. Made on the first write, so
// importing the module does no work.
let immer: Immer | undefined
function produce(state: State, recipe: (draft: Draft<State>) => void): State {
  return (immer ??= new Immer({ autoFreeze: false })).produce(state, recipe)
}

/**
 * The only place the cache changes. Reads nothing but the state and the action (no clock, no
 * endpoint, no schema), so a recorded action log replays to the same state anywhere.
 */
export function reducer(state: State = createInitialState(), action: Action): State {
  switch (action.type) {
    case RESET:
      // Not a draft edit: the new state shares nothing with the old one.
      return createInitialState(action.date)
    case REPLACE_STATE:
      // Null-prototype tables again, whether the state came straight from a store or through JSON.
      return hydrateState(action.state)
    case RECEIVE:
      // A request started before the last reset answers into a cache that no longer asked for it.
      if (action.meta.fetchedAt < state.lastReset) return state
      return produce(state, (draft) => {
        removeOptimistic(draft, action.key, action.meta.fetchedAt)
        if (action.error) receiveError(draft, state, action)
        else receive(draft, state, action)
      })
    default:
      return produce(state, (draft) => {
        switch (action.type) {
          case FETCH:
            if (action.meta.fetchedAt < draft.lastReset) return
            setMeta(draft, state, action.key, { ...selectMeta(state, action.key), pending: true })
            return
          case OPTIMISTIC:
            if (action.meta.fetchedAt < draft.lastReset) return
            draft.optimistic.push({ key: action.key, args: action.args as unknown[], fetchedAt: action.meta.fetchedAt })
            return
          case INVALIDATE:
            invalidateKeys(draft, state, [action.key], action.meta?.date)
            return
          case INVALIDATE_ALL:
            invalidateKeys(draft, state, action.keys, action.meta?.date)
            return
          case GC:
            draft.endpoints = deleteEntries(state.endpoints, action.keys) as Draft<State['endpoints']>
            draft.meta = deleteEntries(state.meta, action.keys) as Draft<State['meta']>
            for (const key of Object.keys(action.entities)) {
              const pks = action.entities[key]!
              if (state.entities[key] !== undefined) draft.entities[key] = deleteEntries(state.entities[key], pks) as any
              if (state.entitiesMeta[key] !== undefined) draft.entitiesMeta[key] = deleteEntries(state.entitiesMeta[key], pks) as any
            }
            return
          case EXPIRE_ALL: {
            const keys: string[] = []
            const metas: ResponseMeta[] = []
            for (const key of action.keys) {
              const meta = selectMeta(state, key)
              // Stale, not missing: readers keep showing the data while it is refetched.
              if (meta !== undefined) {
                keys.push(key)
                metas.push({ ...meta, expiresAt: 0 })
              }
            }
            draft.meta = setEntries(state.meta, keys, metas) as Draft<State['meta']>
            return
          }
        }
      })
  }
}

/**
 * Writes an optimistic guess (a receive action made from it) over a state, for what readers see:
 * the records through the same `writeEntities` a response takes, so a guess lands exactly where
 * the real answer will; the mutation's own result; and the results it extends (a page).
 */
export function applyGuess(state: State, action: ReceiveAction): State {
  const tables = writeEntities(state, action.entities, action.entitiesMeta, action.indexes)
  // A view is never reduced further, so it is built without a draft.
  const keys = [action.key]
  const results = [action.result]
  const updates = action.updates
  if (updates !== undefined) {
    for (const key of Object.keys(updates)) {
      keys.push(key)
      results.push(updates[key])
    }
  }
  const meta = { date: action.meta.date, fetchedAt: action.meta.fetchedAt, expiresAt: action.meta.expiresAt }
  return { ...state, ...tables, endpoints: setEntries(state.endpoints, keys, results), meta: setEntries(state.meta, [action.key], [meta]) }
}

type DraftState = Draft<State>

function setMeta(draft: DraftState, base: State, key: string, meta: ResponseMeta): void {
  draft.meta = setEntries(base.meta, [key], [meta]) as Draft<State['meta']>
}

function invalidateKeys(draft: DraftState, base: State, keys: readonly string[], date: number | undefined): void {
  const found: string[] = []
  const metas: ResponseMeta[] = []
  for (const key of keys) {
    const meta = selectMeta(base, key)
    if (meta === undefined) continue
    found.push(key)
    metas.push(date === undefined ? { ...meta, invalidated: true, expiresAt: 0 } : { ...meta, invalidated: true, invalidatedAt: date, expiresAt: 0 })
  }
  draft.meta = setEntries(base.meta, found, metas) as Draft<State['meta']>
}

/** A mutation's answer (or error) replaces its optimistic layer. */
function removeOptimistic(draft: DraftState, key: string, fetchedAt: number): void {
  const index = draft.optimistic.findIndex((layer) => layer.key === key && layer.fetchedAt === fetchedAt)
  if (index !== -1) draft.optimistic.splice(index, 1)
}

function receive(draft: DraftState, base: State, action: ReceiveAction): void {
  const tables = writeEntities(base, action.entities, action.entitiesMeta, action.indexes)
  if (tables.entities !== base.entities) draft.entities = tables.entities as Draft<State['entities']>
  if (tables.entitiesMeta !== base.entitiesMeta) draft.entitiesMeta = tables.entitiesMeta as Draft<State['entitiesMeta']>
  if (tables.indexes !== base.indexes) draft.indexes = tables.indexes as Draft<State['indexes']>
  const previous = selectMeta(base, action.key)
  // An older response never overwrites data fetched later; its entities were merged above by
  // their own fetch times, so only the endpoint's result and meta are skipped.
  if (previous?.fetchedAt !== undefined && previous.fetchedAt > action.meta.fetchedAt) return
  const keys = [action.key]
  const results = [action.result]
  // Results of other keys this response extends (a next page appended to its list).
  if (action.updates) {
    for (const key of Object.keys(action.updates)) {
      keys.push(key)
      results.push(action.updates[key])
    }
  }
  draft.endpoints = setEntries(base.endpoints, keys, results) as Draft<State['endpoints']>
  const meta: ResponseMeta = { date: action.meta.date, fetchedAt: action.meta.fetchedAt, expiresAt: action.meta.expiresAt }
  // Invalidated while this request was out: its answer is kept, but only a request started
  // after the invalidation makes the key valid again.
  const stillInvalid = previous?.invalidatedAt !== undefined && previous.invalidatedAt > action.meta.fetchedAt
  setMeta(draft, base, action.key, stillInvalid ? { ...meta, invalidated: true, invalidatedAt: previous.invalidatedAt, expiresAt: 0 } : meta)
}

function receiveError(draft: DraftState, base: State, action: ReceiveErrorAction): void {
  const previous = selectMeta(base, action.key)
  if (previous?.fetchedAt !== undefined && previous.fetchedAt > action.meta.fetchedAt) return
  const stillInvalid = previous?.invalidatedAt !== undefined && previous.invalidatedAt > action.meta.fetchedAt
  // The last good data (and its fetchedAt) stays; the error is recorded beside it.
  const meta: ResponseMeta = {
    ...previous,
    date: action.meta.date,
    expiresAt: action.meta.expiresAt,
    error: action.payload,
    errorPolicy: action.errorPolicy,
    pending: undefined,
    // The refetch an invalidation asked for has happened; until the error expires, it is the
    // answer. An error of a request the invalidation overtook answers nothing.
    invalidated: stillInvalid ? true : undefined,
    invalidatedAt: stillInvalid ? previous.invalidatedAt : undefined,
  }
  setMeta(draft, base, action.key, dropUndefined(meta))
}

/** The entity tables of a state after a response's records are written. */
interface EntityTables {
  readonly entities: State['entities']
  readonly entitiesMeta: State['entitiesMeta']
  readonly indexes: IndexTable
}

/**
 * Writes normalized records, returning the new tables (the state is not touched). A record whose
 * stored version was fetched later is skipped; a record equal to the stored one keeps the stored
 * object, so memoized reads stay valid. Tables are rebuilt with `setEntries`: it copies only the
 * shard a record lands in, where a copy of a flat table would copy every record it holds. The
 * reducer and optimistic views both write through this.
 */
export function writeEntities(base: State, entities: EntityTable, entitiesMeta: EntitiesMetaTable, indexes: IndexTable): EntityTables {
  let outEntities: Record<string, unknown> | undefined
  let outMetas: Record<string, unknown> | undefined
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
    if (pks.length > 0 || stored === undefined) (outEntities ??= Object.assign(createTable(), base.entities))[key] = setEntries(stored, pks, records)
    if (metaPks.length > 0 || storedMetas === undefined) (outMetas ??= Object.assign(createTable(), base.entitiesMeta))[key] = setEntries(storedMetas, metaPks, metas)
  }
  let outIndexes: IndexTable | undefined
  for (const key of Object.keys(indexes)) {
    outIndexes ??= Object.assign(createTable(), base.indexes) as IndexTable
    const byName = Object.assign(createTable(), outIndexes[key]) as NonNullable<IndexTable[string]>
    for (const name of Object.keys(indexes[key]!)) byName[name] = Object.assign(createTable<string>(), byName[name], indexes[key]![name])
    outIndexes[key] = byName
  }
  return {
    entities: (outEntities ?? base.entities) as State['entities'],
    entitiesMeta: (outMetas ?? base.entitiesMeta) as State['entitiesMeta'],
    indexes: outIndexes ?? base.indexes,
  }
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value)) if ((value as Record<string, unknown>)[key] === undefined) delete (value as Record<string, unknown>)[key]
  return value
}
