/**
 * Type tests for options an endpoint does not know (`channel: 'ticker'`): accepted, kept as typed
 * members through `extend`, and without effect on what the known options infer. ts-jest
 * type-checks this file; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { Endpoint, RestEndpoint, createResource } from '../../src/index'
import type { GetEndpoint } from '../../src/index'
import { User } from '../fixtures/blog'

describe('extra members of endpoint options', () => {
  it('types an extra RestEndpoint option as a member of the endpoint', () => {
    const typesOnly = () => {
      const prices = new RestEndpoint({ path: '/prices/:symbol', schema: User, channel: 'ticker' })
      expectTypeOf(prices.channel).toEqualTypeOf<string>()
      const room = new RestEndpoint({ path: '/rooms', room: { id: 1, open: true } })
      expectTypeOf(room.room).toEqualTypeOf<{ id: number; open: boolean }>()
      // @ts-expect-error only the members given exist
      void prices.chanel
      // @ts-expect-error an endpoint without extras has none
      void new RestEndpoint({ path: '/a' }).channel
    }
    expect(typesOnly).toBeDefined()
  })

  it('keeps extra members through extend, and lets extend override or add them', () => {
    const typesOnly = () => {
      const prices = new RestEndpoint({ path: '/prices/:symbol', schema: User, channel: 'ticker' })
      expectTypeOf(prices.extend({ channel: 'other' }).channel).toEqualTypeOf<string>()
      expectTypeOf(prices.extend({ method: 'POST' }).channel).toEqualTypeOf<string>()
      expectTypeOf(prices.extend({ path: '/v2/prices/:symbol' }).extend({ dataExpiryLength: 5 }).channel).toEqualTypeOf<string>()
      expectTypeOf(prices.extend({ channel: 1 }).channel).toEqualTypeOf<number>()
      const both = prices.extend({ room: 2 })
      expectTypeOf(both.room).toEqualTypeOf<number>()
      expectTypeOf(both.channel).toEqualTypeOf<string>()
      expectTypeOf(new RestEndpoint({ path: '/a' }).extend({ channel: 'x' }).channel).toEqualTypeOf<string>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('infers path parameters, searchParams, body, schema and hooks as without the extra member', () => {
    const typesOnly = () => {
      const prices = new RestEndpoint({ path: '/prices/:symbol', schema: User, channel: 'ticker' })
      prices({ symbol: 'x' })
      // @ts-expect-error symbol is required
      prices({})
      expectTypeOf(prices({ symbol: 'x' })).resolves.toEqualTypeOf<User>()
      const extended = prices.extend({ channel: 'other' })
      expectTypeOf(extended({ symbol: 'x' })).resolves.toEqualTypeOf<User>()
      // @ts-expect-error extend keeps the path's parameters
      extended({})
      const moved = prices.extend({ path: '/v2/:id', channel: 'other' })
      moved({ id: 1 })
      // @ts-expect-error the new path's parameters replace the old ones
      moved({ symbol: 'x' })

      const search = new RestEndpoint({ path: '/search', searchParams: {} as { q: string }, channel: 'x' })
      search({ q: 'x' })
      // @ts-expect-error q is a string
      search({ q: 1 })

      const add = new RestEndpoint({ path: '/groups/:id/members', method: 'POST', body: {} as { name: string }, channel: 'x' })
      add({ id: 1 }, { name: 'Ada' })
      // @ts-expect-error the body type is enforced
      add({ id: 1 }, { name: 1 })

      // Hooks are still typed by their option: `headers` is not an implicit any.
      new RestEndpoint({
        path: '/a',
        channel: 'x',
        getHeaders: (headers) => {
          expectTypeOf(headers).toEqualTypeOf<HeadersInit>()
          return headers
        },
        process: (value: { n: number }) => value.n,
      })
      expectTypeOf(new RestEndpoint({ path: '/count', channel: 'x', process: (value: { n: number }) => value.n })()).resolves.toEqualTypeOf<number>()

      // Still usable where an endpoint type is expected.
      const get: GetEndpoint<{ path: '/prices/:symbol'; schema: typeof User }> = prices
      expect(get).toBeDefined()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types extra Endpoint options as members, through extend too', () => {
    const typesOnly = () => {
      const fetchUser = async (id: number) => ({ id: String(id), name: '' })
      const endpoint = new Endpoint(fetchUser, { extra: 1, token: 'x' })
      expectTypeOf(endpoint.extra).toEqualTypeOf<number>()
      expectTypeOf(endpoint.token).toEqualTypeOf<string>()
      expectTypeOf(endpoint(1)).resolves.toEqualTypeOf<{ id: string; name: string }>()
      // @ts-expect-error the argument is a number
      endpoint('1')
      expectTypeOf(endpoint.extend({ name: 'n' }).token).toEqualTypeOf<string>()
      expectTypeOf(endpoint.extend({ token: 2 }).token).toEqualTypeOf<number>()
      expectTypeOf(endpoint.extend({ room: true }).room).toEqualTypeOf<boolean>()

      const withSchema = new Endpoint(fetchUser, { schema: User, token: 'x' })
      expectTypeOf(withSchema.schema).toEqualTypeOf<typeof User>()
      expectTypeOf(new Endpoint(fetchUser, { sideEffect: true, token: 'x' }).sideEffect).toEqualTypeOf<true>()
      expectTypeOf(new Endpoint(fetchUser).schema).toEqualTypeOf<undefined>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('accepts extra createResource options', () => {
    const typesOnly = () => {
      const Prices = createResource({ path: '/prices/:symbol', schema: User, channel: 'ticker' })
      expectTypeOf(Prices.get({ symbol: 'x' })).resolves.toEqualTypeOf<User>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('accepts an option spelled in another case (a development warning names it instead)', () => {
    const typesOnly = () => {
      expectTypeOf(new RestEndpoint({ path: '/a', urlprefix: 'https://x' }).urlprefix).toEqualTypeOf<string>()
    }
    expect(typesOnly).toBeDefined()
  })
})
