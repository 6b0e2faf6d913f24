/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * Reads skipped with `null` arguments: nothing is fetched, and the result is what data-client
 * gives, undefined for an entity or a list, the empty shape of an object schema (so the GitHub
 * example's `pinned.user.pinnedItems.nodes ?? []` works while logged out).
 */
import { screen } from '@testing-library/react'
import { expectTypeOf } from 'expect-type'
import { GQLEndpoint, GQLEntity, RestEndpoint, schema, useCache, useDLE, useSuspense } from '../../src/index'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { renderWithStore, settle } from '../helpers/renderWithStore'
import { Note } from '../fixtures/notes'

class Repo extends GQLEntity {
  name = ''
  static override key = 'Repo'
}

const getPinned = new GQLEndpoint(`${API}/graphql`).query(
  (v: { login: string }) => `query getPinned { user(login: "${v.login}") { pinnedItems { nodes { id name } } } }`,
  { user: { pinnedItems: { nodes: [Repo] } } },
)
const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note })
const getNotes = new RestEndpoint({ urlPrefix: API, path: '/notes', schema: [Note] })
const getPage = new RestEndpoint({
  urlPrefix: API,
  path: '/pages',
  schema: { results: new schema.Collection([Note]), nextPage: '', total: 0, meta: new schema.Object({ owner: Note, label: 'none' }), byId: new schema.Values(Note) },
})

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('reads with null arguments', () => {
  it('give the GitHub example its pinned repos shape from useSuspense, without a request', async () => {
    function Pinned({ login }: { login?: string }) {
      const pinned = useSuspense(getPinned, login ? { login } : null)
      const repos = pinned.user.pinnedItems.nodes ?? []
      return <p>{repos.length} pinned</p>
    }
    renderWithStore(<Pinned />)
    await settle()
    expect(screen.getByText('0 pinned')).toBeTruthy()
    expect(fake.requests).toHaveLength(0)
  })

  it('are undefined for an entity or a list, and the empty shape of an object schema, in every hook', async () => {
    const views: unknown[] = []
    function Probe() {
      views.push({
        entity: useSuspense(getNote, null),
        list: useSuspense(getNotes, null),
        page: useSuspense(getPage, null),
        cached: useCache(getPage, null),
        dle: useDLE(getPage, null).data,
      })
      return null
    }
    renderWithStore(<Probe />)
    await settle()
    const shape = { results: undefined, nextPage: '', total: 0, meta: { owner: undefined, label: 'none' }, byId: undefined }
    expect(views[views.length - 1]).toEqual({ entity: undefined, list: undefined, page: shape, cached: shape, dle: shape })
    expect(fake.requests).toHaveLength(0)
  })

  it('give the same shape from controller.getResponse, and the same object each time', () => {
    const { controller } = createTestStore()
    const first = controller.getResponse(getPage, null, controller.getState()).data
    expect(first).toEqual({ results: undefined, nextPage: '', total: 0, meta: { owner: undefined, label: 'none' }, byId: undefined })
    expect(controller.getResponse(getPage, null, controller.getState()).data).toBe(first)
    expect(controller.getResponse(getNote, null, controller.getState()).data).toBeUndefined()
  })

  it('are typed as undefined for an entity and as the nullable shape for an object schema', () => {
    const typesOnly = () => {
      expectTypeOf(useSuspense(getNote, null)).toEqualTypeOf<undefined>()
      expectTypeOf(useSuspense(getNotes, null)).toEqualTypeOf<undefined>()
      expectTypeOf(useSuspense(getPinned, null).user.pinnedItems.nodes).toEqualTypeOf<Repo[] | undefined>()
      const maybe = useSuspense(getPinned, Math.random() > 0.5 ? { login: 'a' } : null)
      expectTypeOf(maybe.user.pinnedItems.nodes).toEqualTypeOf<Repo[] | undefined>()
    }
    expect(typesOnly).toBeDefined()
  })
})
