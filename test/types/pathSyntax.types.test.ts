/**
 * Type tests for the path syntax of data-client 0.16+ (path-to-regexp 8) next to the older one:
 * what `PathKeys`, `PathArgs` and `ShortenPath` make of `{…}` groups, `*name` wildcards,
 * `:"quoted"` names and escapes, and the arguments endpoints and resources on such paths take.
 * ts-jest type-checks this file; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { RestEndpoint, createResource } from '../../src/index'
import type { PathArgs, PathKeys, ShortenPath } from '../../src/index'
import { Todo } from '../fixtures/todos'

type Segments = readonly (string | number)[]

describe('path syntax types', () => {
  it('marks every name inside a {…} group optional, at any depth', () => {
    const typesOnly = () => {
      expectTypeOf<PathKeys<'/users{/:id}'>>().toEqualTypeOf<'id?'>()
      expectTypeOf<PathKeys<'{/:attr1}{-:attr2}{-:attr3}'>>().toEqualTypeOf<'attr1?' | 'attr2?' | 'attr3?'>()
      expectTypeOf<PathKeys<'/users/:id{/:action}/:tail'>>().toEqualTypeOf<'id' | 'action?' | 'tail'>()
      expectTypeOf<PathKeys<'/x{/:a{/:b}/:c}/:d'>>().toEqualTypeOf<'a?' | 'b?' | 'c?' | 'd'>()
      // The 0.14 forms: `:name?`, and a group with a `?` after it.
      expectTypeOf<PathKeys<'/:attr1?{-:attr2}?'>>().toEqualTypeOf<'attr1?' | 'attr2?'>()
      expectTypeOf<PathArgs<'/users{/:id}'>>().toEqualTypeOf<{ id?: string | number }>()
      expectTypeOf<PathArgs<'/users/:id{/:action}'>>().toEqualTypeOf<{ id: string | number; action?: string | number }>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('reads *name as a wildcard taking an array of segments', () => {
    const typesOnly = () => {
      expectTypeOf<PathKeys<'/files/*path'>>().toEqualTypeOf<'*path'>()
      expectTypeOf<PathKeys<'/:id/*rest'>>().toEqualTypeOf<'id' | '*rest'>()
      expectTypeOf<PathKeys<'/files{/*path}'>>().toEqualTypeOf<'*path?'>()
      expectTypeOf<PathKeys<'/:a*b:c'>>().toEqualTypeOf<'a' | '*b' | 'c'>()
      expectTypeOf<PathArgs<'/files/*path'>>().toEqualTypeOf<{ path: Segments }>()
      expectTypeOf<PathArgs<'{/*path}'>>().toEqualTypeOf<{ path?: Segments }>()
      expectTypeOf<PathArgs<'{/*id}:bob'>>().toEqualTypeOf<{ id?: Segments; bob: string | number }>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('reads :"quoted" names and leaves escaped characters literal', () => {
    const typesOnly = () => {
      expectTypeOf<PathArgs<'/:"with-dash"'>>().toEqualTypeOf<{ 'with-dash': string | number }>()
      expectTypeOf<PathArgs<'{/*"wild-name"}'>>().toEqualTypeOf<{ 'wild-name'?: Segments }>()
      expectTypeOf<PathKeys<'/\\:literal/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<PathKeys<'/\\*literal/*path'>>().toEqualTypeOf<'*path'>()
      expectTypeOf<PathKeys<'/\\}stuff{/:id}'>>().toEqualTypeOf<'id?'>()
      expectTypeOf<PathKeys<'/x/\\{:id\\}'>>().toEqualTypeOf<'id'>()
      expectTypeOf<PathKeys<'/search?{q=:q}{&page=:page}'>>().toEqualTypeOf<'q?' | 'page?'>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('shortens a path as shortenPath does at run time', () => {
    const typesOnly = () => {
      expectTypeOf<ShortenPath<'/users{/:id}'>>().toEqualTypeOf<'/users'>()
      expectTypeOf<ShortenPath<'/:group/posts{/:id}'>>().toEqualTypeOf<'/:group/posts'>()
      expectTypeOf<ShortenPath<'{/:id}{/:title}'>>().toEqualTypeOf<'{/:id}'>()
      expectTypeOf<ShortenPath<'{/:id}'>>().toEqualTypeOf<'/'>()
      expectTypeOf<ShortenPath<'/x{/:a{/:b}}'>>().toEqualTypeOf<'/x{/:a{/:b}}'>()
      expectTypeOf<ShortenPath<'/repos/:owner/*path'>>().toEqualTypeOf<'/repos/:owner'>()
      expectTypeOf<ShortenPath<'/users/:id'>>().toEqualTypeOf<'/users'>()
      expectTypeOf<ShortenPath<'/users/:id?'>>().toEqualTypeOf<'/users'>()
      expectTypeOf<ShortenPath<'/:id'>>().toEqualTypeOf<'/'>()
      expectTypeOf<ShortenPath<'http\\://host/users/:id'>>().toEqualTypeOf<'http\\://host/users'>()
      expectTypeOf<ShortenPath<'/users'>>().toEqualTypeOf<'/users'>()
      expectTypeOf<ShortenPath<string>>().toEqualTypeOf<string>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('gives endpoints and resources on such paths the arguments data-client gives them', () => {
    const typesOnly = () => {
      const optional = new RestEndpoint({ path: '/users{/:id}{/:group}' })
      optional()
      optional({ id: 5 })
      optional({ id: 5, group: 5 })
      const withBody = new RestEndpoint({ path: '/users{/:id}{/:group}', body: { title: '' }, method: 'POST' })
      withBody({ title: 'hi' })
      withBody({ id: 5 }, { title: 'hi' })
      // @ts-expect-error a parameter object holds no title
      withBody({ title: 'hi' }, { title: 'hi' })

      const files = new RestEndpoint({ path: '/files/*path' })
      files({ path: ['a', 'b'] })
      // @ts-expect-error a wildcard takes an array, as in data-client
      files({ path: 'a/b' })
      // @ts-expect-error the wildcard is required
      files({})
      const optionalFiles = new RestEndpoint({ path: '/files{/*path}' })
      optionalFiles()
      optionalFiles({ path: ['a'] })

      const repo = createResource({ path: '/repos/:owner/*path', schema: Todo })
      repo.get({ owner: 'john', path: ['src', 'index.ts'] })
      // @ts-expect-error get needs the path
      repo.get({ owner: 'john' })
      repo.getList({ owner: 'john' })
      // @ts-expect-error getList needs the owner
      repo.getList({})
      expectTypeOf(repo.getList.path).toEqualTypeOf<'/repos/:owner'>()

      const posts = createResource({ path: '/:group/posts{/:id}', schema: Todo })
      posts.get({ group: 'react', id: 'abc' })
      posts.getList({ group: 'react' })
      expectTypeOf(posts.getList.path).toEqualTypeOf<'/:group/posts'>()
    }
    expect(typesOnly).toBeDefined()
  })
})
