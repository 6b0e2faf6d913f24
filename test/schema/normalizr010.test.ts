/**
 * Code written against `@data-client/normalizr` 0.10 moves over unchanged: its argument order for
 * normalize and denormalize (told apart from Tessera's by the arguments themselves), its result
 * shape, denormalizeCached, inferResults, and entity tables that mark deleted records with INVALID.
 */
import { Entity, INVALID, MemoCache, denormalize, denormalizeCached, inferResults, normalize, schema } from '../../src/index'
import { holdsSchema } from '../../src/schema/callOrder'
import { ArticleSummary, User } from '../fixtures/blog'
import { CREATED_AT, ada, grace } from '../fixtures/responses'

const article = { id: '1', title: 'First', author: ada, createdAt: CREATED_AT }

describe('normalize in data-client 0.10 order, (input, schema, args, entities, indexes, entityMeta, meta)', () => {
  it('gives the same tables as Tessera order, under 0.10 field names', () => {
    const meta = { date: 5, fetchedAt: 5, expiresAt: 10 }
    const ours = normalize(ArticleSummary, article, [], {}, meta)
    const theirs = normalize(article, ArticleSummary, [], {}, {}, {}, meta)
    expect(theirs).toEqual({ result: ours.result, entities: ours.entities, indexes: ours.indexes, entityMeta: ours.entitiesMeta })
    // Tessera's name is there too, for code that reads it, but not enumerable: snapshots see 0.10's shape.
    expect(theirs.entitiesMeta).toBe(theirs.entityMeta)
    expect(Object.keys(theirs).sort()).toEqual(['entities', 'entityMeta', 'indexes', 'result'])
  })

  it('merges into the tables it is given and stamps new records as 0.10 does (never expiring)', () => {
    const first = normalize([ada], [User])
    expect(first.entityMeta.User!.u1).toEqual({ date: expect.any(Number), fetchedAt: 0, expiresAt: Infinity })
    const second = normalize({ results: [grace], cursor: 'c2' }, { results: [User], cursor: '' }, [], first.entities, first.indexes, first.entityMeta)
    expect(second.result).toEqual({ results: ['u2'], cursor: 'c2' })
    expect(Object.keys(second.entities.User!).sort()).toEqual(['u1', 'u2'])
  })

  it('treats a call without a schema as 0.10 does: the input is the result', () => {
    expect(normalize('17,234', null).result).toBe('17,234')
    const input = { any: 'thing' }
    expect(normalize(input).result).toBe(input)
    expect(normalize('bob', '')).toEqual({ result: 'bob', entities: {}, indexes: {}, entityMeta: {} })
  })

  it('keeps Tessera order exactly as before, whatever the response looks like', () => {
    const meta = { date: 1, fetchedAt: 1, expiresAt: 2 }
    expect(normalize(User, ada, [], {}, meta)).toEqual({
      result: 'u1',
      entities: { User: { u1: ada } },
      indexes: {},
      entitiesMeta: { User: { u1: meta } },
    })
    // A pk at the top of a response: still a reference to the entity, not a schema-less input.
    expect(normalize(User, 'u1').result).toBe('u1')
    expect(normalize(undefined, { a: 1 }).result).toEqual({ a: 1 })
    expect(normalize(null, 'text').result).toBe('text')
  })

  it('tells the orders apart by what holds a schema, not by position or type alone', () => {
    class Tag extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override key = 'Tag'
    }
    const nested = { data: { page: { tags: [Tag] } } }
    const response = { data: { page: { tags: [{ id: 't1' }] } } }
    expect(normalize(response, nested).result).toEqual(normalize(nested, response).result)
    expect(normalize(response, nested).result).toEqual({ data: { page: { tags: ['t1'] } } })
    expect(normalize({ id: 't2' }, new schema.Values(Tag)).entities.Tag).toBeUndefined()
    expect(normalize({ a: { id: 't2' } }, new schema.Values(Tag)).entities.Tag).toEqual({ t2: { id: 't2' } })
  })
})

describe('holdsSchema: what tells a schema from a response', () => {
  it('finds Entity classes, schema instances and value types, nested in plain objects and one-item arrays', () => {
    expect(holdsSchema(User)).toBe(true)
    expect(holdsSchema([User])).toBe(true)
    expect(holdsSchema(new schema.All(User))).toBe(true)
    expect(holdsSchema({ results: [User], cursor: '' })).toBe(true)
    expect(holdsSchema({ createdAt: Date })).toBe(true)
  })

  it('finds nothing in JSON, class instances, or lists of several items', () => {
    expect(holdsSchema(JSON.parse(JSON.stringify({ results: [ada, grace], cursor: 'c2', normalize: 'yes' })))).toBe(false)
    expect(holdsSchema(User.fromJS(ada))).toBe(false)
    expect(holdsSchema([User, User])).toBe(false)
    expect(holdsSchema('normalize')).toBe(false)
  })

  it('stops at a fixed depth, so a cyclic input costs a glance', () => {
    const cyclic: Record<string, unknown> = { id: '1' }
    cyclic.self = cyclic
    expect(holdsSchema(cyclic)).toBe(false)
  })
})

describe('denormalize in data-client 0.10 order, (input, schema, entities, args)', () => {
  const { result, entities } = normalize(ArticleSummary, article)

  it('reads the same data as Tessera order', () => {
    expect(denormalize(result, ArticleSummary, entities)).toEqual(denormalize(ArticleSummary, result, entities))
    expect((denormalize(result, ArticleSummary, entities) as ArticleSummary).author).toBeInstanceOf(User)
  })

  it('passes input through without a schema, as 0.10 does', () => {
    const input = { a: 1 }
    expect(denormalize(input)).toBe(input)
    expect(denormalize('bob', '', {})).toBe('bob')
    expect(denormalize(undefined, ArticleSummary, entities)).toBeUndefined()
  })
})

describe('INVALID as a deleted record in entity tables (data-client tombstones)', () => {
  const entities = {
    User: { u1: ada, u2: INVALID },
    Article: { 1: { ...article, author: 'u2' }, 2: { ...article, id: '2', author: 'u1' } },
  }

  it('reads like null: Invalid for the entity, Invalid for what requires it, dropped from lists', () => {
    expect(denormalize(User, 'u2', entities)).toBe(INVALID)
    expect(denormalize(ArticleSummary, '1', entities)).toBe(INVALID)
    expect(denormalize([User], ['u1', 'u2'], entities)).toEqual([User.fromJS(ada)])
    expect(denormalize(new schema.All(User), [], entities)).toEqual([User.fromJS(ada)])
    expect(denormalize(new schema.Values(User), { a: 'u1', b: 'u2' }, entities)).toEqual({ a: User.fromJS(ada) })
  })

  it('reads the same through a MemoCache, re-read included', () => {
    const memo = new MemoCache()
    const refs = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'u1' : 'u2'))
    const first = memo.denormalize([User], refs, entities).data
    expect(first).toHaveLength(20)
    const next = { ...entities, User: { ...entities.User, u3: grace } }
    expect(memo.denormalize([User], refs, next).data).toBe(first)
    expect(memo.denormalize(User, 'u2', next).data).toBe(INVALID)
    // A longer list over the same rows is read against the last one: deleted rows stay out.
    expect(memo.denormalize([User], [...refs, 'u3', 'u2'], next).data).toHaveLength(21)
  })

  it('is a record a response writes over, as a null tombstone is', () => {
    const written = normalize(User, grace, [], { entities })
    expect(written.entities.User!.u2).toEqual(grace)
  })

  it('prints as data-client symbol does', () => {
    expect(String(INVALID)).toBe('Symbol(INVALID)')
  })
})

describe('denormalizeCached (0.10): memoized by the cache object the caller passes', () => {
  const { result, entities } = normalize([User], [ada, grace])

  it('returns the same objects for the same cache and data, and paths of what was read', () => {
    const cache = {}
    const first = denormalizeCached(result, [User], entities, cache)
    expect(first.data).toEqual([User.fromJS(ada), User.fromJS(grace)])
    expect(first.paths).toEqual([{ key: 'User', pk: 'u1' }, { key: 'User', pk: 'u2' }])
    expect(denormalizeCached(result, [User], entities, cache).data).toBe(first.data)
    const renamed = { ...entities, User: { ...entities.User, u2: { ...grace, name: 'G.' } } }
    const second = denormalizeCached(result, [User], renamed, cache).data as User[]
    expect(second[0]).toBe((first.data as User[])[0])
    expect(second[1]).not.toBe((first.data as User[])[1])
  })

  it('passes input through without a schema or input', () => {
    expect(denormalizeCached('x', undefined, {})).toEqual({ data: 'x', paths: [] })
    expect(denormalizeCached(undefined, User, {})).toEqual({ data: undefined, paths: [] })
  })
})

describe('inferResults: what a read is built from when no result is stored', () => {
  class Profile extends Entity {
    id = ''
    handle = ''
    pk() {
      return this.id
    }
    static override key = 'Profile'
    static indexes = ['handle']
  }
  const { entities, indexes } = normalize([Profile], [{ id: 'p1', handle: 'ada' }])

  it('finds an Entity by its pk, its parameters or an index, when the record is stored', () => {
    expect(inferResults(Profile, ['p1'], indexes, entities)).toBe('p1')
    expect(inferResults(Profile, [{ id: 'p1' }], indexes, entities)).toBe('p1')
    expect(inferResults(Profile, [{ handle: 'ada' }], indexes, entities)).toBe('p1')
    expect(inferResults(Profile, [{ handle: 'bob' }], indexes, entities)).toBeUndefined()
    expect(inferResults(Profile, [{ id: 'p9' }], indexes, entities)).toBeUndefined()
    expect(inferResults(Profile, [], indexes, entities)).toBeUndefined()
  })

  it('recurses into objects, keeping default values, and gives nothing for lists and maps', () => {
    const page = { data: Profile, next: '', list: [Profile], byId: new schema.Values(Profile) }
    expect(inferResults(page, [{ id: 'p1' }], indexes, entities)).toEqual({ data: 'p1', next: '', list: undefined, byId: undefined })
    expect(inferResults(new schema.Object({ data: Profile }), ['p1'], indexes, entities)).toEqual({ data: 'p1' })
  })

  it('infers nothing for schema.Invalidate, through inferResults or its own infer', () => {
    const deletes = new schema.Invalidate(Profile)
    expect(inferResults(deletes, [{ id: 'p1' }], indexes, entities)).toBeUndefined()
    expect(deletes.infer()).toBeUndefined()
  })

  it('lists the pks of schema.All tables, and nothing while no table exists', () => {
    expect(inferResults(new schema.All(Profile), [], indexes, entities)).toEqual(['p1'])
    expect(inferResults(new schema.All(User), [], indexes, entities)).toBeUndefined()
  })

  it('gives a Collection its list for the arguments, when stored', () => {
    const todos = new schema.Collection([User])
    const stored = normalize(todos, [ada], [{ team: 'a' }])
    expect(inferResults(todos, [{ team: 'a' }], {}, stored.entities)).toBe(todos.pk(undefined, undefined, '', [{ team: 'a' }]))
    expect(inferResults(todos, [{ team: 'b' }], {}, stored.entities)).toBeUndefined()
  })

  it('picks a Union member by its attribute', () => {
    const union = new schema.Union({ profile: Profile, user: User }, 'type')
    expect(inferResults(union, [{ id: 'p1', type: 'profile' }], indexes, entities)).toEqual({ id: 'p1', schema: 'profile' })
    expect(inferResults(union, [{ id: 'p1' }], indexes, entities)).toBeUndefined()
  })

  it('asks a schema with its own infer (data-client custom schemas)', () => {
    const custom = { infer: (args: readonly unknown[]) => `from ${String(args[0])}` }
    expect(inferResults({ data: custom }, ['x'], {}, {})).toEqual({ data: 'from x' })
  })

  it('builds what denormalize reads back', () => {
    const page = { data: Profile, next: '' }
    const input = inferResults(page, [{ handle: 'ada' }], indexes, entities)
    expect(denormalize(page, input, entities)).toEqual({ data: Profile.fromJS({ id: 'p1', handle: 'ada' }), next: '' })
  })
})
