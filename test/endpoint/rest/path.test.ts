/**
 * Backslash escapes in path templates, as data-client (path-to-regexp) reads them: `\x` is a
 * literal `x` for any character, so a template can hold a query string of its own
 * (`'/search/issues\\?q=:q'`, as the GitHub example app writes it).
 */
import { expectTypeOf } from 'expect-type'
import { RestEndpoint, type PathArgs } from '../../../src/index'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

const GITHUB = 'https://api.github.com'
// The GitHub example app's issue search: literal `?` and `:`, an optional parameter inside a query.
const SEARCH = '/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('path escapes', () => {
  it('reads \\? as a literal question mark and fills the parameters after it', () => {
    const search = new RestEndpoint({ path: '/search/issues\\?q=:q' })
    expect(search.url({ q: 'is:open bug' })).toBe('/search/issues?q=is%3Aopen%20bug')
  })

  it('builds the GitHub search URL as data-client does, with and without the optional parameters', () => {
    const search = new RestEndpoint({ urlPrefix: GITHUB, path: SEARCH })
    expect(search.url({ q: 'is:open bug', owner: 'octo', repo: 'app', page: 2 })).toBe(
      `${GITHUB}/search/issues?q=is%3Aopen%20bug%20repo:octo/app&page=2`,
    )
    expect(search.url({ owner: 'octo', repo: 'app' })).toBe(`${GITHUB}/search/issues?q=%20repo:octo/app&page=`)
  })

  it('makes any escaped character literal, a backslash included', () => {
    expect(new RestEndpoint({ path: '/a\\(b\\)/\\*x:y' }).url({ y: 'z' })).toBe('/a(b)/*xz')
    expect(new RestEndpoint({ path: '/files/:name\\.json' }).url({ name: 'a' })).toBe('/files/a.json')
    // An escaped backslash is one backslash, and the colon after it starts a parameter again.
    expect(new RestEndpoint({ path: '/raw/\\\\:id' }).url({ id: 5 })).toBe('/raw/\\5')
  })

  it('does not make an escaped ? after a parameter mark it optional', () => {
    const getUser = new RestEndpoint({ path: '/users/:id\\?' })
    expect(getUser.url({ id: 'a' })).toBe('/users/a?')
    expect(() => (getUser.url as (params: object) => string)({})).toThrow(/path parameter "id"/)
  })

  it('sends parameters that are not in the path with & after a query the template already has', () => {
    const search = new RestEndpoint({ urlPrefix: GITHUB, path: '/search/issues\\?q=:q' })
    expect(search.url({ q: 'bug', sort: 'created', order: 'asc' } as never)).toBe(`${GITHUB}/search/issues?q=bug&order=asc&sort=created`)
  })

  it('requests the URL the escapes describe', async () => {
    const search = new RestEndpoint({ urlPrefix: GITHUB, path: SEARCH })
    const url = `${GITHUB}/search/issues?q=bug%20repo:octo/app&page=1`
    fake.route(`GET ${url}`, { json: { items: [] } })
    await expect(search({ q: 'bug', owner: 'octo', repo: 'app', page: 1 })).resolves.toEqual({ items: [] })
    expect(fake.requests.map((request) => request.url)).toEqual([url])
  })

  it('has testKey accept every key of such an endpoint, extra query included, and refuse others', () => {
    const search = new RestEndpoint({ urlPrefix: GITHUB, path: SEARCH })
    expect(search.testKey(search.key({ q: 'bug', owner: 'octo', repo: 'app', page: 2 }))).toBe(true)
    expect(search.testKey(search.key({ owner: 'octo', repo: 'app' }))).toBe(true)
    expect(search.testKey(search.key({ owner: 'octo', repo: 'app', state: 'open' } as never))).toBe(true)
    expect(search.testKey(`GET ${GITHUB}/search/issues`)).toBe(false)
    expect(search.testKey(`GET ${GITHUB}/search/pulls?q=bug%20repo:octo/app&page=1`)).toBe(false)
  })

  it('infers the path parameters the way the URL is built: none after an escaped colon', () => {
    expect(new RestEndpoint({ path: 'http\\://localhost\\:8080/users/:id' }).url({ id: 1 })).toBe('http://localhost:8080/users/1')
    expect(new RestEndpoint({ path: '/at\\:time/:id' }).url({ id: 1 })).toBe('/at:time/1')
    const typesOnly = () => {
      expectTypeOf<PathArgs<typeof SEARCH>>().toEqualTypeOf<{ owner: string | number; repo: string | number; q?: string | number; page?: string | number }>()
      expectTypeOf<keyof PathArgs<'http\\://localhost\\:8080/users/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<keyof PathArgs<'/users/:id\\?'>>().toEqualTypeOf<'id'>()
      expectTypeOf<keyof PathArgs<'/raw/\\\\:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<keyof PathArgs<'/at\\:time/:id'>>().toEqualTypeOf<'id'>()
    }
    expect(typesOnly).toBeDefined()
  })
})
