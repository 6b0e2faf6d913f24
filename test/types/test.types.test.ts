/**
 * Type tests for tessera/test: renderDataClient types result.current by the hook callback, and
 * typed fixtures take the endpoint's own arguments. ts-jest type-checks this file; the functions
 * are never called.
 */
import { expectTypeOf } from 'expect-type'
import { CacheProvider, DataProvider, createResource, useSuspense, type Controller, type State } from '../../src/index'
import { makeRenderDataClient, mockInitialState, type Fixture, type Interceptor, type ResponseInterceptor } from '../../src/test/index'
import { Article } from '../fixtures/blog'

const ArticleResource = createResource({ path: '/articles/:id', schema: Article })

describe('tessera/test types', () => {
  it('accepts CacheProvider (and DataProvider) as the Provider, and types the result by the callback', () => {
    const typesOnly = () => {
      const renderDataClient = makeRenderDataClient(CacheProvider)
      makeRenderDataClient(DataProvider)
      const { result, controller, rerender } = renderDataClient(({ id }: { id: number }) => useSuspense(ArticleResource.get, { id }), {
        initialProps: { id: 1 },
      })
      expectTypeOf(result.current).toEqualTypeOf<Article>()
      expectTypeOf(result.error).toEqualTypeOf<Error | undefined>()
      expectTypeOf(controller).toEqualTypeOf<Controller>()
      rerender({ id: 2 })
      // @ts-expect-error the props are the callback's
      rerender({ slug: 'a' })
      expectTypeOf(renderDataClient.allSettled()).resolves.toEqualTypeOf<PromiseSettledResult<unknown>[]>()
    }
    expect(typesOnly).toBeDefined()
  })

  it("types a fixture by its endpoint's arguments, and accepts plain data as the response", () => {
    const typesOnly = () => {
      const fixture: Fixture<typeof ArticleResource.get> = { endpoint: ArticleResource.get, args: [{ id: 1 }], response: { id: '1', title: 'x' } }
      // @ts-expect-error get takes { id }
      const wrong: Fixture<typeof ArticleResource.get> = { endpoint: ArticleResource.get, args: [{ slug: 'a' }], response: {} }
      const failure: Fixture = { endpoint: ArticleResource.get, args: [{ id: 1 }], response: new Error('gone'), error: true }
      expectTypeOf(mockInitialState([fixture, failure])).toEqualTypeOf<State>()
      return wrong
    }
    expect(typesOnly).toBeDefined()
  })

  it('gives an interceptor its endpoint arguments and its data as `this`', () => {
    const typesOnly = () => {
      const interceptor: ResponseInterceptor<{ count: number }, typeof ArticleResource.get> = {
        endpoint: ArticleResource.get,
        response(params) {
          expectTypeOf(params.id).toEqualTypeOf<string | number>()
          expectTypeOf(this.count).toEqualTypeOf<number>()
          return { id: String(params.id) }
        },
        delay: (params) => (params.id === 1 ? 10 : 0),
      }
      const list: Interceptor<{ count: number }>[] = [interceptor]
      return list
    }
    expect(typesOnly).toBeDefined()
  })
})
