import type { EntityTable } from '../schema/index'
import { createGC, type Action } from './actions'
import { BATCH, GC, HYDRATE, RECEIVE, REPLACE_STATE, RESET } from './actionTypes'
import type { OptimisticView } from './optimistic'
import type { Readers } from './readers'
import { selectPaths } from './selectors'
import { selectMeta, type State } from './state'

/** Default time data is kept once nobody reads it: 5 minutes. */
export const DEFAULT_GC_TIME = 5 * 60_000
/** Default number of endpoint keys one `tessera/gc` action removes. */
export const DEFAULT_GC_BATCH = 200

/** Options of the garbage collector (`createStore({ gcTime, gcBatch })`, or a GCManager in `managers`). */
export interface GCOptions {
  /** How long (ms) a key nobody reads is kept after its last response or its last reader left. `Infinity` keeps everything. */
  gcTime?: number
  /** At most this many keys per sweep, so no single action (or frame) does unbounded work. */
  gcBatch?: number
}

/** What the collector asks of its store: the clock, the state, and a dispatch for its `tessera/gc` actions. */
export interface CollectorStore {
  now(): number
  getState(): State
  dispatch(action: Action): void
}

interface KeyInfo {
  /** Last response, error, or moment the last reader left. */
  at: number
  /** Its gcTime. */
  ttl: number
  /** The entity records the key's responses wrote (what keeps them alive): per response, its entity table. */
  refs: readonly EntityTable[]
}

// A record's id in the collector: entity key, SEPARATOR, pk (an entity key never holds SEPARATOR,
// so the first one splits it back, whatever the pk holds).
const SEPARATOR = '\u0000'

/** An id's entity key and pk. */
function split(id: string): [entityKey: string, pk: string] {
  const at = id.indexOf(SEPARATOR)
  return [id.slice(0, at), id.slice(at + 1)]
}

/** Calls `fn` with the id of every record the responses wrote. */
function eachId(refs: readonly EntityTable[], fn: (id: string) => void): void {
  for (const entities of refs) for (const entityKey in entities) for (const pk in entities[entityKey]) fn(entityKey + SEPARATOR + pk)
}

/** A change of references not counted yet: the responses' tables, up (+1) or down (-1), and when. */
type Pending = readonly [refs: readonly EntityTable[], delta: 1 | -1, now: number]

/**
 * The store's garbage collector: gives back memory nobody uses. A key with no mounted reader (the
 * store's registry of mounted reads) and no request in flight is removed `gcTime` after its last
 * response (or after its last reader left), together with the entity records no remaining key
 * refers to. Removal is a plain `tessera/gc` action of at most `gcBatch` keys, dispatched when the
 * page is idle, so it appears in DevTools and a recorded log replays it exactly. What it knows
 * about references comes from the actions the store applies (`observe`); records that came in
 * through a hydrated state are never collected (keys are). Built by the store; `GCManager` only
 * configures it.
 */
export class Collector {
  #keys = new Map<string, KeyInfo>()
  /**
   * How many references the tracked keys hold to each record, brought up to date from
   * `#pending` before each read: a sweep then costs what it removes and what arrived since the
   * last one, not what the store holds (a slice at 100k keys used to walk every key's
   * references, ~90 ms), and a record that drops to no reference at all is known by then.
   */
  #counts = new Map<string, number>()
  /**
   * Reference changes not counted yet, in order. A response only queues its entity table (a 10k
   * list costs one push on the dispatch path, not 10k Map writes); the counts are brought up to
   * date, each change with its own time, before anything reads them (a sweep, a GC action), so
   * every sweep sees exactly what counting on each response gave. Counting runs in the idle
   * callback that sweeps, or once 64 changes are queued (a store that never sweeps would keep
   * the old tables alive otherwise). A response's references are its own entity table (whose
   * records are, equal ones aside, the objects the state holds), not ids built on dispatch.
   */
  #pending: Pending[] = []
  /** Records no tracked key refers to any more, oldest first: when their last reference went (collected gcTime later). */
  #orphans = new Map<string, number>()
  /**
   * Who was last seen pointing at a record: a record no key refers to stays while that one is
   * stored and still points at it (checked again each time).
   */
  #pointedBy = new Map<string, string>()
  #timer: ReturnType<typeof setTimeout> | undefined
  #idle: number | undefined
  declare readonly gcTime: number
  declare readonly gcBatch: number
  readonly #store: CollectorStore
  readonly #reads: OptimisticView
  readonly #readers: Readers

  constructor(options: GCOptions, store: CollectorStore, reads: OptimisticView, readers: Readers) {
    this.gcTime = options.gcTime ?? DEFAULT_GC_TIME
    this.gcBatch = Math.max(1, options.gcBatch ?? DEFAULT_GC_BATCH)
    this.#store = store
    this.#reads = reads
    this.#readers = readers
    // The last reader of a key went away (the registry of mounted reads says so): its gcTime starts.
    readers.subscribe((key) => {
      const info = this.#keys.get(key)
      if (info !== undefined) this.#touch(key, info, store.now())
      this.#schedule()
    })
  }

  /**
   * Runs one slice now: dispatches a `tessera/gc` action for up to `gcBatch` collectible keys,
   * with the records no remaining key, mounted read or kept record points at.
   * @returns true when collectible keys remain (another slice would remove more).
   */
  sweep(): boolean {
    this.#flush()
    const now = this.#store.now()
    // Phase 1: the keys whose gcTime has passed, that nobody reads or fetches (at most `gcBatch`).
    // A bound on what one slice examines keeps it cheap however the keys are spread.
    const limit = this.gcBatch * 4
    const drop: string[] = []
    let more = false
    let examined = 0
    // Keys are in the order they were last touched, oldest first; most share one gcTime, so the
    // scan stops early.
    for (const [key, info] of this.#keys) {
      if (info.at + info.ttl > now) {
        if (info.ttl === this.gcTime || ++examined > limit) break
        continue
      }
      if (++examined > limit) break
      if (this.#busy(key)) continue
      if (drop.length === this.gcBatch) {
        more = true
        break
      }
      drop.push(key)
    }
    // Phase 2: the records that may go: those only the dropped keys refer to (with how many of
    // their references are the dropped keys'), and orphans whose gcTime has passed.
    const candidates: string[] = []
    const own = new Map<string, number>()
    for (const key of drop) {
      eachId(this.#keys.get(key)!.refs, (id) => {
        const seen = own.get(id)
        if (seen === undefined) candidates.push(id)
        own.set(id, (seen ?? 0) + 1)
      })
    }
    // And records no key refers to any more, gcTime after they lost their last reference.
    let orphans = 0
    for (const [id, since] of this.#orphans) {
      if (since + this.gcTime > now) break
      if (++orphans > limit) {
        more = true
        break
      }
      candidates.push(id)
    }
    if (drop.length === 0 && candidates.length === 0) return false
    const view = this.#reads.view(this.#store.getState(), now)
    // Phase 3: of the candidates, those nothing keeps: no other key refers to them, no mounted
    // read shows them, and no record that stays points at them.
    let kept: Set<string> | undefined
    const remove = new Set<string>()
    const survivors: string[] = []
    for (const id of candidates) {
      const mine = own.get(id) ?? 0
      if ((this.#counts.get(id) ?? 0) > mine) {
        // A record of a dropped key that another key keeps.
        if (mine > 0) survivors.push(id)
        continue
      }
      // What a mounted component shows is never collected, whichever key brought it.
      kept ??= this.#mounted(view)
      if (kept.has(id)) {
        survivors.push(id)
        this.#restamp(id, now)
        continue
      }
      remove.add(id)
    }
    if (remove.size > 0) this.#keepReachable(remove, survivors, view, now)
    const entities: Record<string, string[]> = Object.create(null)
    for (const id of remove) {
      const [entityKey, pk] = split(id)
      ;(entities[entityKey] ??= []).push(pk)
    }
    // Nothing to remove (every orphan due is still on screen): no action.
    if (drop.length > 0 || remove.size > 0) this.#store.dispatch(createGC(drop, entities, now))
    return more
  }

  /**
   * Phase 4: what stays keeps what it points at. The summary/detail pattern: the list keeps the
   * article, but only the detail's response held its comments, so they must not go with the detail.
   */
  #keepReachable(remove: Set<string>, survivors: readonly string[], view: State, now: number): void {
    const reads = this.#reads
    // What each holder points at, read once per slice however many records it holds.
    const reach = new Map<string, Set<string>>()
    const reachOf = (holder: string): Set<string> => {
      let ids = reach.get(holder)
      if (ids === undefined) {
        reach.set(holder, (ids = new Set()))
        const [entityKey, pk] = split(holder)
        // Read with every schema that wrote its entity key in this session (a summary and its
        // detail share one); none for a key no response normalized here (a hydrated state).
        for (const schema of reads.schemas.get(entityKey) ?? []) {
          for (const path of reads.memo.denormalize(schema, pk, view.entities, []).paths) ids.add(path.key + SEPARATOR + path.pk)
        }
        ids.delete(holder)
      }
      return ids
    }
    for (const survivor of survivors) for (const id of reachOf(survivor)) this.#pointedBy.set(id, survivor)
    for (const id of remove) {
      const holder = this.#pointedBy.get(id)
      // Still stored and still pointing at it (the link may have changed since it was noted).
      if (holder === undefined || remove.has(holder) || !reachOf(holder).has(id)) continue
      remove.delete(id)
      this.#restamp(id, now)
    }
  }

  cleanup(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    if (this.#idle !== undefined) (globalThis as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(this.#idle)
    this.#timer = this.#idle = undefined
    this.#clear()
  }

  /** Forgets what the index says about the state (a reset, a replaced state, a cleanup). */
  #clear(): void {
    this.#keys.clear()
    this.#pending = []
    this.#counts.clear()
    this.#orphans.clear()
    this.#pointedBy.clear()
  }

  /** An orphan that stays is looked at again a gcTime from now. */
  #restamp(id: string, now: number): void {
    if (this.#orphans.delete(id)) this.#orphans.set(id, now)
  }

  /** Counts the queued references up (+1) or down (-1); a record whose count goes to zero becomes an orphan. */
  #flush(): void {
    const pending = this.#pending
    if (pending.length === 0) return
    this.#pending = []
    for (const [refs, delta, now] of pending) {
      eachId(refs, (id) => {
        const before = this.#counts.get(id) ?? 0
        const count = before + delta
        if (count > 0) this.#counts.set(id, count)
        else this.#counts.delete(id)
        if (count === 0 && before > 0) this.#orphans.set(id, now)
        else if (before === 0 && count > 0) this.#orphans.delete(id)
      })
    }
  }

  /**
   * A key a mounted component reads or a request is fetching: never collected. The state marks a
   * key pending from a request's start to its answer (replays included), so no second record of
   * requests in flight is kept here.
   */
  #busy(key: string): boolean {
    return this.#readers.has(key) || !!selectMeta(this.#store.getState(), key)?.pending
  }

  /** Keeps the index of keys and references in step with the state, replayed actions included: the store calls it with every applied action. */
  observe(action: Action): void {
    switch (action.type) {
      case RECEIVE: {
        const now = action.meta.date
        const gcTime = action.meta.gcTime ?? this.gcTime
        if (action.error) {
          this.#touch(action.key, this.#keys.get(action.key) ?? { at: now, ttl: gcTime, refs: [] }, now)
        } else {
          this.#setRefs(action.key, action.entities, now, gcTime, true)
          // A page appended to its list keeps its rows alive through the list too.
          if (action.updates) for (const key of Object.keys(action.updates)) this.#setRefs(key, action.entities, now, gcTime, false)
        }
        this.#schedule()
        return
      }
      case HYDRATE:
      case BATCH:
        // Counted like responses received here, so hydrated data is collected like them (and a
        // batch's changes like the same changes dispatched one by one).
        for (const inner of action.actions) this.observe(inner)
        return
      case GC:
        for (const key of action.keys) {
          const info = this.#keys.get(key)
          if (info === undefined) continue
          this.#pending.push([info.refs, -1, action.meta.date])
          this.#keys.delete(key)
        }
        this.#flush()
        // What was removed is no orphan; what a reader kept stays one, to be looked at later.
        for (const entityKey in action.entities) {
          for (const pk of action.entities[entityKey]!) {
            const id = entityKey + SEPARATOR + pk
            this.#orphans.delete(id)
            this.#pointedBy.delete(id)
          }
        }
        return
      case RESET:
      case REPLACE_STATE:
        // Nothing the index says about the old state holds any more.
        this.#clear()
    }
  }

  #setRefs(key: string, entities: EntityTable, now: number, gcTime: number, replace: boolean): void {
    const old = this.#keys.get(key)?.refs ?? []
    // New references first: a record the refetch still has never looks orphaned.
    this.#pending.push([[entities], 1, now])
    if (replace && old.length > 0) this.#pending.push([old, -1, now])
    // Bounded, for stores that never sweep (gcTime Infinity): the queue would hold old tables.
    if (this.#pending.length > 64) this.#flush()
    this.#touch(key, { at: now, ttl: gcTime, refs: replace ? [entities] : [...old, entities] }, now)
  }

  /** Moves the key to the end of the order (the newest), touched at `now`. */
  #touch(key: string, info: KeyInfo, now: number): void {
    this.#keys.delete(key)
    info.at = now
    this.#keys.set(key, info)
  }

  /** What mounted components show (pending guesses applied), by record id. */
  #mounted(view: State): Set<string> {
    const kept = new Set<string>()
    for (const { key: readKey, endpoint, args } of this.#readers.entries()) {
      for (const { key, pk } of selectPaths(view, endpoint, readKey, args, this.#reads.memo)) kept.add(key + SEPARATOR + pk)
    }
    return kept
  }

  /** A sweep when the oldest collectible key becomes due, run when the page is idle. */
  #schedule(): void {
    if (this.#timer !== undefined || this.#idle !== undefined) return
    let due = Infinity
    let examined = 0
    for (const [key, info] of this.#keys) {
      if (++examined > this.gcBatch * 4) break
      if (this.#busy(key)) continue
      due = Math.min(due, info.at + info.ttl)
      if (info.ttl === this.gcTime) break
    }
    // The oldest orphan; a reference dropped but not counted yet may make one (no earlier than
    // when it was dropped, which is as good a time to look as any).
    for (const since of this.#orphans.values()) {
      due = Math.min(due, since + this.gcTime)
      break
    }
    for (const [, delta, since] of this.#pending) {
      if (delta > 0) continue
      due = Math.min(due, since + this.gcTime)
      break
    }
    const wait = due - this.#store.now()
    // Nothing due, or a wait beyond what setTimeout takes (a test's clock far from the timers'):
    // no timer; the next response or released reader schedules again, or the app sweeps by hand.
    if (!(wait < 2 ** 31 - 1)) return
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      const run = () => {
        this.#idle = undefined
        this.sweep()
        this.#schedule()
      }
      const requestIdle = (globalThis as { requestIdleCallback?: (fn: () => void, options?: object) => number }).requestIdleCallback
      if (typeof requestIdle === 'function') this.#idle = requestIdle(run, { timeout: 1_000 })
      else run()
    }, Math.max(wait, 0))
    ;(this.#timer as { unref?: () => void }).unref?.()
  }
}
