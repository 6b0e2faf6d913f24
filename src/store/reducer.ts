import { Immer, type Draft } from 'immer'
import { createTable, readEntry, setEntries } from '../schema/table'
import { sameRecord } from '../schema/normalize'
import type { EntityMeta, EntitiesMetaTable, EntityTable } from '../schema/index'
import { BATCH, EXPIRE_ALL, FETCH, GC, HYDRATE, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RECEIVE, REPLACE_STATE, RESET } from './actionTypes'
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
  // Not draft edits: the new state shares nothing with the old one. (A replaced state gets
  // null-prototype tables again, whether it came straight from a store or through JSON.)
  if (action.type === RESET) return createInitialState(action.date)
  if (action.type === REPLACE_STATE) return hydrateState(action.state)
  // Each response (or a batch's change) in turn, through the same path as one arriving here
  // (hydrateAction in tessera/ssr checked a hydrate holds responses).
  if (action.type === HYDRATE || action.type === BATCH) return (action.actions as readonly Action[]).reduce(reducer, state)
  // A request started before the last reset starts, or answers, into a cache that no longer asked for it.
  if (((action as { meta?: { fetchedAt?: number } }).meta?.fetchedAt as number) < state.lastReset) return state
  return produce(state, (draft) => {
    switch (action.type) {
      case FETCH:
        setMeta(draft, state, action.key, { ...selectMeta(state, action.key), pending: true })
        return
      case OPTIMISTIC:
        draft.optimistic.push({ key: action.key, args: action.args as unknown[], fetchedAt: action.meta.fetchedAt })
        return
      case RECEIVE: {
        // A mutation's answer (or error) replaces its optimistic layer; an answer also those of the
        // same call (key) started before it, as data-client clears earlier optimistic updates: the
        // server saw those first, and its answer says what they came to.
        draft.optimistic = state.optimistic.filter((layer) => layer.key !== action.key || (action.error ? layer.fetchedAt !== action.meta.fetchedAt : layer.fetchedAt > action.meta.fetchedAt)) as Draft<State['optimistic']>
        receive(draft, state, action)
        return
      }
      case INVALIDATE:
      case INVALIDATE_ALL: {
        const date = action.meta?.date
        updateMetas(draft, state, action.type === INVALIDATE ? [action.key] : action.keys, (meta) =>
          date === undefined ? { ...meta, invalidated: true, expiresAt: 0 } : { ...meta, invalidated: true, invalidatedAt: date, expiresAt: 0 },
        )
        return
      }
      case EXPIRE_ALL:
        // Stale, not missing: readers keep showing the data while it is refetched.
        updateMetas(draft, state, action.keys, (meta) => ({ ...meta, expiresAt: 0 }))
        return
      case GC:
        // setEntries without values removes the keys.
        draft.endpoints = setEntries(state.endpoints, action.keys) as Draft<State['endpoints']>
        draft.meta = setEntries(state.meta, action.keys) as Draft<State['meta']>
        for (const key of Object.keys(action.entities)) {
          const pks = action.entities[key]!
          if (state.entities[key] !== undefined) draft.entities[key] = setEntries(state.entities[key], pks) as any
          if (state.entitiesMeta[key] !== undefined) draft.entitiesMeta[key] = setEntries(state.entitiesMeta[key], pks) as any
        }
    }
  })
}

/**
 * Writes an optimistic guess (a receive action made from it) over a state, for what readers see:
 * the records through the same `writeEntities` a response takes, so a guess lands exactly where
 * the real answer will; the mutation's own result; and the results it extends (a page).
 */
export function applyGuess(state: State, action: ReceiveAction): State {
  // A view is never reduced further, so it is built without a draft.
  const { fetchedAt, date, expiresAt } = action.meta
  return {
    ...state,
    ...writeEntities(state, action.entities, action.entitiesMeta, action.pks),
    endpoints: writeResults(state, action),
    meta: setEntries(state.meta, [action.key], [{ date, fetchedAt, expiresAt }]),
  }
}

/** The endpoint results after a response: its own, and those of the keys it extends (a next page appended to its list). */
function writeResults(base: State, action: ReceiveAction): State['endpoints'] {
  const updates = action.updates ?? {}
  return setEntries(base.endpoints, [action.key, ...Object.keys(updates)], [action.result, ...Object.values(updates)])
}

type DraftState = Draft<State>

function setMeta(draft: DraftState, base: State, key: string, meta: ResponseMeta): void {
  draft.meta = setEntries(base.meta, [key], [meta]) as Draft<State['meta']>
}

/** Rewrites the meta of every key that has one. */
function updateMetas(draft: DraftState, base: State, keys: readonly string[], update: (meta: ResponseMeta) => ResponseMeta): void {
  const found: string[] = []
  const metas: ResponseMeta[] = []
  for (const key of keys) {
    const meta = selectMeta(base, key)
    if (meta === undefined) continue
    found.push(key)
    metas.push(update(meta))
  }
  draft.meta = setEntries(base.meta, found, metas) as Draft<State['meta']>
}

/** A response (or a failure) for a key. */
function receive(draft: DraftState, base: State, action: ReceiveAction | ReceiveErrorAction): void {
  // A table written back unchanged leaves the draft unmodified (immer compares what is assigned).
  if (!action.error) Object.assign(draft, writeEntities(base, action.entities, action.entitiesMeta, action.pks))
  const { fetchedAt, date, expiresAt } = action.meta
  const previous = selectMeta(base, action.key)
  // An older response never overwrites data fetched later; its entities were merged above by
  // their own fetch times, so only the endpoint's result and meta are skipped.
  if (previous?.fetchedAt !== undefined && previous.fetchedAt > fetchedAt) return
  // Invalidated while this request was out: its answer is kept, but only a request started
  // after the invalidation makes the key valid again (an error of a request the invalidation
  // overtook answers nothing either).
  const invalidatedAt = previous?.invalidatedAt
  const stillInvalid = invalidatedAt !== undefined && invalidatedAt > fetchedAt
  let meta: ResponseMeta
  if (action.error) {
    // The last good data (and its fetchedAt) stays; the error is recorded beside it. The refetch
    // an invalidation asked for has happened: until the error expires, it is the answer.
    meta = dropUndefined({
      ...previous,
      date,
      expiresAt,
      error: action.payload,
      errorPolicy: action.errorPolicy,
      pending: undefined,
      invalidated: stillInvalid || undefined,
      invalidatedAt: stillInvalid ? invalidatedAt : undefined,
    })
  } else {
    draft.endpoints = writeResults(base, action) as Draft<State['endpoints']>
    meta = stillInvalid ? { date, fetchedAt, invalidated: true, invalidatedAt, expiresAt: 0 } : { date, fetchedAt, expiresAt }
  }
  setMeta(draft, base, action.key, meta)
}

/** The entity tables of a state after a response's records are written. */
type EntityTables = Pick<State, 'entities' | 'entitiesMeta'>

/**
 * Writes normalized records, returning the new tables (the state is not touched). A record whose
 * stored version was fetched later is skipped; a record equal to the stored one keeps the stored
 * object, so memoized reads stay valid. Tables are rebuilt with `setEntries`: it copies only the
 * shard a record lands in, where a copy of a flat table would copy every record it holds. The
 * reducer and optimistic views both write through this.
 */
export function writeEntities(base: State, entities: EntityTable, entitiesMeta: EntitiesMetaTable, written?: { readonly [key: string]: readonly string[] }): EntityTables {
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
    // The pks normalize listed as it wrote them, when the action came straight from it: an
    // `Object.keys` over thousands of fresh keys is the costliest line of a first load's write.
    for (const pk of written?.[key] ?? Object.keys(incoming)) {
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
  return {
    entities: (outEntities ?? base.entities) as State['entities'],
    entitiesMeta: (outMetas ?? base.entitiesMeta) as State['entitiesMeta'],
  }
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value)) if ((value as Record<string, unknown>)[key] === undefined) delete (value as Record<string, unknown>)[key]
  return value
}
