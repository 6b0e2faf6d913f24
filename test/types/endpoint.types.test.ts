/**
 * Type tests for the endpoint layer: what RestEndpoint, createResource, hookifyResource, Endpoint
 * and GQLEndpoint accept and resolve to. ts-jest type-checks this file, so a wrong type fails the
 * run; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { Endpoint, GQLEndpoint, GQLEntity, RestEndpoint, createResource, hookifyResource } from '../../src/index'
import type { PathArgs } from '../../src/index'
import type { RestGenerics, Schema } from '../../src/index'
import { Article, ArticleSummary, User } from '../fixtures/blog'
import { Link, Post, feedItem } from '../fixtures/feed'

const ArticleResource = createResource({ path: '/articles/:id', schema: Article })
const CommentResource = createResource({ path: '/articles/:articleId/comments/:id', schema: User })

class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override async getRequestInit(body: unknown): Promise<RequestInit> {
    return { ...(await super.getRequestInit(body)), credentials: 'include' }
  }
}

/** The spec's wrapper pattern: readonly options, base members spread, getList's schema changed. */
function createPagedResource<P extends string, S extends Schema>({
  path,
  schema,
}: {
  readonly path: P
  readonly schema: S
}) {
  const base = createResource({ path, schema, Endpoint: AuthdEndpoint })
  return {
    ...base,
    getList: base.getList.extend({ schema: { results: [schema], total: 0, limit: 0, skip: 0 } }),
  }
}

describe('endpoint types', () => {
  it('infers path parameters from the path template', () => {
    const typesOnly = () => {
      ArticleResource.get({ id: 1 })
      ArticleResource.get({ id: '1' })
      ArticleResource.delete({ id: 1 })
      // @ts-expect-error id is required
      ArticleResource.get({})
      // @ts-expect-error the parameters are required
      ArticleResource.get()
      // @ts-expect-error a path parameter is a string or a number
      ArticleResource.get({ id: true })
      CommentResource.get({ articleId: 1, id: 2 })
      CommentResource.getList({ articleId: 1 })
      // @ts-expect-error getList keeps the parameters of the shortened path
      CommentResource.getList({})
      // @ts-expect-error articleId is missing
      CommentResource.update({ id: 2 }, { name: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('infers the arguments of new RestEndpoint from its options', () => {
    const typesOnly = () => {
      const getUser = new RestEndpoint({ path: '/groups/:groupId/users/:id', schema: User })
      getUser({ groupId: 'g', id: 1 })
      // @ts-expect-error id is missing
      getUser({ groupId: 'g' })
      expectTypeOf(getUser({ groupId: 'g', id: 1 })).resolves.toEqualTypeOf<User>()

      const search = new RestEndpoint({ path: '/search/:term?' })
      search({})
      search({ term: 'x' })

      const addMember = new RestEndpoint({ path: '/groups/:groupId/members', method: 'POST', body: {} as { name: string } })
      addMember({ groupId: 1 }, { name: 'Ada' })
      // @ts-expect-error the body type is enforced
      addMember({ groupId: 1 }, { name: 1 })
      // @ts-expect-error a POST takes its body
      addMember({ groupId: 1 })

      // Without a schema, the result is what process returns.
      const count = new RestEndpoint({ path: '/count', process: (value: { n: number }) => value.n })
      expectTypeOf(count()).resolves.toEqualTypeOf<number>()

      // An option the endpoint does not know is kept as a member, as in data-client; one that is a
      // known option in another case (`urlprefix`) is named by a development warning instead
      // (test/endpoint/extraMembers.test.ts, test/types/extraMembers.types.test.ts).
    }
    expect(typesOnly).toBeDefined()
  })

  it('enforces body and searchParams types', () => {
    const typesOnly = () => {
      const Posts = createResource({
        path: '/posts/:id',
        schema: ArticleSummary,
        body: {} as { title: string },
        searchParams: {} as { page: number },
      })
      Posts.getList({ page: 1 })
      // @ts-expect-error page is a number
      Posts.getList({ page: '1' })
      // @ts-expect-error page is required
      Posts.getList()
      Posts.create({ page: 1 }, { title: 'x' })
      // @ts-expect-error a required query (the list the item joins) is required by create too
      Posts.create({ title: 'x' })
      // @ts-expect-error the body is { title: string }
      Posts.create({ page: 1 }, { title: 1 })
      Posts.update({ id: 1 }, { title: 'x' })
      // @ts-expect-error update needs its body
      Posts.update({ id: 1 })
      Posts.partialUpdate({ id: 1 }, {})

      // Without body or searchParams options: the body is a partial entity, the query is optional.
      ArticleResource.getList()
      ArticleResource.getList({ author: 'ada', page: 2 })
      ArticleResource.partialUpdate({ id: 1 }, { title: 'x' })
      // @ts-expect-error title is a string
      ArticleResource.partialUpdate({ id: 1 }, { title: 1 })
    }
    expect(typesOnly).toBeDefined()
  })

  it('resolves every member to the denormalized schema type', () => {
    const typesOnly = () => {
      expectTypeOf(ArticleResource.get({ id: 1 })).resolves.toEqualTypeOf<Article>()
      expectTypeOf(ArticleResource.getList()).resolves.toEqualTypeOf<Article[]>()
      expectTypeOf(ArticleResource.create({ title: 'x' })).resolves.toEqualTypeOf<Article>()
      expectTypeOf(ArticleResource.update({ id: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Article>()
      expectTypeOf(ArticleResource.partialUpdate({ id: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Article>()
      // Rule 4: delete resolves to the response object or the call's path parameters, never an Article instance.
      expectTypeOf(ArticleResource.delete({ id: 1 })).resolves.toEqualTypeOf<PathArgs<'/articles/:id'> | Partial<Article>>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types the body of a list’s push by its items, and lets a mutation without a body option go without one', () => {
    const typesOnly = async () => {
      const Tagged = createResource({ path: '/articles/:id', schema: ArticleSummary, searchParams: {} as { tag?: string } })
      expectTypeOf(await Tagged.getList.push({ title: 'x' })).toEqualTypeOf<ArticleSummary>()
      Tagged.getList.unshift({ tag: 'news' }, { title: 'x' })
      // @ts-expect-error the body has the item's fields
      Tagged.getList.push({ titel: 'x' })
      const like = new RestEndpoint({ path: '/articles/:id/like', method: 'POST', schema: ArticleSummary })
      expectTypeOf(await like({ id: 1 })).toEqualTypeOf<ArticleSummary>()
      const rename = new RestEndpoint({ path: '/articles/:id', method: 'PATCH', schema: ArticleSummary, body: {} as { title: string } })
      // @ts-expect-error a declared body is required
      rename({ id: 1 })
    }
    expect(typesOnly).toBeDefined()
  })

  it('keeps inference through extend and paginated', () => {
    const typesOnly = () => {
      const getPage = ArticleResource.getList.extend({ schema: { results: [ArticleSummary], cursor: '' } })
      expectTypeOf(getPage()).resolves.toEqualTypeOf<{ results: ArticleSummary[]; cursor: string }>()
      const getNextPage = getPage.paginated('cursor')
      expectTypeOf(getNextPage({ cursor: 'c2' })).resolves.toEqualTypeOf<{ results: ArticleSummary[]; cursor: string }>()

      const resource = { ...ArticleResource, getList: getPage }
      expectTypeOf(resource.get({ id: 1 })).resolves.toEqualTypeOf<Article>()

      const v2 = CommentResource.get.extend({ path: '/v2/comments/:commentId' })
      v2({ commentId: 1 })
      // @ts-expect-error the new path's parameters replace the old ones
      v2({ articleId: 1, id: 2 })
      expectTypeOf(v2({ commentId: 1 })).resolves.toEqualTypeOf<User>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('infers a wrapper function with readonly options', () => {
    const typesOnly = () => {
      const Paged = createPagedResource({ path: '/articles/:id', schema: Article })
      expectTypeOf(Paged.get({ id: 1 })).resolves.toEqualTypeOf<Article>()
      expectTypeOf(Paged.getList()).resolves.toEqualTypeOf<{ results: Article[]; total: number; limit: number; skip: number }>()
      // @ts-expect-error id is required
      Paged.get({})
      Paged.update({ id: 1 }, { title: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types hookifyResource hooks as the members they stand for', () => {
    const typesOnly = () => {
      const hooks = hookifyResource(ArticleResource, () => ({ headers: { Authorization: 'x' } }))
      expectTypeOf(hooks.useGet()).toEqualTypeOf(ArticleResource.get)
      expectTypeOf(hooks.useDelete()).toEqualTypeOf(ArticleResource.delete)
      expectTypeOf(hooks.useGetList()({})).resolves.toEqualTypeOf<Article[]>()
      // @ts-expect-error only the six members become hooks
      hooks.useSomething()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types Endpoint by the function it wraps', () => {
    const typesOnly = () => {
      const getUser = new Endpoint(async (params: { id: string }) => ({ id: params.id, name: '' }), { schema: User })
      expectTypeOf(getUser({ id: 'u1' })).resolves.toEqualTypeOf<{ id: string; name: string }>()
      expectTypeOf(getUser.key).parameters.toEqualTypeOf<[{ id: string }]>()
      // @ts-expect-error id is a string
      getUser({ id: 1 })
      const withList = getUser.extend({ schema: [User] })
      expectTypeOf(withList.schema).toEqualTypeOf<(typeof User)[]>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types GraphQL operations by their schema map', () => {
    const typesOnly = () => {
      class Person extends GQLEntity {
        name = ''
      }
      const gql = new GQLEndpoint('/graphql')
      const getPerson = gql.query('query P($id: ID!) { person(id: $id) { id name } }', { person: Person })
      expectTypeOf(getPerson({ id: '1' })).resolves.toEqualTypeOf<{ person: Person }>()
      const rename = gql.mutation('mutation R { rename { id name } }', { rename: Person })
      expectTypeOf(rename.sideEffect).toEqualTypeOf<true>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types resource.extend(name, options) for existing and new members, and chains', () => {
    const typesOnly = () => {
      const Groups = createResource({ path: '/groups/:group/users/:id', schema: User })
        .extend('getList', { path: '/teams/:team/users', searchParams: {} as { isAdmin?: boolean } })
        .extend('current', { path: '/me' })
        .extend('promote', { path: '/promote/:id', method: 'POST', body: undefined })
      Groups.getList({ team: 't', isAdmin: true })
      // @ts-expect-error the new path replaced the group parameter
      Groups.getList({ group: 'g' })
      expectTypeOf(Groups.current()).resolves.toEqualTypeOf<User>()
      Groups.promote({ id: 5 })
      expectTypeOf(Groups.promote.sideEffect).toEqualTypeOf<true>()
      expectTypeOf(Groups.get({ group: 'g', id: 1 })).resolves.toEqualTypeOf<User>()
      // @ts-expect-error get keeps its parameters
      Groups.get({ id: 1 })
      expectTypeOf(Groups.getList.sideEffect).toEqualTypeOf<undefined>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types resource.extend({ member: options }) and resource.extend(fn)', () => {
    const typesOnly = () => {
      const Tuned = ArticleResource.extend({
        getList: { dataExpiryLength: 600_000 },
        get: { path: '/v2/articles/:slug', schema: ArticleSummary },
      })
      expectTypeOf(Tuned.getList()).resolves.toEqualTypeOf<Article[]>()
      expectTypeOf(Tuned.get({ slug: 'hello' })).resolves.toEqualTypeOf<ArticleSummary>()
      // @ts-expect-error the new path's parameter replaces id
      Tuned.get({ id: 1 })
      expectTypeOf(Tuned.update({ id: 1 }, { title: 'x' })).resolves.toEqualTypeOf<Article>()

      const WithMe = ArticleResource.extend((base) => ({
        mine: base.getList.extend({ path: '/me/articles' }),
        get: base.get.extend({ schema: ArticleSummary }),
      }))
      expectTypeOf(WithMe.mine()).resolves.toEqualTypeOf<Article[]>()
      expectTypeOf(WithMe.get({ id: 1 })).resolves.toEqualTypeOf<ArticleSummary>()
      expectTypeOf(WithMe.delete({ id: 1 })).resolves.toEqualTypeOf<PathArgs<'/articles/:id'> | Partial<Article>>()
      // Still extendable.
      WithMe.extend('mine', { dataExpiryLength: 1 })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types a sideEffect: true endpoint without a method as a mutation', () => {
    const typesOnly = () => {
      const send = new RestEndpoint({ path: '/messages', sideEffect: true })
      expectTypeOf(send.sideEffect).toEqualTypeOf<true>()
      expectTypeOf(send.extend({ name: 'send' }).sideEffect).toEqualTypeOf<true>()
      const read = new RestEndpoint({ path: '/messages' })
      expectTypeOf(read.sideEffect).toEqualTypeOf<undefined>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('infers no parameter from an escaped colon in the path', () => {
    const typesOnly = () => {
      const getUser = new RestEndpoint({ path: 'http\\://localhost\\:8080/users/:id' })
      getUser({ id: 1 })
      // @ts-expect-error id is the only parameter
      getUser({ id: 1, localhost: 'x' }).then(() => undefined)
      expectTypeOf<keyof PathArgs<'http\\://host/users/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<keyof PathArgs<'http://host:8080/users/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<keyof PathArgs<'/time/\\:now'>>().toEqualTypeOf<never>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types a resource over a schema.Union by its members', () => {
    const typesOnly = () => {
      const Feed = createResource({ path: '/feed/:id', schema: feedItem })
      expectTypeOf(Feed.get({ id: 1 })).resolves.toEqualTypeOf<Post | Link>()
      expectTypeOf(Feed.getList()).resolves.toEqualTypeOf<(Post | Link)[]>()
      expectTypeOf(Feed.create({ type: 'link', url: 'https://example.com' })).resolves.toEqualTypeOf<Post | Link>()
      Feed.delete({ id: 1 })
    }
    expect(typesOnly).toBeDefined()
  })
})
