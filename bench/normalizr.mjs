// Schema-engine benchmarks: tessera vs @data-client/normalizr vs normalizr (classic).
//
// Every case checks its output first: the denormalized data of every library must deep-equal the
// original input (compared as plain JSON, key order ignored), and the update-one case asserts how
// many list rows got a new object on every single iteration.

import { compare, formatMs, table } from './harness.mjs'
import { DataClientEntity } from './dataclient-entity.mjs'
import { LABEL_COUNT, USER_COUNT, loadProjects, makeChange, makeIssues } from './fixtures.mjs'

// ---------------------------------------------------------------------------------------------
// Schemas: one definition, instantiated on tessera's Entity and on the minimal data-client Entity.

export function makeSchemas(Base) {
  class BuildType extends Base {
    id = ''
    internalId = ''
    name = ''
    type = ''
    paused = false
    projectId = ''
    pk() {
      return this.id
    }
    static key = 'BuildType'
  }
  class Project extends Base {
    id = ''
    internalId = ''
    name = ''
    parentProjectId = ''
    archived = false
    buildTypes = null
    pk() {
      return this.id
    }
    static key = 'Project'
    static schema = { buildTypes: { buildType: [BuildType] } }
  }
  class User extends Base {
    id = 0
    login = ''
    pk() {
      return this.id
    }
    static key = 'User'
  }
  class Label extends Base {
    id = 0
    name = ''
    color = ''
    pk() {
      return this.id
    }
    static key = 'Label'
  }
  class Issue extends Base {
    id = 0
    number = 0
    title = ''
    state = ''
    createdAt = ''
    author = null
    labels = []
    pk() {
      return this.id
    }
    static key = 'Issue'
    static schema = { author: User, labels: [Label] }
  }
  return { projects: { project: [Project] }, Issue, issueList: [Issue] }
}

function makeClassicSchemas(schema) {
  const buildType = new schema.Entity('BuildType')
  const project = new schema.Entity('Project', { buildTypes: { buildType: [buildType] } })
  return { projects: { project: [project] } }
}

// ---------------------------------------------------------------------------------------------
// Correctness helpers

const toPlain = (value) => JSON.parse(JSON.stringify(value))

/** Deep equality of JSON values, ignoring object key order; returns the first differing path. */
function firstDifference(a, b, path = '$') {
  if (a === b) return undefined
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${JSON.stringify(a)} !== ${JSON.stringify(b)}`
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`
  if (Array.isArray(a)) {
    if (a.length !== b.length) return `${path}: length ${a.length} !== ${b.length}`
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`)
      if (d) return d
    }
    return undefined
  }
  const ak = Object.keys(a).sort()
  const bk = Object.keys(b).sort()
  if (ak.join('\u0000') !== bk.join('\u0000')) return `${path}: keys [${ak}] !== [${bk}]`
  for (const k of ak) {
    const d = firstDifference(a[k], b[k], `${path}.${k}`)
    if (d) return d
  }
  return undefined
}

function assertSame(label, actual, expected) {
  const d = firstDifference(toPlain(actual), toPlain(expected))
  if (d) throw new Error(`Correctness check failed (${label}): ${d}`)
}

function assert(condition, message) {
  if (!condition) throw new Error(`Assertion failed: ${message}`)
}

// ---------------------------------------------------------------------------------------------
// Store writes

const emptyStore = () => ({ entities: {}, indexes: {}, entitiesMeta: {} })

/**
 * Writes per-key tables of `changes` into copies of the tables they change. With `skipSame`, a
 * record that is the stored object already is not a change (tessera's normalize returns the stored
 * object when the merged record equals it; the store's reducer skips those too), so a table whose
 * records all stayed keeps its identity.
 */
function writeTables(tables, changes, depth, skipSame) {
  let next = tables
  for (const key of Object.keys(changes)) {
    const table = tables[key]
    const incoming = changes[key]
    let value
    if (depth === 1) {
      const keys = skipSame && table !== undefined ? Object.keys(incoming).filter((pk) => table[pk] !== incoming[pk]) : null
      if (keys !== null && keys.length === 0) continue
      value = Object.assign(Object.create(null), table)
      if (keys === null) Object.assign(value, incoming)
      else for (const pk of keys) value[pk] = incoming[pk]
    } else {
      value = writeTables(table ?? Object.create(null), incoming, depth - 1, false)
    }
    if (next === tables) next = { ...tables }
    next[key] = value
  }
  return next
}

/** tessera: normalize returns a delta; only the tables it changes get a new identity. */
function writeDelta(store, delta) {
  return {
    entities: writeTables(store.entities, delta.entities, 1, true),
    indexes: writeTables(store.indexes, delta.indexes, 2, false),
    entitiesMeta: writeTables(store.entitiesMeta, delta.entitiesMeta, 1, false),
  }
}

/** data-client: normalize returns the full, merged tables; they are the next store. */
function writeFull(_store, out) {
  return { entities: out.entities, indexes: out.indexes, entitiesMeta: out.entitiesMeta }
}

// ---------------------------------------------------------------------------------------------

const BASE_TIME = Date.UTC(2026, 10, 21)
const META = { fetchedAt: BASE_TIME, date: BASE_TIME, expiresAt: BASE_TIME + 3_600_000 }
const metaAt = (i) => ({ fetchedAt: BASE_TIME + 1 + i, date: BASE_TIME + 1 + i, expiresAt: BASE_TIME + 3_600_001 + i })

const ratio = (peer, ours) => (peer && ours ? peer.ms / ours.ms : NaN)
const fmtRatio = (r) => (Number.isFinite(r) ? `${r >= 100 ? r.toFixed(0) : r.toFixed(2)}x` : '—')
const verdict = (r, min) => (Number.isFinite(r) ? (r >= min ? 'pass' : 'MISS') : '')

/**
 * Runs every schema benchmark and prints one table per scenario.
 * @param {{ tessera: any, dataClient: any, normalizr: any }} libs
 * @param {{ print?: (text: string) => void }} [options]
 * @returns {{ results: object[], checks: string[], targets: object[] }}
 */
export function runSchemaBenchmarks(libs, { print = console.log } = {}) {
  const T = libs.tessera
  const D = libs.dataClient
  const N = libs.normalizr
  const ours = makeSchemas(T.Entity)
  const dc = makeSchemas(DataClientEntity)
  const classic = makeClassicSchemas(N.schema)
  const results = []
  const checks = []
  const targets = []
  /** Measures one row: the same operation in each library, interleaved (see harness.mjs). */
  const run = (cases, options) => {
    const r = compare(cases, options)
    results.push(...r)
    return r
  }

  const tessera = {
    name: 'tessera',
    schemas: ours,
    normalize: (schema, input, store, meta) => T.normalize(schema, input, [], store, meta),
    denormalize: (schema, input, entities) => T.denormalize(schema, input, entities),
    MemoCache: T.MemoCache,
    write: writeDelta,
  }
  const dataClient = {
    name: 'data-client',
    schemas: dc,
    normalize: (schema, input, store, meta) => D.normalize(schema, input, [], store, meta),
    denormalize: (schema, input, entities) => D.denormalize(schema, input, entities),
    MemoCache: D.MemoCache,
    write: writeFull,
  }

  // ---- 1 + 2: the large payload ------------------------------------------------------------
  const data = loadProjects()
  const projectCount = data.project.length
  const buildTypeCount = data.project.reduce((n, p) => n + (p.buildTypes?.buildType?.length ?? 0), 0)

  const normalizedT = tessera.normalize(ours.projects, data, emptyStore(), META)
  const normalizedD = dataClient.normalize(dc.projects, data, emptyStore(), META)
  const normalizedN = N.normalize(data, classic.projects)
  assert(Object.keys(normalizedT.entities.Project).length === projectCount, 'tessera normalized every project')
  assert(Object.keys(normalizedT.entities.BuildType).length === buildTypeCount, 'tessera normalized every build type')
  assertSame('normalize result: data-client vs tessera', normalizedD.result, normalizedT.result)
  assertSame('normalize entities: data-client vs tessera', normalizedD.entities, normalizedT.entities)
  assertSame('normalize entities: normalizr vs tessera', normalizedN.entities, normalizedT.entities)

  const readT = () => tessera.denormalize(ours.projects, normalizedT.result, normalizedT.entities)
  const readD = () => dataClient.denormalize(dc.projects, normalizedD.result, normalizedD.entities)
  const readN = () => N.denormalize(normalizedN.result, classic.projects, normalizedN.entities)
  const coldT = () => new T.MemoCache().denormalize(ours.projects, normalizedT.result, normalizedT.entities).data
  const coldD = () => new D.MemoCache().denormalize(dc.projects, normalizedD.result, normalizedD.entities).data
  const warmMemoT = new T.MemoCache()
  const warmMemoD = new D.MemoCache()
  const warmT = () => warmMemoT.denormalize(ours.projects, normalizedT.result, normalizedT.entities).data
  const warmD = () => warmMemoD.denormalize(dc.projects, normalizedD.result, normalizedD.entities).data
  for (const [label, read] of [
    ['tessera denormalize', readT],
    ['data-client denormalize', readD],
    ['normalizr denormalize', readN],
    ['tessera MemoCache (cold)', coldT],
    ['data-client MemoCache (cold)', coldD],
    ['tessera MemoCache (warm)', warmT],
    ['data-client MemoCache (warm)', warmD],
  ]) {
    assertSame(`${label} of data.json equals the input`, read(), data)
  }
  assert(warmT() === warmT() && warmD() === warmD(), 'warm MemoCache reads return the same object')
  checks.push(`data.json: normalized tables identical across libraries; all 7 reads deep-equal the input (${projectCount} projects, ${buildTypeCount} build types)`)

  const countProjects = (r) => r.result.project.length
  const trio = (label, t, d, n) => {
    const cases = [
      { name: `${label}: tessera`, fn: t },
      { name: `${label}: data-client`, fn: d },
    ]
    if (n) cases.push({ name: `${label}: normalizr`, fn: n })
    const [rt, rd, rn] = run(cases)
    return { t: rt, d: rd, n: rn }
  }
  const sec1 = trio(
    'normalize data.json',
    () => countProjects(tessera.normalize(ours.projects, data, emptyStore(), META)),
    () => countProjects(dataClient.normalize(dc.projects, data, emptyStore(), META)),
    () => countProjects(N.normalize(data, classic.projects)),
  )
  const sec2 = {
    plain: trio(
      'denormalize (no cache)',
      () => readT().project.length,
      () => readD().project.length,
      () => readN().project.length,
    ),
    cold: trio('denormalize (fresh MemoCache)', () => coldT().project.length, () => coldD().project.length),
    warm: trio('denormalize (warm MemoCache)', () => warmT().project.length, () => warmD().project.length),
  }
  const normTarget = { min: 1.0, aim: 1.5 }
  const row = (label, s, target) => {
    const rd = ratio(s.d, s.t)
    const rn = ratio(s.n, s.t)
    if (target) targets.push({ name: label, ratio: rd, min: target.min, aim: target.aim })
    return [
      label,
      formatMs(s.t.ms),
      formatMs(s.d.ms),
      s.n ? formatMs(s.n.ms) : '—',
      fmtRatio(rd),
      fmtRatio(rn),
      target ? `>= ${target.min.toFixed(1)}x (aim ${target.aim}x) ${verdict(rd, target.min)}` : '',
    ]
  }
  print(`\n1-2. Large payload: data.json (${projectCount} projects, ${buildTypeCount} build types), median ms per op`)
  print(
    table([
      ['case', 'tessera', 'data-client', 'normalizr', 'vs data-client', 'vs normalizr', 'target vs data-client'],
      row('normalize (empty store)', sec1, normTarget),
      row('denormalize, no cache', sec2.plain, normTarget),
      row('denormalize, fresh MemoCache', sec2.cold, normTarget),
      row('denormalize, warm MemoCache', sec2.warm, normTarget),
    ]),
  )
  print('   ratio = peer time / tessera time (higher = tessera faster)')

  // ---- 3: update one issue in a 10k list ---------------------------------------------------
  const ISSUES = 10_000
  const issues = makeIssues(ISSUES)

  // Which rows data-client re-creates when the full issue is echoed back: its merge gives the
  // author and label records new objects, so every issue sharing one of them is rebuilt.
  const byAuthor = new Map()
  const byLabel = new Map()
  issues.forEach((issue, i) => {
    ;(byAuthor.get(issue.author.id) ?? byAuthor.set(issue.author.id, []).get(issue.author.id)).push(i)
    for (const l of issue.labels) (byLabel.get(l.id) ?? byLabel.set(l.id, []).get(l.id)).push(i)
  })
  const sharingRows = (index) => {
    const rows = new Set([index, ...byAuthor.get(issues[index].author.id)])
    for (const l of issues[index].labels) for (const i of byLabel.get(l.id)) rows.add(i)
    return rows.size
  }

  function makeUpdateState(lib) {
    const { issueList, Issue } = lib.schemas
    const out = lib.normalize(issueList, issues, emptyStore(), META)
    const state = {
      lib,
      store: lib.write(emptyStore(), out),
      result: out.result,
      memo: new lib.MemoCache(),
      prev: undefined,
      step: 0,
      write(change) {
        this.store = lib.write(this.store, lib.normalize(Issue, change.payload, this.store, metaAt(change.step)))
      },
      read() {
        return this.memo.denormalize(issueList, this.result, this.store.entities).data
      },
      /** Untimed: how many rows are new objects since the previous read; checks the edited row. */
      check(data, change, expectedRows) {
        let changed = 0
        for (let i = 0; i < data.length; i++) if (data[i] !== this.prev[i]) changed++
        assert(data.length === ISSUES, `${lib.name}: read ${ISSUES} issues`)
        assert(data[change.index].title === change.title, `${lib.name}: the edited title is read back`)
        assert(
          changed === expectedRows,
          `${lib.name} update-one (${change.full ? 'full' : 'partial'} payload, step ${change.step}): ${changed} rows got a new object, expected ${expectedRows}`,
        )
        this.prev = data
        return changed
      },
    }
    state.prev = state.read()
    assert(state.read() === state.prev, `${lib.name}: a warm read of the 10k list returns the same array`)
    return state
  }

  const nextChange = (state, full) => {
    const step = state.step++
    return { ...makeChange(issues, step, full), step, full }
  }
  const expectedRows = (lib, change) => (lib === dataClient && change.full ? sharingRows(change.index) : 1)

  // Correctness first: the same three edits on fresh stores give deep-equal lists.
  {
    const a = makeUpdateState(tessera)
    const b = makeUpdateState(dataClient)
    assertSame('10k issues: tessera read equals the input', a.prev, issues)
    assertSame('10k issues: data-client read equals the input', b.prev, issues)
    for (const full of [false, true, false]) {
      for (const s of [a, b]) {
        const change = nextChange(s, full)
        s.write(change)
        s.check(s.read(), change, expectedRows(s.lib, change))
      }
    }
    assertSame('10k issues after 3 edits: data-client vs tessera', b.prev, a.prev)
    checks.push('update-one: after the same 3 edits the tessera and data-client lists deep-equal; every timed iteration asserts the re-created row count')
  }

  const updateResults = {}
  const rowCounts = {}
  for (const full of [false, true]) {
    const variant = full ? 'full' : 'partial'
    const libs = [tessera, dataClient].map((lib) => {
      const state = makeUpdateState(lib)
      const counts = new Set()
      const after = (data, change) => counts.add(state.check(data, change, expectedRows(lib, change)))
      return { lib, state, counts, after }
    })
    const totals = run(
      libs.map(({ lib, state, after }) => ({
        name: `update-one ${variant}: write+read: ${lib.name}`,
        fn: (change) => {
          state.write(change)
          return state.read()
        },
        setup: () => nextChange(state, full),
        after,
      })),
      { time: 1200 },
    )
    const reads = run(
      libs.map(({ lib, state, after }) => ({
        name: `update-one ${variant}: read only: ${lib.name}`,
        fn: () => state.read(),
        setup: () => {
          const change = nextChange(state, full)
          state.write(change)
          return change
        },
        after,
      })),
      { time: 1200 },
    )
    libs.forEach(({ lib, counts }, i) => {
      updateResults[`${variant}:${lib.name}`] = { total: totals[i], readOnly: reads[i] }
      rowCounts[`${variant}:${lib.name}`] = [...counts].sort((x, y) => x - y)
    })
  }
  const fmtCounts = (c) => (c.length === 1 ? String(c[0]) : `${c[0]}..${c[c.length - 1]}`)
  const updTarget = { min: 5, aim: 10 }
  const updRow = (label, variant, kind, target) => {
    const t = updateResults[`${variant}:tessera`][kind]
    const d = updateResults[`${variant}:data-client`][kind]
    const r = ratio(d, t)
    if (target) targets.push({ name: `update-one ${variant}: ${label}`, ratio: r, min: target.min, aim: target.aim })
    return [
      `${variant}: ${label}`,
      formatMs(t.ms),
      formatMs(d.ms),
      fmtRatio(r),
      target ? `>= ${target.min}x (aim ${target.aim}x) ${verdict(r, target.min)}` : '',
    ]
  }
  print(`\n3. update-one: change one issue's title in a ${ISSUES.toLocaleString('en')}-issue store, write it, re-read the list through a warm MemoCache`)
  print(
    table([
      ['case', 'tessera', 'data-client', 'vs data-client', 'target'],
      updRow('write + read', 'partial', 'total', updTarget),
      updRow('read only', 'partial', 'readOnly'),
      updRow('write + read', 'full', 'total', updTarget),
      updRow('read only', 'full', 'readOnly'),
      ['rows re-created per update (partial)', fmtCounts(rowCounts['partial:tessera']), fmtCounts(rowCounts['partial:data-client']), '', 'exactly 1'],
      ['rows re-created per update (full)', fmtCounts(rowCounts['full:tessera']), fmtCounts(rowCounts['full:data-client']), '', 'exactly 1'],
    ]),
  )
  print('   partial = payload { id, title }; full = the whole issue with author and labels echoed back unchanged.')
  print(`   data-client's Entity merge always makes a new record, so with the full payload the author and label`)
  print(`   records change too and every issue sharing them is rebuilt (${USER_COUNT} users, ${LABEL_COUNT} labels); each count is asserted.`)
  checks.push(
    `update-one re-created rows: tessera partial ${fmtCounts(rowCounts['partial:tessera'])}, full ${fmtCounts(rowCounts['full:tessera'])}; ` +
      `data-client partial ${fmtCounts(rowCounts['partial:data-client'])}, full ${fmtCounts(rowCounts['full:data-client'])}`,
  )

  // ---- 4: scaling --------------------------------------------------------------------------
  const SIZES = [1_000, 10_000, 100_000]
  const scaling = { tessera: [], 'data-client': [] }
  for (const size of SIZES) {
    const payload = size === ISSUES ? issues : makeIssues(size)
    const cases = [tessera, dataClient].map((lib) => {
      const { issueList } = lib.schemas
      const op = () => {
        const out = lib.normalize(issueList, payload, emptyStore(), META)
        return new lib.MemoCache().denormalize(issueList, out.result, out.entities).data
      }
      assertSame(`${size} issues: ${lib.name} normalize + denormalize round trip`, op(), payload)
      return { name: `scaling ${size}: normalize + cold MemoCache read: ${lib.name}`, fn: () => op().length }
    })
    const [t, d] = run(cases, {
      time: size >= 100_000 ? 1500 : 1000,
      warmup: size >= 100_000 ? 0 : 250,
      minSamples: 5,
    })
    scaling.tessera.push(t)
    scaling['data-client'].push(d)
  }
  checks.push(`scaling: the normalize + read round trip equals the input at ${SIZES.map((s) => s.toLocaleString('en')).join(' / ')} issues for both libraries`)
  print('\n4. scaling: normalize + denormalize (fresh MemoCache) of N issues, median ms per op')
  const growth = (list, i) => (i === 0 ? '' : fmtRatio(list[i].ms / list[i - 1].ms))
  const scaleRows = SIZES.map((size, i) => {
    const t = scaling.tessera
    const d = scaling['data-client']
    const g = i === 0 ? NaN : t[i].ms / t[i - 1].ms
    if (i > 0) targets.push({ name: `scaling ${SIZES[i - 1] / 1000}k -> ${size / 1000}k (tessera growth)`, ratio: g, max: 12 })
    return [
      size.toLocaleString('en'),
      formatMs(t[i].ms),
      formatMs(d[i].ms),
      fmtRatio(ratio(d[i], t[i])),
      growth(t, i),
      growth(d, i),
      i === 0 ? '' : `<= 12x ${Number.isFinite(g) ? (g <= 12 ? 'pass' : 'MISS') : ''}`,
    ]
  })
  print(
    table([
      ['issues', 'tessera', 'data-client', 'vs data-client', 'tessera growth', 'data-client growth', 'target (tessera growth)'],
      ...scaleRows,
    ]),
  )
  print('   growth = time at N / time at N/10 (10x the entities)')

  return { results, checks, targets }
}
