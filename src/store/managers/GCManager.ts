import type { EntityPath, EntityTable } from '../../schema/index'
import type { EndpointInterface } from '../../endpoint/types'
import { createGC, type Action } from '../actions'
import { FETCH, GC, RECEIVE, REPLACE_STATE, RESET } from '../actionTypes'
import type { Manager, Middleware } from '../Manager'
import type { State } from '../state'

/** Default time data is kept once nobody reads it: 5 minutes. */
export const DEFAULT_GC_TIME = 5 * 60_000
/** Default number of endpoint keys one `tessera/gc` action removes. */
export const DEFAULT_GC_BATCH = 200

/** Options of the garbage collector (`createStore({ gcTime, gcBatch })`). */
export interface GCOptions {
  /** How long (ms) a key nobody reads is kept after its last response or its last reader left. `Infinity` keeps everything. */
  gcTime?: number
  /** At most this many keys per sweep, so no single action (or frame) does unbounded work. */
  gcBatch?: number
}

/** What the collector needs from the controller. */
export interface GCHost {
  now(): number
  getState(): State
  dispatch(action: Action): void
  /** The entity records a mounted read is built from (they are not collected). */
  pathsOf(endpoint: EndpointInterface, args: readonly unknown[], state: State): readonly EntityPath[]
  /** The records a stored record points at, itself included (empty when its schema is unknown). */
  pathsFrom(entityKey: string, pk: string, state: State): readonly EntityPath[]
}

interface KeyInfo {
  /** Last response, error, or moment the last reader left. */
  touchedAt: number
  gcTime: number
  /**
   * The entity records the key's responses wrote (what keeps them alive): per response, the pks
   * by entity key (counted in `ReferenceCounts`).
   */
  refs: readonly Refs[]
}

interface Reader {
  count: number
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
}

const SEPARATOR = '\u0000'

/** The pks one response wrote, by entity key. */
type Refs = { readonly [entityKey: string]: readonly string[] }
const NO_REFS: readonly Refs[] = []

function refsOf(entities: EntityTable): Refs {
  const refs: Record<string, string[]> = Object.create(null)
  for (const entityKey of Object.keys(entities)) refs[entityKey] = Object.keys(entities[entityKey]!)
  return refs
}

/** A record no tracked key refers to any more (a refetch left it out, or its key was dropped while it was on screen). */
interface Orphan {
  readonly entityKey: string
  readonly pk: string
  /** When its last reference went away; it is collected gcTime later. */
  readonly since: number
}

/**
 * How many references the tracked keys hold to each record, by entity key then pk, kept in step
 * with every response and removal: a sweep then costs what it removes, not what the store holds
 * (a slice at 100k keys used to walk every key's references, ~90 ms), and a record that drops
 * to no reference at all is known at once (see `orphans`).
 */
class ReferenceCounts {
  private readonly byEntity = new Map<string, Map<string, number>>()
  /** Records whose count went to zero, oldest first, by entity key + SEPARATOR + pk. */
  readonly orphans = new Map<string, Orphan>()

  count(entityKey: string, pk: string): number {
    return this.byEntity.get(entityKey)?.get(pk) ?? 0
  }

  add(refs: readonly Refs[], delta: 1 | -1, now: number): void {
    for (const response of refs) {
      for (const entityKey in response) {
        let byPk = this.byEntity.get(entityKey)
        if (byPk === undefined) this.byEntity.set(entityKey, (byPk = new Map()))
        for (const pk of response[entityKey]!) {
          const before = byPk.get(pk) ?? 0
          const count = before + delta
          if (count > 0) byPk.set(pk, count)
          else byPk.delete(pk)
          if (count === 0 && before > 0) this.orphans.set(entityKey + SEPARATOR + pk, { entityKey, pk, since: now })
          else if (before === 0 && count > 0 && this.orphans.size > 0) this.orphans.delete(entityKey + SEPARATOR + pk)
        }
      }
    }
  }

  clear(): void {
    this.byEntity.clear()
    this.orphans.clear()
  }
}

/**
 * Gives back memory nobody uses. A key with no mounted reader and no request in flight is
 * removed `gcTime` after its last response (or after its last reader left), together with the
 * entity records no remaining key refers to. Removal is a plain `tessera/gc` action of at most
 * `gcBatch` keys, dispatched when the page is idle, so it appears in DevTools and a recorded
 * log replays it exactly. What it knows about references comes from the actions it sees;
 * records that came in through a hydrated state are never collected (keys are).
 */
export class GCManager implements Manager {
  private readonly keys = new Map<string, KeyInfo>()
  private readonly readers = new Map<string, Reader>()
  private readonly inflight = new Map<string, number>()
  private readonly counts = new ReferenceCounts()
  /**
   * Who was last seen pointing at a record, by entity key + SEPARATOR + pk: a record no key
   * refers to stays while that one is stored and still points at it (checked again each time).
   */
  private readonly pointedBy = new Map<string, Orphan>()
  private host: GCHost | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private idle: number | undefined
  readonly gcTime: number
  readonly gcBatch: number

  constructor(options: GCOptions = {}) {
    this.gcTime = options.gcTime ?? DEFAULT_GC_TIME
    this.gcBatch = Math.max(1, options.gcBatch ?? DEFAULT_GC_BATCH)
  }

  /** Connects the collector to the store it sweeps. */
  attach(host: GCHost): void {
    this.host = host
  }

  middleware: Middleware = () => (next) => (action) => {
    next(action)
    this.observe(action)
  }

  /** The middleware that watches actions for what they store and reference (data-client's Manager contract). */
  getMiddleware(): Middleware {
    return this.middleware
  }

  /** A component started reading `key`: its data stays while it is mounted. */
  retain(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
    const reader = this.readers.get(key)
    if (reader !== undefined) reader.count++
    else this.readers.set(key, { count: 1, endpoint, args })
  }

  /** A reader of `key` went away; with the last one, its gcTime starts. */
  release(key: string): void {
    const reader = this.readers.get(key)
    if (reader === undefined) return
    if (--reader.count > 0) return
    this.readers.delete(key)
    const info = this.keys.get(key)
    if (info !== undefined && this.host !== undefined) this.touch(key, info, this.host.now())
    this.schedule()
  }

  /**
   * Runs one slice now: dispatches a `tessera/gc` action for up to `gcBatch` collectible keys.
   * @returns true when collectible keys remain (another slice would remove more).
   */
  sweep(): boolean {
    const host = this.host
    if (host === undefined) return false
    const now = host.now()
    const drop: string[] = []
    let more = false
    let examined = 0
    // Keys are in the order they were last touched, oldest first; most share one gcTime, so the
    // scan stops early; a bound on what one slice examines keeps it cheap when they do not.
    for (const [key, info] of this.keys) {
      if (info.touchedAt + info.gcTime > now) {
        if (info.gcTime === this.gcTime) break
        if (++examined > this.gcBatch * 4) break
        continue
      }
      if (++examined > this.gcBatch * 4) break
      if (this.readers.has(key) || (this.inflight.get(key) ?? 0) > 0) continue
      if (drop.length === this.gcBatch) {
        more = true
        break
      }
      drop.push(key)
    }
    // The records only the dropped keys refer to: every reference to them is one of theirs.
    const candidates: Orphan[] = []
    const own = new Map<string, number>()
    for (const key of drop) {
      for (const refs of this.keys.get(key)!.refs) {
        for (const entityKey in refs) {
          for (const pk of refs[entityKey]!) {
            const id = entityKey + SEPARATOR + pk
            const seen = own.get(id)
            if (seen === undefined) candidates.push({ entityKey, pk, since: now })
            own.set(id, (seen ?? 0) + 1)
          }
        }
      }
    }
    // And records no key refers to any more, gcTime after they lost their last reference.
    let orphans = 0
    for (const orphan of this.counts.orphans.values()) {
      if (orphan.since + this.gcTime > now) break
      if (++orphans > this.gcBatch * 4) {
        more = true
        break
      }
      candidates.push(orphan)
    }
    if (drop.length === 0 && candidates.length === 0) return false
    const state = host.getState()
    let kept: Set<string> | undefined
    const remove = new Map<string, Orphan>()
    const survivors: Orphan[] = []
    for (const candidate of candidates) {
      const { entityKey, pk } = candidate
      const id = entityKey + SEPARATOR + pk
      const mine = own.get(id) ?? 0
      if (this.counts.count(entityKey, pk) > mine) {
        // A record of a dropped key that another key keeps.
        if (mine > 0) survivors.push(candidate)
        continue
      }
      // What a mounted component shows is never collected, whichever key brought it.
      kept ??= this.mountedRecords(state)
      if (kept.has(id)) {
        survivors.push(candidate)
        this.restamp(id, candidate, now)
        continue
      }
      remove.set(id, candidate)
    }
    // What stays keeps what it points at. The summary/detail pattern: the list keeps the article,
    // but only the detail's response held its comments, so they must not go with the detail.
    if (remove.size > 0) {
      // What each holder points at, read once per slice however many records it holds.
      const reach = new Map<string, Set<string>>()
      const reachOf = (holder: Orphan): Set<string> => {
        const holderId = holder.entityKey + SEPARATOR + holder.pk
        let ids = reach.get(holderId)
        if (ids === undefined) {
          ids = new Set()
          for (const { key, pk } of host.pathsFrom(holder.entityKey, holder.pk, state)) ids.add(key + SEPARATOR + pk)
          ids.delete(holderId)
          reach.set(holderId, ids)
        }
        return ids
      }
      for (const survivor of survivors) for (const id of reachOf(survivor)) this.pointedBy.set(id, survivor)
      for (const [id, candidate] of remove) {
        const holder = this.pointedBy.get(id)
        if (holder === undefined || remove.has(holder.entityKey + SEPARATOR + holder.pk)) continue
        // Still stored and still pointing at it (the link may have changed since it was noted).
        if (!reachOf(holder).has(id)) continue
        remove.delete(id)
        this.restamp(id, candidate, now)
      }
    }
    const entities: Record<string, string[]> = Object.create(null)
    for (const { entityKey, pk } of remove.values()) (entities[entityKey] ??= []).push(pk)
    // Nothing to remove (every orphan due is still on screen): no action.
    if (drop.length > 0 || Object.keys(entities).length > 0) host.dispatch(createGC(drop, entities, now))
    return more
  }

  /** An orphan that stays is looked at again a gcTime from now. */
  private restamp(id: string, record: Orphan, now: number): void {
    if (this.counts.orphans.delete(id)) this.counts.orphans.set(id, { entityKey: record.entityKey, pk: record.pk, since: now })
  }

  cleanup(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    if (this.idle !== undefined) (globalThis as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(this.idle)
    this.timer = this.idle = undefined
    this.keys.clear()
    this.inflight.clear()
    this.counts.clear()
    this.pointedBy.clear()
  }

  /** Keeps the index of keys and references in step with the state, replayed actions included. */
  private observe(action: Action): void {
    switch (action.type) {
      case FETCH:
        this.inflight.set(action.key, (this.inflight.get(action.key) ?? 0) + 1)
        return
      case RECEIVE: {
        const pending = (this.inflight.get(action.key) ?? 0) - 1
        if (pending > 0) this.inflight.set(action.key, pending)
        else this.inflight.delete(action.key)
        const now = action.meta.date
        const gcTime = action.meta.gcTime ?? this.gcTime
        if (action.error) {
          const info = this.keys.get(action.key)
          this.touch(action.key, info ?? { touchedAt: now, gcTime, refs: NO_REFS }, now)
        } else {
          this.setRefs(action.key, action.entities, now, gcTime, true)
          // A page appended to its list keeps its rows alive through the list too.
          if (action.updates) for (const key of Object.keys(action.updates)) this.setRefs(key, action.entities, now, gcTime, false)
        }
        this.schedule()
        return
      }
      case GC:
        for (const key of action.keys) {
          const info = this.keys.get(key)
          if (info === undefined) continue
          this.counts.add(info.refs, -1, action.meta.date)
          this.keys.delete(key)
        }
        // What was removed is no orphan; what a reader kept stays one, to be looked at later.
        for (const entityKey in action.entities) {
          for (const pk of action.entities[entityKey]!) {
            this.counts.orphans.delete(entityKey + SEPARATOR + pk)
            this.pointedBy.delete(entityKey + SEPARATOR + pk)
          }
        }
        return
      case RESET:
      case REPLACE_STATE:
        // Nothing the index says about the old state holds any more.
        this.keys.clear()
        this.inflight.clear()
        this.counts.clear()
        this.pointedBy.clear()
        return
    }
  }

  private setRefs(key: string, written: EntityTable, now: number, gcTime: number, replace: boolean): void {
    const old = this.keys.get(key)?.refs ?? NO_REFS
    const refs = refsOf(written)
    // New references first: a record the refetch still has never looks orphaned.
    this.counts.add([refs], 1, now)
    if (replace) this.counts.add(old, -1, now)
    this.touch(key, { touchedAt: now, gcTime, refs: replace ? [refs] : [...old, refs] }, now)
  }

  /** Moves the key to the end of the order (the newest), touched at `now`. */
  private touch(key: string, info: KeyInfo, now: number): void {
    this.keys.delete(key)
    info.touchedAt = now
    this.keys.set(key, info)
  }

  private mountedRecords(state: State): Set<string> {
    const kept = new Set<string>()
    for (const { endpoint, args } of this.readers.values()) {
      for (const { key, pk } of this.host!.pathsOf(endpoint, args, state)) kept.add(key + SEPARATOR + pk)
    }
    return kept
  }

  /** A sweep when the oldest collectible key becomes due, run when the page is idle. */
  private schedule(): void {
    if (this.timer !== undefined || this.idle !== undefined || this.host === undefined) return
    let due = Infinity
    let examined = 0
    for (const [key, info] of this.keys) {
      if (++examined > this.gcBatch * 4) break
      if (this.readers.has(key) || (this.inflight.get(key) ?? 0) > 0) continue
      due = Math.min(due, info.touchedAt + info.gcTime)
      if (info.gcTime === this.gcTime) break
    }
    for (const orphan of this.counts.orphans.values()) {
      due = Math.min(due, orphan.since + this.gcTime)
      break
    }
    const wait = due - this.host.now()
    // Nothing due, or a wait beyond what setTimeout takes (a test's clock far from the timers'):
    // no timer; the next response or released reader schedules again, or the app sweeps by hand.
    if (!(wait < 2 ** 31 - 1)) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      const run = () => {
        this.idle = undefined
        this.sweep()
        this.schedule()
      }
      const requestIdle = (globalThis as { requestIdleCallback?: (fn: () => void, options?: object) => number }).requestIdleCallback
      if (typeof requestIdle === 'function') this.idle = requestIdle(run, { timeout: 1_000 })
      else run()
    }, Math.max(wait, 0))
    ;(this.timer as { unref?: () => void }).unref?.()
  }
}
