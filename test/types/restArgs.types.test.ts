/**
 * Type tests for the arguments a RestEndpoint call takes, from its `path` and (type-only)
 * `searchParams`: when the parameters object is absent, optional or required, and what a read
 * refuses. The same rules as data-client 0.9, so code written against it type-checks unchanged.
 * ts-jest type-checks this file; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { RestEndpoint } from '../../src/index'
import type { PathArgs, PathKeys } from '../../src/index'
import { User } from '../fixtures/blog'

type Filter = { readonly team?: string; readonly active?: boolean }

describe('RestEndpoint arguments', () => {
  it('takes no parameters when the path has none and no query is declared', () => {
    const typesOnly = () => {
      const everyone = new RestEndpoint({ path: '/users', schema: [User] })
      everyone()
      // @ts-expect-error nothing to put in an object: it would be silently dropped
      everyone({})
      // @ts-expect-error a query must be declared with searchParams to be sent
      everyone({ team: 'core' })
      // @ts-expect-error not an object either
      everyone(1)

      // `searchParams: undefined` says the same thing explicitly.
      const stated = new RestEndpoint({ path: '/users', searchParams: undefined })
      stated()
      // @ts-expect-error no query declared
      stated({ team: 'core' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('makes the parameters optional when none of them is required', () => {
    const typesOnly = () => {
      const search = new RestEndpoint({ path: '/users', searchParams: {} as Filter })
      search()
      search({})
      search({ team: 'core', active: true })
      // @ts-expect-error a misspelled query member
      search({ teem: 'core' })

      // A query that may be undefined may be left out, even when its members are required.
      const maybe = new RestEndpoint({ path: '/users', searchParams: {} as { team: string } | undefined })
      maybe()
      maybe({ team: 'core' })
      // @ts-expect-error once given, its required members are required
      maybe({})

      // An optional path parameter, with or without an optional query.
      const one = new RestEndpoint({ path: '/users/:id?', schema: User })
      one()
      one({})
      one({ id: 1 })
      // @ts-expect-error only the path's parameter without a declared query
      one({ team: 'core' })
      const oneOf = new RestEndpoint({ path: '/users/:id?', searchParams: {} as Filter | undefined })
      oneOf()
      oneOf({ id: '1', team: 'core' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('requires the parameters when a path parameter or query member is required', () => {
    const typesOnly = () => {
      const byTeam = new RestEndpoint({ path: '/users', searchParams: {} as { team: string } })
      byTeam({ team: 'core' })
      // @ts-expect-error team is required
      byTeam()
      // @ts-expect-error team is required
      byTeam({})

      const withQuery = new RestEndpoint({ path: '/users/:id?', searchParams: {} as { team: string } })
      withQuery({ team: 'core' })
      withQuery({ team: 'core', id: 2 })
      // @ts-expect-error the optional path parameter does not make team optional
      withQuery({ id: 2 })

      const get = new RestEndpoint({ path: '/users/:id', searchParams: {} as Filter | undefined, schema: User })
      get({ id: 1 })
      get({ id: 1, team: 'core' })
      // @ts-expect-error id is required, whatever the query
      get()
      expectTypeOf(get({ id: 1 })).resolves.toEqualTypeOf<User>()

      const plain = new RestEndpoint({ path: '/users/:id' })
      plain({ id: 1 })
      // @ts-expect-error no query declared
      plain({ id: 1, team: 'core' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('refuses a second argument for a read, and anything but an object of parameters', () => {
    const typesOnly = () => {
      const search = new RestEndpoint({ path: '/users/:id?', searchParams: {} as Filter })
      // @ts-expect-error a read has no body
      search({ team: 'core' }, { team: 'core' })
      // @ts-expect-error parameters come as an object
      search(5)
      const get = new RestEndpoint({ path: '/users/:id' })
      // @ts-expect-error parameters come as an object
      get(5)
    }
    expect(typesOnly).toBeDefined()
  })

  it('takes any parameters, optionally, when the path is only known as a string', () => {
    const typesOnly = () => {
      const anyPath = new RestEndpoint({ path: '/users' as string })
      anyPath()
      anyPath({ id: 1, team: 'core' })
      // @ts-expect-error still an object
      anyPath(5)

      const open = new RestEndpoint({ path: '' as `${string}:${string}` })
      open()
      open({ anything: 1 })

      const required = new RestEndpoint({ path: '/users' as string, searchParams: {} as { team: string } })
      required({ team: 'core', id: 1 })
      // @ts-expect-error the declared query's required member
      required({ id: 1 })
    }
    expect(typesOnly).toBeDefined()
  })

  it('puts the body after the parameters, and alone when the path has none', () => {
    const typesOnly = () => {
      const create = new RestEndpoint({ path: '/users', method: 'POST', body: {} as { name: string }, schema: User })
      create({ name: 'Ada' })
      // @ts-expect-error no parameters to give
      create({}, { name: 'Ada' })
      const createIn = new RestEndpoint({ path: '/teams/:team/users', method: 'POST', body: {} as { name: string } })
      createIn({ team: 't' }, { name: 'Ada' })
      // @ts-expect-error the team comes first
      createIn({ name: 'Ada' })
      const createQuery = new RestEndpoint({ path: '/users', method: 'POST', searchParams: {} as { notify?: boolean }, body: {} as { name: string } })
      createQuery({ name: 'Ada' })
      createQuery({ notify: true }, { name: 'Ada' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('reads parameter names as the URL builder does', () => {
    const typesOnly = () => {
      expectTypeOf<PathKeys<'/users/:id/posts/:postId?'>>().toEqualTypeOf<'id' | 'postId?'>()
      expectTypeOf<PathKeys<'/files/:name.json'>>().toEqualTypeOf<'name'>()
      expectTypeOf<PathKeys<'/a-:first-:second'>>().toEqualTypeOf<'first' | 'second'>()
      expectTypeOf<PathKeys<'http\\://host\\:8080/users/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<PathKeys<'https://host:8080/users/:id'>>().toEqualTypeOf<'id'>()
      expectTypeOf<PathKeys<'/search?q=:q&page=:page?'>>().toEqualTypeOf<'q' | 'page?'>()
      // An escaped `?` is literal text and an escaped colon starts no name.
      expectTypeOf<PathKeys<'/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?'>>().toEqualTypeOf<'q?' | 'owner' | 'repo' | 'page?'>()
      expectTypeOf<PathKeys<'/files/:name\\?'>>().toEqualTypeOf<'name'>()
      expectTypeOf<PathKeys<string>>().toEqualTypeOf<string>()
      expectTypeOf<PathArgs<'/users/:id/posts/:postId?'>>().toEqualTypeOf<{ id: string | number; postId?: string | number }>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('gives a read no body argument even when it declares one (for its push)', () => {
    const typesOnly = () => {
      const comments = new RestEndpoint({ path: '/issues/:number/comments', body: {} as { body: string } })
      comments({ number: 1 })
      // @ts-expect-error a GET sends no body
      comments({ number: 1 }, { body: 'x' })
      const post = comments.extend({ method: 'POST' })
      post({ number: 1 }, { body: 'x' })
      // @ts-expect-error the POST needs its declared body
      post({ number: 1 })
    }
    expect(typesOnly).toBeDefined()
  })
})
