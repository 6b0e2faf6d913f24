import type { Action } from '../store/actions'
import { BATCH, HYDRATE, RECEIVE } from '../store/actionTypes'
import { readEntry, tableKeys, type RecordTable } from '../schema/table'
import type { State } from '../store/state'
import type { Recorder } from './recorder'

/** A pending guess on a record: what an optimistic update shows instead of what the cache holds. */
export interface Guess {
  /** The fields the guess changes (every field when it adds or deletes the record). */
  readonly fields: readonly string[]
  /** The guessed record; null when the guess deletes it. */
  readonly value: unknown
  /** The endpoint keys of the mutations still waiting for their answer (whose guesses are applied). */
  readonly mutations: readonly string[]
}

/** One entity record as the Entities tab shows it. */
export interface EntityRecord {
  readonly pk: string
  /** The stored record; null for a tombstone (a deleted record, kept so lists drop it). */
  readonly value: unknown
  readonly tombstone: boolean
  readonly meta: unknown
  /** The endpoint keys whose data holds it. */
  readonly heldBy: readonly string[]
  /** What the pending mutations make readers see instead, if anything. */
  readonly guess: Guess | undefined
}

/** One entity type (its key, such as `Article`) and its records, by pk. */
export interface EntityType {
  readonly key: string
  readonly records: readonly EntityRecord[]
}

/** Records which keys' latest responses wrote which records (`Type\0pk` → keys). */
function holders(recorder: Recorder, state: State): Map<string, Set<string>> {
  const latest = new Map<string, Record<string, RecordTable>>()
  const visit = (action: Action) => {
    if (action.type === BATCH || action.type === HYDRATE) return action.actions.forEach(visit)
    if (action.type !== RECEIVE || action.error) return
    latest.set(action.key, action.entities as Record<string, RecordTable>)
    for (const key of Object.keys(action.updates ?? {})) latest.set(key, action.entities as Record<string, RecordTable>)
  }
  for (const entry of recorder.actions()) visit(entry.action)
  const held = new Map<string, Set<string>>()
  const add = (type: string, pk: string, key: string) => {
    const id = `${type}\u0000${pk}`
    ;(held.get(id) ?? held.set(id, new Set()).get(id)!).add(key)
  }
  // Only keys the state still has: a collected or removed key holds nothing.
  const present = new Set(tableKeys(state.endpoints))
  for (const [key, entities] of latest) if (present.has(key)) for (const type of Object.keys(entities)) for (const pk of tableKeys(entities[type])) add(type, pk, key)
  // Mounted reads: the controller knows exactly which records each is built from, recorded or not.
  for (const read of recorder.store.inspect().readers.entries()) {
    for (const path of recorder.store.controller.pathsOf(read.endpoint, read.args, state)) add(path.key, path.pk, read.key)
  }
  return held
}

/** The fields whose values differ between two records (all of either when one is not an object). */
function changedFields(before: unknown, after: unknown): string[] {
  if (typeof before !== 'object' || before === null || typeof after !== 'object' || after === null) {
    return Object.keys((after ?? before ?? {}) as object)
  }
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...fields].filter((field) => JSON.stringify((before as Record<string, unknown>)[field]) !== JSON.stringify((after as Record<string, unknown>)[field]))
}

/**
 * Every entity type and record in the store's state, with the keys that hold each, the pending
 * guesses on it (the store's view with optimistic layers applied, compared with the state) and
 * tombstones. Types and pks sorted.
 */
export function describeEntities(recorder: Recorder): EntityType[] {
  const { store } = recorder
  const state = store.getState()
  const view = store.controller.view(state)
  const held = holders(recorder, state)
  const mutations = state.optimistic.map((layer) => layer.key)
  const types = new Set([...Object.keys(state.entities), ...Object.keys(view.entities)])
  return [...types].sort().map((type) => {
    const stored = (state.entities as Record<string, RecordTable>)[type]
    const shown = (view.entities as Record<string, RecordTable>)[type]
    const pks = new Set([...tableKeys(stored), ...tableKeys(shown)])
    const records = [...pks].sort().map((pk): EntityRecord => {
      const value = readEntry(stored, pk)
      const guessed = readEntry(shown, pk)
      const differs = guessed !== value && JSON.stringify(guessed) !== JSON.stringify(value)
      return {
        pk,
        value: value ?? null,
        tombstone: value === null || typeof value === 'symbol',
        meta: readEntry((state.entitiesMeta as Record<string, RecordTable>)[type], pk),
        heldBy: [...(held.get(`${type}\u0000${pk}`) ?? [])].sort(),
        guess: differs ? { fields: changedFields(value, guessed), value: guessed ?? null, mutations } : undefined,
      }
    })
    return { key: type, records }
  })
}

/** How many records the state holds, tombstones included: the Entities tab's heading. */
export function countRecords(types: readonly EntityType[]): number {
  return types.reduce((sum, type) => sum + type.records.length, 0)
}
