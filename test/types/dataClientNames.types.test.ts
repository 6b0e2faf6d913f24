/**
 * Type tests for the type names data-client apps import (`Resource<O>`, `ResourceGenerics`,
 * `ResourceOptions`, `GetEndpoint`, `MutateEndpoint`, `RestType`, `PaginationFieldEndpoint`,
 * `FetchFunction`, `ProviderProps`…): code that writes them the way data-client 0.9 apps do
 * type-checks against tessera, with the types following through. ts-jest type-checks this file;
 * the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { RestEndpoint, createResource, schema } from '../../src/index'
import type {
  DataProviderProps,
  Denormalize,
  EndpointExtraOptions,
  FetchFunction,
  GetEndpoint,
  MutateEndpoint,
  PaginationFieldEndpoint,
  ProviderProps,
  Resource,
  ResourceGenerics,
  ResourceOptions,
  RestGenerics,
  RestType,
  Schema,
  ShortenPath,
  SnapshotInterface,
} from '../../src/index'
import { ArticleSummary, User } from '../fixtures/blog'

/** An API's endpoint class, generic over RestGenerics as data-client subclasses are. */
class ApiEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override urlPrefix = 'https://api.example.com'
}

/** A wrapper in data-client's style: a generics object in, `Resource<O>` out. */
function createApiResource<O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions): Resource<O> {
  return createResource({ Endpoint: ApiEndpoint, dataExpiryLength: 60_000, ...options }) as any
}

/** A wrapper whose lists come back as pages: `getList` swapped for a GetEndpoint of another schema. */
interface PagedResource<O extends ResourceGenerics = { path: string; schema: Schema }> extends Omit<Resource<O>, 'getList'> {
  getList: GetEndpoint<{
    readonly path: ShortenPath<O['path']>
    readonly schema: { items: schema.Collection<O['schema'][]>; next: string }
    readonly searchParams: O extends { searchParams: infer Q } ? Q : { page?: number }
  }>
}

function createPagedResource<O extends ResourceGenerics>(options: Readonly<O> & ResourceOptions): PagedResource<O> {
  const base = createResource({ Endpoint: ApiEndpoint, paginationField: 'page', ...options })
  return base.extend({
    getList: { schema: { items: base.getList.schema as schema.Collection<O['schema'][]>, next: '' } },
  }) as any
}

describe('data-client type names', () => {
  it('types a resource made by a wrapper over ResourceGenerics and ResourceOptions', () => {
    const typesOnly = async () => {
      const Members = createApiResource({
        path: '/teams/:team/members/:id',
        schema: User,
        optimistic: true,
        searchParams: {} as { active?: boolean } | undefined,
      })
      expectTypeOf(await Members.get({ team: 't', id: 1 })).toEqualTypeOf<User>()
      expectTypeOf(await Members.getList({ team: 't', active: true })).toEqualTypeOf<User[]>()
      Members.getList({ team: 't' })
      // @ts-expect-error the list's path still needs the team
      Members.getList({ active: true })
      Members.partialUpdate({ team: 't', id: 1 }, { name: 'Ada' })
      // @ts-expect-error name is a string
      Members.partialUpdate({ team: 't', id: 1 }, { name: 1 })
      expectTypeOf(await Members.getList.push({ team: 't' }, { name: 'Ada' })).toEqualTypeOf<User>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('takes ResourceOptions bare (everything but the generics) or with a path and schema', () => {
    const typesOnly = () => {
      const shared: ResourceOptions = { urlPrefix: 'https://api.example.com', optimistic: true, dataExpiryLength: 1000 }
      const full: ResourceOptions<'/users/:id', typeof User> = { ...shared, path: '/users/:id', schema: User }
      expectTypeOf(createResource(full).get).parameters.toEqualTypeOf<[params: { id: string | number }]>()
      // @ts-expect-error a typed ResourceOptions needs its schema
      const missing: ResourceOptions<'/users/:id', typeof User> = { path: '/users/:id' }
      expect(missing).toBeDefined()
    }
    expect(typesOnly).toBeDefined()
  })

  it('names the same members with Resource<O> and Resource<P, S>', () => {
    const typesOnly = () => {
      expectTypeOf<Resource<{ path: '/users/:id'; schema: typeof User }>>().toEqualTypeOf<Resource<'/users/:id', typeof User>>()
      expectTypeOf<Resource<{ path: '/users/:id'; schema: typeof User; body: { name: string }; searchParams: { team?: string } }>>().toEqualTypeOf<
        Resource<'/users/:id', typeof User, { name: string }, { team?: string }>
      >()
      const Users: Resource<{ path: '/users/:id'; schema: typeof User }> = createResource({ path: '/users/:id', schema: User })
      const again: Resource<'/users/:id', typeof User> = Users
      expect(again).toBeDefined()
      // The bare form fits any resource, as data-client's default does.
      const some: Resource = Users
      expect(some).toBeDefined()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types a wrapper that turns getList into pages with Omit<Resource<O>, "getList"> and GetEndpoint', () => {
    const typesOnly = async () => {
      const Posts = createPagedResource({ path: '/posts/:id', schema: ArticleSummary })
      const page = await Posts.getList({ page: 2 })
      expectTypeOf(page.items).toEqualTypeOf<ArticleSummary[]>()
      expectTypeOf(page.next).toEqualTypeOf<string>()
      expectTypeOf(await Posts.get({ id: 1 })).toEqualTypeOf<ArticleSummary>()
      // Members computed from the resource keep the paged list's schema.
      const More = Posts.extend((base) => ({ byAuthor: base.getList.extend({ path: '/authors/:author/posts' }) }))
      expectTypeOf((await More.byAuthor({ author: 'ada' })).items).toEqualTypeOf<ArticleSummary[]>()
      // @ts-expect-error the new path's parameter is required
      More.byAuthor({})
    }
    expect(typesOnly).toBeDefined()
  })

  it('types GetEndpoint, MutateEndpoint, PaginationFieldEndpoint and RestType as RestEndpoints', () => {
    const typesOnly = async () => {
      const getUser: GetEndpoint<{ path: '/users/:id'; schema: typeof User }> = new RestEndpoint({ path: '/users/:id', schema: User })
      expectTypeOf(await getUser({ id: 1 })).toEqualTypeOf<User>()
      const fromResource: GetEndpoint<{ path: '/users/:id'; schema: typeof User }> = createResource({ path: '/users/:id', schema: User }).get
      expect(fromResource).toBeDefined()
      const list = new RestEndpoint({ path: '/users', schema: new schema.Collection([User]), searchParams: {} as { team?: string } })
      const asGet: GetEndpoint<{ path: '/users'; schema: schema.Collection<[typeof User]>; searchParams: { team?: string } }> = list
      expect(asGet).toBeDefined()

      const rename: MutateEndpoint<{ path: '/users/:id'; schema: typeof User; body: { name: string } }> = new RestEndpoint({
        path: '/users/:id',
        method: 'PATCH',
        schema: User,
        body: {} as { name: string },
      }) as any
      expectTypeOf(await rename({ id: 1 }, { name: 'Ada' })).toEqualTypeOf<User>()
      expectTypeOf(rename.sideEffect).toEqualTypeOf<true>()
      // @ts-expect-error the body is { name: string }
      rename({ id: 1 }, { name: 1 })

      const pages: PaginationFieldEndpoint<typeof list, 'cursor'> = list.paginated('cursor')
      pages({ cursor: 'abc', team: 't' })

      const read: RestType<{ id: number }, undefined, typeof User, undefined> = null!
      expectTypeOf(await read({ id: 1 })).toEqualTypeOf<User>()
      expectTypeOf(read.sideEffect).toEqualTypeOf<undefined>()
      // @ts-expect-error id is required
      read({})
      const write: RestType<{ id: number }, { name: string }, typeof User, true> = null!
      write({ id: 1 }, { name: 'Ada' })
      expectTypeOf(write.sideEffect).toEqualTypeOf<true>()
      // @ts-expect-error the body is required
      write({ id: 1 })
      const count: RestType<{ team: string }, undefined, undefined, undefined, number> = null!
      expectTypeOf(await count({ team: 't' })).toEqualTypeOf<number>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('accepts schema.Collection written with an array type, as data-client spells it', () => {
    const typesOnly = () => {
      expectTypeOf<Denormalize<schema.Collection<(typeof User)[]>>>().toEqualTypeOf<User[]>()
      const members = new schema.Collection([User])
      const asArray: schema.Collection<(typeof User)[]> = members
      expect(asArray).toBeDefined()
    }
    expect(typesOnly).toBeDefined()
  })

  it('widens type-carrier values in extend, keeps new paths literal, and types option methods', () => {
    const typesOnly = () => {
      const Notes = createResource({ path: '/notes/:id', schema: ArticleSummary }).extend({
        getList: { path: '/boards/:board/notes', body: { title: '' } },
      })
      // `{ title: '' }` says "a string", not "the empty string".
      Notes.getList.push({ board: 'b' }, { title: 'Groceries' })
      // @ts-expect-error the new path's parameter is required
      Notes.getList({})

      const get = new RestEndpoint({ path: '/notes/:id', schema: ArticleSummary })
      const withQuery = get.extend({
        searchParams: {} as { draft?: boolean } | undefined,
        getOptimisticResponse(snapshot, ...args) {
          expectTypeOf(snapshot).toEqualTypeOf<SnapshotInterface>()
          return args[0]
        },
      })
      withQuery({ id: 1 })
      withQuery({ id: 1, draft: true })
    }
    expect(typesOnly).toBeDefined()
  })

  it('has FetchFunction, EndpointExtraOptions<F> and ProviderProps', () => {
    const typesOnly = () => {
      const fetchUser: FetchFunction<[id: number], User> = async () => User.fromJS()
      const options: EndpointExtraOptions<typeof fetchUser> = {
        dataExpiryLength: 1000,
        getOptimisticResponse(_snapshot, id) {
          expectTypeOf(id).toEqualTypeOf<number>()
          return { id }
        },
        extra: { audit: true },
      }
      expect(options).toBeDefined()
      expectTypeOf<ProviderProps>().toEqualTypeOf<DataProviderProps>()
    }
    expect(typesOnly).toBeDefined()
  })
})
