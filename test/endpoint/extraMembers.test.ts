import { Endpoint, RestEndpoint, createResource, type RestGenerics } from '../../src/index'
import { User } from '../fixtures/blog'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { inProduction } from '../helpers/inProduction'

let fake: FakeFetch
let warn: jest.SpyInstance
beforeEach(() => {
  fake = installFakeFetch()
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  fake.restore()
  warn.mockRestore()
})

describe('options an endpoint does not know', () => {
  it('are members of a RestEndpoint, kept by extend unless it overrides them, and change no request', async () => {
    const prices = new RestEndpoint({ urlPrefix: API, path: '/prices/:symbol', schema: User, channel: 'ticker' })
    expect(prices.channel).toBe('ticker')
    const posted = prices.extend({ method: 'POST', dataExpiryLength: 5 })
    expect(posted.channel).toBe('ticker')
    expect(prices.extend({ channel: 'other' }).channel).toBe('other')
    const added = posted.extend({ room: 2 })
    expect([added.channel, added.room]).toEqual(['ticker', 2])

    fake.route(`GET ${API}/prices/BTC`, { json: { id: 'BTC', name: 'Bitcoin' } })
    await prices({ symbol: 'BTC' })
    expect(fake.requests.map((r) => r.url)).toEqual([`${API}/prices/BTC`])
    expect(warn).not.toHaveBeenCalled()
  })

  it('stay on a subclass instance through extend, with its class', () => {
    class Api<O extends RestGenerics = any> extends RestEndpoint<O> {}
    const prices = new Api({ path: '/prices/:symbol', channel: 'ticker' }).extend({ path: '/v2/prices/:symbol' })
    expect(prices).toBeInstanceOf(Api)
    // Kept at run time; typed only on RestEndpoint itself (a base class needs members known beforehand).
    expect((prices as unknown as { channel: string }).channel).toBe('ticker')
  })

  it('are members of an Endpoint that its fetch function and extend see', async () => {
    async function fetchToken(this: { token: string }, id: number) {
      return `${this.token}:${id}`
    }
    const endpoint = new Endpoint(fetchToken, { token: 'secret', extra: 1 })
    expect(endpoint.extra).toBe(1)
    await expect(endpoint(2)).resolves.toBe('secret:2')
    const renamed = endpoint.extend({ name: 'renamed' })
    await expect(renamed(3)).resolves.toBe('secret:3')
    await expect(endpoint.extend({ token: 'other' })(4)).resolves.toBe('other:4')
  })

  it('reach every member of a resource', () => {
    const Prices = createResource({ path: '/prices/:id', schema: User, channel: 'ticker' })
    const members = [Prices.get, Prices.getList, Prices.create, Prices.update, Prices.partialUpdate, Prices.delete]
    expect(members.map((member) => (member as unknown as { channel: string }).channel)).toEqual(Array(6).fill('ticker'))
  })
})

describe('an option spelled like a known one in another case', () => {
  it('is named by a development warning, once per spelling', () => {
    const endpoint = new RestEndpoint({ path: '/a', urlprefix: API })
    new RestEndpoint({ path: '/b', urlprefix: API })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain('"urlprefix"')
    expect(warn.mock.calls[0]![0]).toContain('did you mean "urlPrefix"?')
    // It is kept as it was given (and does nothing): the URL has no prefix.
    expect(endpoint.url({})).toBe('/a')
  })

  it("names createResource's own options too (endpoint for Endpoint)", () => {
    createResource({ path: '/prices/:id', schema: User, endpoint: RestEndpoint })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain('did you mean "Endpoint"?')
  })

  it('is not warned about in production', async () => {
    await inProduction(() => new RestEndpoint({ path: '/a', DataExpiryLength: 1 }))
    expect(warn).not.toHaveBeenCalled()
  })
})
