// A batch of responses from outside this store (a server render, another tab, storage) turned
// into the action that merges it: checked, since it is untrusted, and moved to this clock. Its
// own module, so that 'tessera/offline' uses it without the server-rendering code.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development-only texts.
declare const process: { env: { NODE_ENV?: string } }

import { isRecord } from '../schema/kinds'
import { HYDRATE, RECEIVE } from '../store/actionTypes'
import type { HydrateAction, ReceiveAction } from '../store/actions'
import { NEVER } from '../schema/normalize'
import { createTable } from '../schema/table'

/**
 * What the server sends: the responses its store received since the last batch, and the server's
 * clock when it sent them, so the browser can judge expiry by the age of the data rather than by
 * a clock that may be minutes off. Plain JSON.
 */
export interface ServerDataBatch {
  /** The server's clock (ms since the epoch) when the batch was taken. */
  readonly now: number
  readonly actions: readonly ReceiveAction[]
}

/** A problem with server data: what was wrong and where, so the page's author can find it. */
export class ServerDataError extends Error {
  override name = 'ServerDataError'
}

/**
 * Turns a batch the server sent into the action that merges it, after checking its shape (it
 * came through the page, so it is untrusted like any response). Times move to this clock:
 * data the server fetched 2 s before sending it was fetched 2 s before `now` here, however far
 * apart the two clocks are, so it stays valid for as long as it would have on the server.
 * @throws {ServerDataError} for anything that is not a batch of responses; nothing is applied.
 */
export function hydrateAction(batch: ServerDataBatch, now: number = Date.now()): HydrateAction {
  const fail = (where: string, what: string): never => {
    throw new ServerDataError(
      process.env.NODE_ENV !== 'production'
        ? `tessera/ssr: the server data is malformed at ${where}: ${what}. Nothing of this batch was applied.`
        : `Tessera E600: ${where}`,
    )
  }
  if (!isRecord(batch) || !Number.isFinite(batch.now)) fail('the batch', 'expected { now, actions } with now a number')
  if (!Array.isArray(batch.actions)) fail('actions', 'expected a list of responses')
  const shift = now - batch.now
  const at = (time: unknown, where: string): number => {
    if (typeof time !== 'number' || Number.isNaN(time)) fail(where, `expected a time, got ${JSON.stringify(time)}`)
    // "Never" stays never; anything else moves with the clock.
    return (time as number) >= NEVER ? NEVER : (time as number) + shift
  }
  const actions = batch.actions.map((action, index): ReceiveAction => {
    const where = `actions[${index}]`
    if (!isRecord(action) || action.type !== RECEIVE || action.error) fail(where, 'expected a response (a tessera/receive action without an error)')
    if (typeof action.key !== 'string') fail(`${where}.key`, 'expected a string')
    if (!isRecord(action.meta)) fail(`${where}.meta`, 'expected { date, fetchedAt, expiresAt }')
    if (!isRecord(action.entities) || !isRecord(action.entitiesMeta)) fail(where, 'expected entities and entitiesMeta tables')
    if (action.updates !== undefined && !isRecord(action.updates)) fail(`${where}.updates`, 'expected an object')
    const entities = createTable<any>()
    const entitiesMeta = createTable<any>()
    for (const entityKey of Object.keys(action.entities)) {
      const records = (action.entities as Record<string, unknown>)[entityKey]
      if (!isRecord(records)) fail(`${where}.entities.${entityKey}`, 'expected a table of records')
      entities[entityKey] = copyTable(records as Record<string, unknown>, (record, pk) => {
        // A record, a Collection's list of pks, or null: a deleted entity's tombstone.
        if (typeof record !== 'object') fail(`${where}.entities.${entityKey}.${pk}`, 'expected a record')
        return record
      })
    }
    for (const entityKey of Object.keys(action.entitiesMeta)) {
      const metas = (action.entitiesMeta as Record<string, unknown>)[entityKey]
      if (!isRecord(metas)) fail(`${where}.entitiesMeta.${entityKey}`, 'expected a table')
      entitiesMeta[entityKey] = copyTable(metas as Record<string, unknown>, (meta, pk) => {
        const path = `${where}.entitiesMeta.${entityKey}.${pk}`
        if (!isRecord(meta)) fail(path, 'expected { date, fetchedAt, expiresAt }')
        const { date, fetchedAt, expiresAt } = meta as Record<string, unknown>
        return { date: at(date, `${path}.date`), fetchedAt: at(fetchedAt, `${path}.fetchedAt`), expiresAt: at(expiresAt, `${path}.expiresAt`) }
      })
    }
    const { date, fetchedAt, expiresAt, gcTime } = action.meta
    const meta = {
      date: at(date, `${where}.meta.date`),
      fetchedAt: at(fetchedAt, `${where}.meta.fetchedAt`),
      expiresAt: at(expiresAt, `${where}.meta.expiresAt`),
      ...(typeof gcTime === 'number' && { gcTime }),
    }
    const args = Array.isArray(action.args) ? action.args : []
    return {
      type: RECEIVE,
      key: action.key,
      args,
      result: action.result,
      entities,
      entitiesMeta,
      meta,
      ...(action.updates !== undefined && { updates: copyTable(action.updates as Record<string, unknown>, (value) => value) }),
    }
  })
  return { type: HYDRATE, actions }
}


/** A null-prototype copy, so a key like "__proto__" from the page stays a key. */
function copyTable<T>(input: Record<string, unknown>, each: (value: unknown, key: string) => T): Record<string, T> {
  const out: Record<string, T> = Object.create(null)
  for (const key of Object.keys(input)) out[key] = each(input[key], key)
  return out
}

