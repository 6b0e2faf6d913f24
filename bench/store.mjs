// Store benchmarks (issue 3): tessera's createStore vs @data-client/core@0.10.0 driven the same
// way, through a Controller and its reducer. data-client core is loaded as published (CJS build)
// with its matching @data-client/endpoint@0.9.9 for Entity and Endpoint (npm aliases
// data-client-core-0.10 / data-client-endpoint-0.9, so they don't clash with normalizr 0.18).

import { createRequire } from 'node:module'
import { compare } from './harness.mjs'
import { loadProjects, makeChange, makeIssues } from './fixtures.mjs'
import { makeSchemas } from './normalizr.mjs'

const require = createRequire(import.meta.url)

/** A tiny adapter so both libraries expose { setResponse, read, state } the same way. */
function tesseraStore(tessera) {
  const schemas = makeSchemas(tessera.Entity)
  const endpoint = (name, schema) => new tessera.Endpoint(async () => undefined, { name, schema })
  const projects = endpoint('projects', schemas.projects)
  const issues = endpoint('issues', schemas.issueList)
  const Issue = schemas.Issue
  const issue = endpoint('issue', Issue)
  return {
    name: 'tessera',
    schemaNamespace: tessera.schema,
    endpoint,
    Issue,
    endpoints: { projects, issues, issue },
    create() {
      const store = tessera.createStore({ now: () => 1_000_000 })
      const { controller } = store
      return {
        set: (ep, args, value) => controller.setResponse(ep, ...args, value),
        read: (ep, args) => controller.getResponse(ep, ...args, store.getState()).data,
      }
    },
  }
}

function dataClientStore() {
  const core = require('data-client-core-0.10')
  const endpointLib = require('data-client-endpoint-0.9')
  // The same entity definitions as the schema benchmarks, on data-client's own Entity.
  const schemas = makeSchemas(endpointLib.Entity)
  const endpoint = (name, schema) => new endpointLib.Endpoint(async () => undefined, { name, schema })
  const projects = endpoint('projects', schemas.projects)
  const issues = endpoint('issues', schemas.issueList)
  const Issue = schemas.Issue
  const issue = endpoint('issue', Issue)
  return {
    name: '@data-client/core',
    schemaNamespace: endpointLib.schema,
    endpoint,
    Issue,
    version: JSON.parse(require('node:fs').readFileSync(require.resolve('data-client-core-0.10/package.json'), 'utf8')).version,
    endpoints: { projects, issues, issue },
    create() {
      let state = core.initialState
      let reducer
      // The reducer runs synchronously inside dispatch, as it does in data-client's own store.
      const controller = new core.Controller({
        dispatch: (action) => {
          state = reducer(state, action)
          return Promise.resolve()
        },
        getState: () => state,
      })
      reducer = core.createReducer(controller)
      return {
        set: (ep, args, value) => controller.setResponse(ep, ...args, value),
        read: (ep, args) => controller.getResponse(ep, ...args, state).data,
      }
    },
  }
}

export function runStoreBenchmarks(libs, { print = console.log } = {}) {
  const sides = [tesseraStore(libs.tessera), dataClientStore()]
  const results = []
  const checks = []
  const targets = []
  const ratioOf = (rows) => rows[1].ms / rows[0].ms
  print(`@data-client/core ${sides[1].version} (with @data-client/endpoint 0.9.9), driven through Controller + createReducer`)

  // 1. Round trip: setResponse of the large payload into an empty store, then getResponse.
  const payload = loadProjects()
  const readBack = sides.map((side) => {
    const store = side.create()
    store.set(side.endpoints.projects, [], payload)
    return JSON.stringify(store.read(side.endpoints.projects, []))
  })
  if (readBack[0] !== readBack[1]) throw new Error('round trip: the two stores read data.json back differently')
  if (JSON.parse(readBack[0]).project.length !== payload.project.length) throw new Error('round trip: projects missing')
  checks.push('round trip: both stores read data.json back identically (every project, defaults filled)')
  const roundTrip = compare(
    sides.map((side) => ({
      name: `round trip (setResponse data.json + getResponse): ${side.name}`,
      fn: () => {
        const store = side.create()
        store.set(side.endpoints.projects, [], payload)
        return store.read(side.endpoints.projects, [])
      },
    })),
    { time: 2000 },
  )
  results.push(...roundTrip)
  targets.push({ name: 'store round trip vs data-client core', ratio: ratioOf(roundTrip), min: 2, aim: 5 })

  // 2. Update-one through the controller: one issue into a store of 10k, then read the list.
  const issues10k = makeIssues(10_000)
  const updateRows = []
  for (const side of sides) {
    const store = side.create()
    store.set(side.endpoints.issues, [], issues10k)
    let previous = store.read(side.endpoints.issues, [])
    let step = 0
    const counts = []
    updateRows.push({
      name: `update-one via controller (setResponse 1 of 10k + getResponse list): ${side.name}`,
      setup: () => makeChange(issues10k, step++, true),
      fn: (change) => {
        store.set(side.endpoints.issue, [{ id: change.payload.id }], change.payload)
        return store.read(side.endpoints.issues, [])
      },
      after: (list, change) => {
        let changed = 0
        for (let i = 0; i < list.length; i++) if (list[i] !== previous[i]) changed++
        if (list[change.index].title !== change.title) throw new Error(`${side.name}: the list does not show the edit`)
        counts.push(changed)
        previous = list
      },
      counts,
    })
  }
  const update = compare(updateRows, { time: 2000 })
  results.push(...update)
  for (const row of updateRows) {
    const bad = row.counts.filter((n) => n !== 1)
    checks.push(`update-one via controller, ${row.name.split(': ').pop()}: rows with a new identity per write = ${bad.length ? 'NOT 1 in ' + bad.length + ' of ' : '1 in all '}${row.counts.length} iterations`)
  }
  targets.push({ name: 'update-one via controller vs data-client core', ratio: ratioOf(update), min: 5, aim: 10 })

  // 2b. The same with the list as a schema.Collection (what createResource's getList is), and
  // with one author shared by ~100 of the 10k rows renamed.
  const collectionRows = []
  const authorRows = []
  for (const side of sides) {
    const { Collection } = side.schemaNamespace
    const list = side.endpoint('issueCollection', new Collection([side.Issue]))
    const store = side.create()
    store.set(list, [], issues10k)
    let previous = store.read(list, [])
    let step = 0
    const counts = []
    collectionRows.push({
      name: `update-one in a 10k Collection list (setResponse 1 + getResponse list): ${side.name}`,
      setup: () => makeChange(issues10k, 3000 + step++, true),
      fn: (change) => {
        store.set(side.endpoints.issue, [{ id: change.payload.id }], change.payload)
        return store.read(list, [])
      },
      after: (rows, change) => {
        let changed = 0
        for (let i = 0; i < rows.length; i++) if (rows[i] !== previous[i]) changed++
        if (rows[change.index].title !== change.title) throw new Error(`${side.name}: the Collection list does not show the edit`)
        counts.push(changed)
        previous = rows
      },
      counts,
    })
    let renames = 0
    authorRows.push({
      name: `rename one author shared by many rows of a 10k Collection list: ${side.name}`,
      setup: () => {
        const issue = issues10k[(renames * 31) % issues10k.length]
        return { ...issue, author: { ...issue.author, login: `renamed ${renames++}` } }
      },
      fn: (payload) => {
        store.set(side.endpoints.issue, [{ id: payload.id }], payload)
        return store.read(list, [])
      },
      after: (rows, payload) => {
        const row = rows.find((r) => r.id === payload.id)
        if (row.author.login !== payload.author.login) throw new Error(`${side.name}: the list does not show the renamed author`)
      },
    })
  }
  const collectionUpdate = compare(collectionRows, { time: 1500 })
  results.push(...collectionUpdate)
  for (const row of collectionRows) {
    const bad = row.counts.filter((n) => n !== 1)
    checks.push(`update-one in a Collection list, ${row.name.split(': ').pop()}: rows with a new identity per write = ${bad.length ? 'NOT 1 in ' + bad.length + ' of ' : '1 in all '}${row.counts.length} iterations`)
  }
  targets.push({ name: 'update-one in a 10k Collection list vs data-client core', ratio: ratioOf(collectionUpdate), min: 5, aim: 10 })
  const authorUpdate = compare(authorRows, { time: 1200 })
  results.push(...authorUpdate)
  targets.push({ name: 'rename a shared author in a 10k Collection list vs data-client core', ratio: ratioOf(authorUpdate), min: 2, aim: 10 })

  // 3. The one-entity write alone into stores of 1k / 10k / 100k entities.
  const writes = []
  for (const size of [1_000, 10_000, 100_000]) {
    const list = makeIssues(size)
    const rows = compare(
      sides.map((side) => {
        const store = side.create()
        store.set(side.endpoints.issues, [], list)
        let step = 0
        return {
          name: `write one entity into ${size / 1000}k: ${side.name}`,
          setup: () => makeChange(list, step++, false).payload,
          fn: (payload) => store.set(side.endpoints.issue, [{ id: payload.id }], payload),
        }
      }),
      { time: size >= 100_000 ? 2000 : 1000 },
    )
    results.push(...rows)
    writes.push(rows[0].ms)
  }
  targets.push({ name: 'one-entity write: tessera 100k / 1k cost', ratio: writes[2] / writes[0], max: 2 })

  // 4. Reads while optimistic mutations are pending (tessera only: data-client keeps no layers
  // to compare). A 10k-issue store; each sample writes one issue (so the state is
  // new and every layer is recomputed, as on any action) and reads the 10k list.
  const layerRows = []
  for (const layers of [0, 1, 10]) {
    const { tessera } = libs
    const schemas = makeSchemas(tessera.Entity)
    const store = tessera.createStore({ now: () => 1_000_000 })
    const { controller } = store
    const list = new tessera.Endpoint(async () => undefined, { name: 'issues', schema: schemas.issueList })
    const one = new tessera.Endpoint(async () => undefined, { name: 'issue', schema: schemas.Issue })
    // A mutation that never answers, guessing a new title for one issue from the cached one.
    const rename = new tessera.Endpoint(() => new Promise(() => {}), {
      name: 'rename',
      schema: schemas.Issue,
      sideEffect: true,
      getOptimisticResponse: (snapshot, { id }, { title }) => {
        const issue = snapshot.get(schemas.Issue, { id })
        if (issue === undefined) throw snapshot.abort
        return { id, title }
      },
    })
    controller.setResponse(list, issues10k)
    for (let i = 0; i < layers; i++) controller.fetch(rename, { id: issues10k[i * 97].id }, { title: `pending ${i}` })
    if (store.getState().optimistic.length !== layers) throw new Error(`layers: expected ${layers} pending layers`)
    let step = 0
    const guessed = new Set([issues10k[0].id, ...Array.from({ length: layers }, (_, i) => issues10k[i * 97].id)])
    const expectTitle = layers > 0 ? 'pending 0' : issues10k[0].title
    layerRows.push({
      name: `read 10k list after a one-issue write, ${layers} pending layer${layers === 1 ? '' : 's'}: tessera`,
      setup: () => {
        // Never an issue with a pending guess (nor issue 0, whose title the check reads): every
        // sample writes a row the list shows as the server sent it (a guess stays on top of the
        // fields it changes until its mutation settles).
        let change
        do change = makeChange(issues10k, 5000 + step++, false)
        while (guessed.has(change.payload.id))
        return change.payload
      },
      fn: (payload) => {
        controller.setResponse(one, { id: payload.id }, payload)
        return controller.getResponse(list, store.getState()).data
      },
      after: (read) => {
        if (read.length !== issues10k.length || read[0].title !== expectTitle) throw new Error(`layers ${layers}: the list does not show the pending guess`)
      },
    })
  }
  const layered = compare(layerRows, { time: 1500 })
  results.push(...layered)
  checks.push('reads with pending layers show every pending guess on every read')
  targets.push({ name: 'read with 10 pending layers / read with none', ratio: layered[2].ms / layered[0].ms, max: 3 })

  print('')
  for (const r of results) print(`  ${r.name}: ${r.ms.toFixed(3)} ms`)
  return { results, checks, targets }
}
