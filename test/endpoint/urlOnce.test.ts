/**
 * A RestEndpoint builds the URL of a call once: its key, the reads of the store and its fetch
 * reuse it while the parameters are the same values, and never once they differ.
 */
import { RestEndpoint } from '../../src/index'
import { User } from '../fixtures/blog'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

/** Counts the URLs it builds. */
class Counting<O extends { path: string; schema?: any; searchParams?: any }> extends RestEndpoint<O> {
  built = 0
  override url(params?: Record<string, unknown>): string {
    this.built++
    return super.url(params)
  }
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('the URL of a call', () => {
  it('is built once for controller.fetch: key, dedup check and request', async () => {
    const { controller } = createTestStore()
    const getUser = new Counting({ urlPrefix: API, path: '/users/:id', schema: User })
    fake.route(`GET ${API}/users/1`, { json: { id: '1', name: 'Ada' } })
    await controller.fetch(getUser, { id: '1' })
    expect(controller.getResponse(getUser, { id: '1' }, controller.getState()).data).toEqual(expect.objectContaining({ name: 'Ada' }))
    expect(fake.requests.map((request) => request.url)).toEqual([`${API}/users/1`])
    expect(getUser.built).toBe(1)
  })

  it('is built again when the same parameters object changed in place', () => {
    const list = new Counting({ urlPrefix: API, path: '/users', searchParams: {} as { page?: number; tags?: (string | null)[] } })
    const params: { page?: number; tags?: (string | null)[] } = { page: 1 }
    expect(list.key(params)).toBe(`GET ${API}/users?page=1`)
    params.page = 2
    expect(list.key(params)).toBe(`GET ${API}/users?page=2`)
    params.tags = ['a']
    expect(list.key(params)).toBe(`GET ${API}/users?page=2&tags=a`)
    params.tags.push('b')
    expect(list.key(params)).toBe(`GET ${API}/users?page=2&tags=a&tags=b`)
    // An array of one null sends it; a null parameter is left out.
    expect(list.key({ tags: [null] })).toBe(`GET ${API}/users?tags=null`)
    expect(list.key({ tags: null } as never)).toBe(`GET ${API}/users`)
    expect(list.built).toBe(6)
  })

  it('is built again when the urlPrefix changed, and for a parameter that is an object', () => {
    const getDay = new Counting({ urlPrefix: API, path: '/days/:day' })
    const day = new Date(0)
    const first = getDay.key({ day } as never)
    day.setTime(86_400_000)
    expect(getDay.key({ day } as never)).not.toBe(first)
    expect(getDay.key({ day: 'today' })).toBe(`GET ${API}/days/today`)
    ;(getDay as { urlPrefix: string }).urlPrefix = 'https://other.example'
    expect(getDay.key({ day: 'today' })).toBe('GET https://other.example/days/today')
    expect(getDay.built).toBe(4)
  })

  it('is reused for equal parameters in a new object, as each render of a component passes', () => {
    const getUser = new Counting({ urlPrefix: API, path: '/users/:id' })
    expect(getUser.key({ id: '1' })).toBe(getUser.key({ id: '1' }))
    expect(getUser.url({ id: '1' })).toBe(`${API}/users/1`)
    expect(getUser.built).toBe(2)
  })
})
