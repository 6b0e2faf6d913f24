/**
 * Type tests for the React hooks: what useSuspense, useCache and useDLE accept and return.
 * ts-jest type-checks this file, so a wrong type fails the run; the functions holding the
 * assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { createResource, hookifyResource, useCache, useDLE, useLive, useLoading, useSubscription, useSuspense } from '../../src/index'
import { Article, ArticleSummary } from '../fixtures/blog'

const base = createResource({ path: '/articles/:id', schema: Article })
const ArticleResource = { ...base, getList: base.getList.extend({ schema: [ArticleSummary] }) }

describe('React hook types', () => {
  it('types useSuspense by the endpoint schema, for createResource reads', () => {
    const typesOnly = () => {
      expectTypeOf(useSuspense(ArticleResource.get, { id: 1 })).toEqualTypeOf<Article>()
      expectTypeOf(useSuspense(ArticleResource.getList)).toEqualTypeOf<ArticleSummary[]>()
      expectTypeOf(useSuspense(hookifyResource(ArticleResource, () => ({})).useGet(), { id: '1' })).toEqualTypeOf<Article>()
      expectTypeOf(useSuspense(ArticleResource.get, null)).toEqualTypeOf<undefined>()
      // @ts-expect-error the id argument is required
      useSuspense(ArticleResource.get)
      // @ts-expect-error mutations are run with controller.fetch, not read
      useSuspense(ArticleResource.update, { id: '1' }, { title: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types useLoading with or without a deps list, as data-client takes it', () => {
    const typesOnly = () => {
      const [save, saving, error] = useLoading(async (id: number, title: string) => ArticleResource.partialUpdate({ id }, { title }), [])
      expectTypeOf(save).parameters.toEqualTypeOf<[number, string]>()
      expectTypeOf(save).returns.resolves.toEqualTypeOf<Article | undefined>()
      expectTypeOf(saving).toEqualTypeOf<boolean>()
      expectTypeOf(error).toEqualTypeOf<Error | undefined>()
      useLoading(async () => 1)
      // @ts-expect-error deps are a list
      useLoading(async () => 1, 1)
    }
    expect(typesOnly).toBeDefined()
  })

  it('types useCache and useDLE data as possibly undefined', () => {
    const typesOnly = () => {
      expectTypeOf(useCache(ArticleResource.get, { id: '1' })).toEqualTypeOf<Article | undefined>()
      expectTypeOf(useDLE(ArticleResource.get, { id: '1' }).data).toEqualTypeOf<Article | undefined>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types useCache of an object schema as its shape, never undefined at the top (it reads as the empty shape)', () => {
    const typesOnly = () => {
      const page = ArticleResource.getList.extend({ schema: { results: [ArticleSummary], link: '' } })
      const { results, link } = useCache(page)
      expectTypeOf(results).toEqualTypeOf<ArticleSummary[] | undefined>()
      expectTypeOf(link).toEqualTypeOf<string>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types useLive like useSuspense, and useSubscription by the endpoint parameters', () => {
    const typesOnly = () => {
      expectTypeOf(useLive(ArticleResource.get, { id: '1' })).toEqualTypeOf<Article>()
      expectTypeOf(useSubscription(ArticleResource.get, { id: '1' })).toEqualTypeOf<void>()
      useSubscription(ArticleResource.get, null)
      // @ts-expect-error the path parameter is required
      useSubscription(ArticleResource.get, {})
      // @ts-expect-error useLive reads, so a mutation is refused
      useLive(ArticleResource.update, { id: '1' }, {})
    }
    expect(typesOnly).toBeDefined()
  })
})
