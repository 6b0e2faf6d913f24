/**
 * Type tests for the Controller: its methods take the endpoint's own parameters and resolve to
 * what a read of it gives. ts-jest type-checks this file; the functions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { Query, createResource, createStore, devTools, schema, useController, type State } from '../../src/index'
import { Article, ArticleSummary } from '../fixtures/blog'

const base = createResource({ path: '/articles/:id', schema: Article })
const ArticleResource = { ...base, getList: base.getList.extend({ schema: { results: [ArticleSummary], cursor: '' } }) }

describe('Controller types', () => {
  it('types fetch by the endpoint: its parameters in, its denormalized schema out', () => {
    const typesOnly = async () => {
      const { fetch } = createStore().controller
      expectTypeOf(await fetch(ArticleResource.get, { id: 1 })).toEqualTypeOf<Article>()
      expectTypeOf(await fetch(ArticleResource.getList)).toEqualTypeOf<{ results: ArticleSummary[]; cursor: string }>()
      expectTypeOf(await fetch(ArticleResource.update, { id: 1 }, { title: 'x' })).toEqualTypeOf<Article>()
      expectTypeOf(await fetch(ArticleResource.create, { title: 'x' })).toEqualTypeOf<Article>()
      // @ts-expect-error update needs the id path parameter
      fetch(ArticleResource.update, {}, { title: 'x' })
      // @ts-expect-error a misspelled path parameter
      fetch(ArticleResource.get, { ID: 1 })
      // @ts-expect-error the body of update has the entity's fields
      fetch(ArticleResource.update, { id: 1 }, { titel: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types invalidate, setResponse, getResponse and getError by the endpoint too', () => {
    const typesOnly = (state: State) => {
      const controller = useController()
      controller.invalidate(ArticleResource.get, { id: 1 })
      controller.invalidate(ArticleResource.get, null)
      // @ts-expect-error invalidate takes the endpoint's parameters
      controller.invalidate(ArticleResource.get, { slug: 'x' })
      controller.setResponse(ArticleResource.get, { id: 1 }, { id: '1', title: 'x' })
      // @ts-expect-error setResponse needs the parameters before the response
      controller.setResponse(ArticleResource.get, { id: '1', title: 'x' })
      expectTypeOf(controller.getResponse(ArticleResource.get, { id: 1 }, state).data).toEqualTypeOf<Article | undefined>()
      expectTypeOf(controller.getResponse(ArticleResource.getList, state).data?.results).toEqualTypeOf<ArticleSummary[] | undefined>()
      // @ts-expect-error getResponse takes the endpoint's parameters, then the state
      controller.getResponse(ArticleResource.get, { slug: 'x' }, state)
      expectTypeOf(controller.getError(ArticleResource.get, { id: 1 }, state)).toEqualTypeOf<Error | undefined>()
      expectTypeOf(controller.get(Article, { id: 1 }, state)).toEqualTypeOf<Article | undefined>()
      // A Query gives what its process returns.
      const titles = new Query(new schema.All(Article), (articles) => articles.map((article) => article.title))
      expectTypeOf(controller.get(titles, state)).toEqualTypeOf<string[] | undefined>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('takes devtools as the connector devTools() makes, not the old true or options object', () => {
    const typesOnly = () => {
      createStore({ devtools: devTools({ name: 'Blog', maxAge: 25 }) })
      createStore({ devtools: false })
      // @ts-expect-error `true` was the old form: devTools() is imported so that unused, it is not bundled
      createStore({ devtools: true })
      // @ts-expect-error an options object goes to devTools()
      createStore({ devtools: { name: 'Blog' } })
    }
    expect(typesOnly).toBeDefined()
  })
})
