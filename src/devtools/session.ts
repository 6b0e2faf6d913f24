import type { Action } from '../store/actions'
import { BATCH, EXPIRE_ALL, FETCH, GC, HYDRATE, INVALIDATE, INVALIDATE_ALL, OPTIMISTIC, RECEIVE, REPLACE_STATE, RESET } from '../store/actionTypes'
import { reducer } from '../store/reducer'
import { hydrateState, type State } from '../store/state'
import { describeAction, type RecordedAction, type Recorder, type ReplayedSession } from './recorder'

/** What a session file says it is. */
export const SESSION_FORMAT = 'tessera-devtools-session'
/** The version of the session format this panel writes and reads. */
export const SESSION_VERSION = 1
/** The largest session file read (characters): a bug report, not a database dump. */
export const MAX_SESSION_SIZE = 20_000_000
/** The most actions a session may hold. */
export const MAX_SESSION_ACTIONS = 10_000
/** How deep a session's JSON may nest (deeper is no state the store writes, and would exhaust the stack). */
const MAX_DEPTH = 200

/** A recorded session as it is saved: the state it starts from and every action since, with its time. */
export interface Session {
  readonly format: typeof SESSION_FORMAT
  readonly version: typeof SESSION_VERSION
  /** The recorder's name (the store's). */
  readonly name: string
  /** When it was exported (ms since the epoch). */
  readonly exportedAt: number
  readonly initialState: State
  readonly actions: readonly { readonly time: number; readonly action: Action }[]
}

/** Options of `exportSession`. */
export interface ExportOptions {
  /**
   * Rewrites each action before it is saved: return it changed (a token blanked, a password
   * removed), or null to leave it out. Runs on a JSON copy, so it may change what it is given.
   */
  readonly redact?: (action: Action) => Action | null
  /** Rewrites the starting state before it is saved (same rules: a JSON copy, return it). */
  readonly redactState?: (state: State) => State
}

/** A session file was refused: its message says why, in one line. */
export class SessionError extends Error {
  override name = 'SessionError'
}

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value))

/**
 * The recording as a session (JSON-ready): its starting state and each kept action with its time,
 * redacted by `options`. A maintainer opens it with `parseSession` + `replaySession`.
 */
export function exportSession(recorder: Recorder, options: ExportOptions = {}, exportedAt = Date.now()): Session {
  const initialState = copy(recorder.initialState)
  const actions: { time: number; action: Action }[] = []
  for (const entry of recorder.actions()) {
    const action = options.redact ? options.redact(copy(entry.action)) : copy(entry.action)
    if (action !== null) actions.push({ time: entry.time, action })
  }
  return { format: SESSION_FORMAT, version: SESSION_VERSION, name: recorder.name, exportedAt, initialState: options.redactState ? options.redactState(initialState) : initialState, actions }
}

const TYPES = new Set<string>([FETCH, RECEIVE, OPTIMISTIC, INVALIDATE, INVALIDATE_ALL, EXPIRE_ALL, RESET, REPLACE_STATE, GC, HYDRATE, BATCH])

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The first reason `action` is no action the reducer takes, or undefined. */
function actionProblem(action: unknown): string | undefined {
  if (!isObject(action)) return 'is not an object'
  if (typeof action.type !== 'string' || !TYPES.has(action.type)) return `has an unknown type ${JSON.stringify(action.type)?.slice(0, 40)}`
  if ('key' in action && typeof action.key !== 'string') return 'has a key that is not a string'
  if ('keys' in action && !(Array.isArray(action.keys) && action.keys.every((key) => typeof key === 'string'))) return 'has keys that are not strings'
  if (action.type === BATCH || action.type === HYDRATE) {
    if (!Array.isArray(action.actions)) return 'has no list of actions'
    for (const inner of action.actions) {
      const problem = actionProblem(inner)
      if (problem) return `holds an action that ${problem}`
    }
  }
  if ((action.type === FETCH || action.type === RECEIVE || action.type === OPTIMISTIC) && !isObject(action.meta)) return 'has no meta'
  if (action.type === REPLACE_STATE && !isObject(action.state)) return 'has no state'
  return undefined
}

/** Throws a SessionError if `value` nests deeper than MAX_DEPTH. */
function checkDepth(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null) return
  if (depth > MAX_DEPTH) throw new SessionError(`This session file nests deeper than ${MAX_DEPTH} levels: refused.`)
  for (const inner of Object.values(value)) checkDepth(inner, depth + 1)
}

/**
 * Reads a session file, refusing anything this panel did not write: text over MAX_SESSION_SIZE,
 * no JSON, another format or version, a `__proto__` key anywhere (a prototype-pollution attempt),
 * nesting deeper than 200, or a wrong shape (no state, more than MAX_SESSION_ACTIONS actions, an
 * action of an unknown type or without its fields). Nothing is changed by a refused file.
 * @throws {SessionError} with one line saying what is wrong.
 */
export function parseSession(text: string): Session {
  if (typeof text !== 'string') throw new SessionError('A session is read from the text of its file.')
  if (text.length > MAX_SESSION_SIZE) throw new SessionError(`This session file is too large (${(text.length / 1e6).toFixed(1)} MB; at most ${MAX_SESSION_SIZE / 1e6} MB).`)
  let data: unknown
  try {
    data = JSON.parse(text, (key, value) => {
      if (key === '__proto__') throw new SessionError('This session file holds a "__proto__" key, which no session has: refused.')
      return value
    })
  } catch (error) {
    if (error instanceof SessionError) throw error
    throw new SessionError(`This session file is not JSON (${(error as Error).message.split('\n')[0]}).`)
  }
  checkDepth(data)
  if (!isObject(data) || data.format !== SESSION_FORMAT) throw new SessionError(`This is not a Tessera devtools session (it has no "format": "${SESSION_FORMAT}").`)
  if (data.version !== SESSION_VERSION) throw new SessionError(`This session is version ${JSON.stringify(data.version)?.slice(0, 20)}; this panel reads version ${SESSION_VERSION}.`)
  if (!isObject(data.initialState)) throw new SessionError('This session has no starting state ("initialState" is not an object).')
  if (!Array.isArray(data.actions)) throw new SessionError('This session has no list of actions ("actions" is not an array).')
  if (data.actions.length > MAX_SESSION_ACTIONS) throw new SessionError(`This session holds ${data.actions.length} actions; at most ${MAX_SESSION_ACTIONS} are read.`)
  data.actions.forEach((entry: unknown, index: number) => {
    if (!isObject(entry) || typeof entry.time !== 'number' || !Number.isFinite(entry.time)) throw new SessionError(`Action ${index + 1} of this session has no time.`)
    const problem = actionProblem(entry.action)
    if (problem) throw new SessionError(`Action ${index + 1} of this session ${problem}.`)
  })
  return { format: SESSION_FORMAT, version: SESSION_VERSION, name: typeof data.name === 'string' ? data.name.slice(0, 200) : 'session', exportedAt: typeof data.exportedAt === 'number' ? data.exportedAt : 0, initialState: data.initialState as unknown as State, actions: data.actions as Session['actions'] }
}

/**
 * Replays a session through the reducer, from its starting state: every action with the state
 * after it, as the recorder described them where the session was recorded (`recorder.load` shows
 * it). Nothing touches a store.
 * @throws {SessionError} when an action cannot be applied (a shape the checks let through).
 */
export function replaySession(session: Session): ReplayedSession {
  let state: State
  try {
    state = hydrateState(session.initialState)
  } catch (error) {
    throw new SessionError(`The starting state of this session could not be read (${(error as Error).message}).`)
  }
  const initialState = state
  const actions: RecordedAction[] = session.actions.map(({ time, action }, index) => {
    try {
      // A replaced state went through JSON: its tables get null prototypes again, as on a jump.
      const applied = action.type === REPLACE_STATE ? { ...action, state: hydrateState(action.state) } : action
      state = reducer(state, applied)
    } catch (error) {
      throw new SessionError(`Action ${index + 1} of this session (${action.type}) could not be replayed (${(error as Error).message}).`)
    }
    return describeAction(index + 1, time, action, state)
  })
  return { name: session.name, initialState, actions }
}
