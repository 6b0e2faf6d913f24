/**
 * GQLEndpoint as data-client apps write it: a `getHeaders` option for auth, and query text
 * written by a function of the variables (`gql.query((v) => \`query …\`, schema)`).
 */
import { expectTypeOf } from 'expect-type'
import { GQLEndpoint, GQLEntity } from '../../../src/index'
import { API } from '../../fixtures/todos'
import { createTestStore } from '../../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

class Repo extends GQLEntity {
  name = ''
  static override key = 'Repo'
}

const URL = `${API}/graphql`
const POSTS = 'query Posts { posts { id } }'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  fake.route(`POST ${URL}`, (request) => {
    const { query } = request.json() as { query: string }
    if (query.includes('pinned')) return { json: { data: { user: { pinnedItems: { nodes: [{ id: 'r1', name: 'tessera' }] } } } } }
    if (query.includes('starRepo')) return { json: { data: { starRepo: { id: 'r1', name: 'tessera' } } } }
    return { json: { data: { posts: [] } } }
  })
})
afterEach(() => fake.restore())

describe('GQLEndpoint getHeaders', () => {
  it('sends the headers the getHeaders option returns, given the client headers and the JSON content type', async () => {
    const seen: HeadersInit[] = []
    const gql = new GQLEndpoint(URL, {
      requestInit: { headers: new Headers({ 'X-Client': 'web' }) },
      getHeaders(headers) {
        seen.push(headers)
        return { ...headers, Authorization: 'Basic abc' }
      },
    })
    await gql.query(POSTS)()
    expect(seen).toEqual([{ 'x-client': 'web', 'Content-Type': 'application/json' }])
    expect(fake.requests[0]!.headers).toEqual({ 'x-client': 'web', 'content-type': 'application/json', authorization: 'Basic abc' })
  })

  it('asks getHeaders at each request, and waits for it when it is async', async () => {
    let token = 'first'
    const gql = new GQLEndpoint(URL, { getHeaders: async (headers) => ({ ...headers, Authorization: `Bearer ${token}` }) })
    const posts = gql.query(POSTS)
    await posts()
    token = 'second'
    await posts()
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer first', 'Bearer second'])
  })

  it('lets a subclass override getHeaders for every operation it makes', async () => {
    class AuthdGQL extends GQLEndpoint {
      override getHeaders(headers: HeadersInit): HeadersInit {
        return { ...headers, 'X-Api-Key': 'k1' }
      }
    }
    await new AuthdGQL(URL).mutation('mutation starRepo { starRepo(id: "r1") { id name } }', { starRepo: Repo })()
    expect(fake.requests[0]!.headers['x-api-key']).toBe('k1')
  })
})

describe('GQLEndpoint query functions', () => {
  const gql = new GQLEndpoint(URL)
  const getPinned = gql.query(
    (v: { login: string }) => `query getPinned($login: String!) { user(login: $login) { pinnedItems(first: 6) { nodes { id name } } } } # ${v.login}`,
    { user: { pinnedItems: { nodes: [Repo] } } },
  )

  it('calls the function with the variables and sends the text it writes', async () => {
    const { controller } = createTestStore()
    const result = await controller.fetch(getPinned, { login: 'octo' })
    expect(fake.requests[0]!.json()).toEqual({
      query: 'query getPinned($login: String!) { user(login: $login) { pinnedItems(first: 6) { nodes { id name } } } } # octo',
      variables: { login: 'octo' },
    })
    expect(result.user.pinnedItems.nodes[0]).toBeInstanceOf(Repo)
  })

  it('names the operation after the text, and keys it by the variables', () => {
    expect(getPinned.name).toBe('getPinned')
    expect(getPinned.key({ login: 'a' })).not.toBe(getPinned.key({ login: 'b' }))
    expect(getPinned.testKey(getPinned.key({ login: 'a' }))).toBe(true)
    expect(getPinned.testKey(gql.query(POSTS).key())).toBe(false)
  })

  it('makes mutations from a function too', async () => {
    const star = gql.mutation((v: { id: string }) => `mutation starRepo { starRepo(id: "${v.id}") { id name } }`, { starRepo: Repo })
    const { controller } = createTestStore()
    const result = await controller.fetch(star, { id: 'r1' })
    expect(fake.requests[0]!.json()).toMatchObject({ query: 'mutation starRepo { starRepo(id: "r1") { id name } }' })
    expect(result.starRepo.name).toBe('tessera')
    expect(star.sideEffect).toBe(true)
  })

  it('types the variables as the function declares them', () => {
    const typesOnly = () => {
      expectTypeOf(getPinned).parameter(0).toEqualTypeOf<{ login: string }>()
      // @ts-expect-error the function needs its variables
      void getPinned()
      // A text query takes any variables, or none.
      void gql.query(POSTS)()
    }
    expect(typesOnly).toBeDefined()
  })

  it('invalidates all keys of an operation by its testKey', async () => {
    const { controller } = createTestStore()
    await controller.fetch(getPinned, { login: 'octo' })
    controller.invalidateAll(getPinned)
    expect(controller.getResponse(getPinned, { login: 'octo' }, controller.getState()).expiryStatus).toBe('Invalid')
  })
})
