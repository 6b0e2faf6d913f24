import { GQLEndpoint, GQLEntity, GQLError } from '../../src/index'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

class Person extends GQLEntity {
  name = ''
  static override key = 'Person'
}

class Post extends GQLEntity {
  title = ''
  author = Person.fromJS()
  static override key = 'Post'
  static override schema = { author: Person }
}

const URL = `${API}/graphql`
const gql = new GQLEndpoint(URL)
const PERSON = 'query GetPerson($id: ID!) { person(id: $id) { id name } }'
const POSTS = 'query Posts { posts { id title author { id name } } }'
const RENAME = 'mutation RenamePerson($id: ID!, $name: String!) { renamePerson(id: $id, name: $name) { id name } }'
const getPerson = gql.query(PERSON, { person: Person })
const getPosts = gql.query(POSTS, { posts: [Post] })
const renamePerson = gql.mutation(RENAME, { renamePerson: Person })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

/** Answers each POST to the GraphQL URL by its query text. */
function serve(answers: Record<string, (variables: Record<string, unknown>) => unknown>) {
  fake.route(`POST ${URL}`, (request) => {
    const { query, variables } = request.json() as { query: string; variables: Record<string, unknown> }
    const answer = answers[query]
    return answer ? { json: answer(variables) } : { status: 400, json: { errors: [{ message: `unknown query ${query}` }] } }
  })
}

describe('GraphQL', () => {
  it('query POSTs { query, variables } as JSON to the client URL', async () => {
    serve({ [PERSON]: ({ id }) => ({ data: { person: { id, name: 'Ada' } } }) })
    await expect(getPerson({ id: 'p1' })).resolves.toEqual({ person: { id: 'p1', name: 'Ada' } })
    const [request] = fake.requests
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe(URL)
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.json()).toEqual({ query: PERSON, variables: { id: 'p1' } })
  })

  it('mutation POSTs the same shape, and is a side effect; query is not', async () => {
    serve({ [RENAME]: ({ id, name }) => ({ data: { renamePerson: { id, name } } }) })
    await renamePerson({ id: 'p1', name: 'Grace' })
    expect(fake.requests[0]!.json()).toEqual({ query: RENAME, variables: { id: 'p1', name: 'Grace' } })
    expect(renamePerson.sideEffect).toBe(true)
    expect(getPerson.sideEffect).toBeUndefined()
  })

  it('sends empty variables when called without any', async () => {
    serve({ [POSTS]: () => ({ data: { posts: [] } }) })
    await getPosts()
    expect(fake.requests[0]!.json()).toEqual({ query: POSTS, variables: {} })
  })

  it('rejects a response with errors with their messages, even next to data', async () => {
    fake.route(`POST ${URL}`, {
      json: { data: { person: null }, errors: [{ message: 'Person p9 not found', path: ['person'] }, { message: 'Rate limited' }] },
    })
    const error = (await getPerson({ id: 'p9' }).catch((e: unknown) => e)) as GQLError
    expect(error).toBeInstanceOf(GQLError)
    expect(error.message).toBe('Person p9 not found; Rate limited')
    expect(error.errors).toEqual([{ message: 'Person p9 not found', path: ['person'] }, { message: 'Rate limited' }])
  })

  it('rejects an HTTP error without errors, and a body that is not JSON, naming the status', async () => {
    fake.route(`POST ${URL}`, { status: 503, json: {} })
    await expect(getPosts()).rejects.toMatchObject({ status: 503, message: expect.stringContaining('503') })
    fake.route(`POST ${URL}`, { status: 502, headers: { 'content-type': 'text/html' }, text: '<h1>Bad gateway</h1>' })
    await expect(getPosts()).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/502 .*not JSON/) })
  })

  it('keys a query by its variables in any order, and apart from other queries', () => {
    expect(getPerson.key({ id: 'p1', locale: 'en' })).toBe(getPerson.key({ locale: 'en', id: 'p1' }))
    expect(getPerson.key({ id: 'p1' })).not.toBe(getPerson.key({ id: 'p2' }))
    expect(getPosts.key()).not.toBe(getPerson.key())
  })

  it('GQLEntity uses id as the primary key', async () => {
    expect(Person.fromJS({ id: 'p7', name: 'Ada' }).pk()).toBe('p7')
    const { controller } = createTestStore()
    serve({ [PERSON]: ({ id }) => ({ data: { person: { id, name: 'Ada' } } }) })
    const result = await controller.fetch(getPerson, { id: 'p7' })
    expect(result.person).toBeInstanceOf(Person)
    expect(Object.keys(controller.getState().entities['Person'] ?? {})).toEqual(['p7'])
  })

  it('a mutation result updates every query that holds the same entity', async () => {
    const { controller } = createTestStore()
    serve({
      [PERSON]: ({ id }) => ({ data: { person: { id, name: 'Ada' } } }),
      [POSTS]: () => ({
        data: {
          posts: [
            { id: 'post1', title: 'Notes', author: { id: 'p1', name: 'Ada' } },
            { id: 'post2', title: 'Compilers', author: { id: 'p2', name: 'Grace' } },
          ],
        },
      }),
      [RENAME]: ({ id, name }) => ({ data: { renamePerson: { id, name } } }),
    })
    await controller.fetch(getPerson, { id: 'p1' })
    await controller.fetch(getPosts)

    const renamed = await controller.fetch(renamePerson, { id: 'p1', name: 'Ada Lovelace' })
    expect(renamed.renamePerson).toBeInstanceOf(Person)

    const state = controller.getState()
    const person = controller.getResponse(getPerson, { id: 'p1' }, state).data?.person
    const posts = controller.getResponse(getPosts, state).data?.posts
    expect(person?.name).toBe('Ada Lovelace')
    expect(posts?.map((post: Post) => post.author.name)).toEqual(['Ada Lovelace', 'Grace'])
    // One entity, reached through both queries.
    expect(posts?.[0]?.author).toBe(person)
  })

  it('passes the store abort signal to fetch', async () => {
    const { controller } = createTestStore()
    const held = fake.hold(`POST ${URL}`)
    const reading = controller.fetch(getPosts).catch((error: Error) => error)
    expect(fake.requests[0]!.signal?.aborted).toBe(false)
    controller.abort(getPosts)
    expect(fake.requests[0]!.signal?.aborted).toBe(true)
    expect(await reading).toMatchObject({ name: 'AbortError' })
    await held.answer({ json: { data: { posts: [] } } })
  })

  it('sends the client requestInit headers with every operation', async () => {
    const authed = new GQLEndpoint(URL, { requestInit: { headers: { Authorization: 'Bearer t' }, credentials: 'include' } })
    fake.route(`POST ${URL}`, { json: { data: { posts: [] } } })
    await authed.query(POSTS, { posts: [Post] })()
    expect(fake.requests[0]!.headers).toEqual({ authorization: 'Bearer t', 'content-type': 'application/json' })
    expect(fake.requests[0]!.credentials).toBe('include')
  })

  it('accepts the client headers as a Headers object too', async () => {
    const authed = new GQLEndpoint(URL, { requestInit: { headers: new Headers({ Authorization: 'Bearer h' }) } })
    fake.route(`POST ${URL}`, { json: { data: { posts: [] } } })
    await authed.query(POSTS, { posts: [Post] })()
    expect(fake.requests[0]!.headers).toEqual({ authorization: 'Bearer h', 'content-type': 'application/json' })
  })
})
