import { Entity, INVALID, denormalize, normalize, schema } from '../../src/index'
import { ArticleSummary, Comment, User, allArticles, articleListSchema } from '../fixtures/blog'
import { Link, Post, feedMapping, feedResponse } from '../fixtures/feed'
import { CREATED_AT, ada, articleListResponse, grace } from '../fixtures/responses'
import { emptyStore, metaAt, receive } from '../fixtures/store'
// What the store writes (only the changed records): internal, not the public normalize.
import { normalizeChanges } from '../../src/schema/normalize'

const summary = (id: string, title: string, author: { id: string; name: string }) =>
  ArticleSummary.fromJS({ id, title, author: User.fromJS(author), createdAt: new Date(CREATED_AT) })

describe('[Entity]', () => {
  it('normalizes a list into pks in response order', () => {
    const { result, entities } = normalize([User], [ada, grace])
    expect(result).toEqual(['u1', 'u2'])
    expect(entities).toEqual({ User: { u1: ada, u2: grace } })
  })

  it('reads the list back as instances in the same order', () => {
    const { store, result } = receive(emptyStore(), [User], [grace, ada])
    const users = denormalize([User], result, store.entities) as User[]
    expect(users).toEqual([User.fromJS(grace), User.fromJS(ada)])
    expect(users[0]).toBeInstanceOf(User)
  })

  it('drops pks that are not in the store from a read', () => {
    const { store } = receive(emptyStore(), [User], [ada])
    expect(denormalize([User], ['u1', 'missing'], store.entities)).toEqual([User.fromJS(ada)])
  })

  it('normalizes an empty list to an empty list', () => {
    expect(normalize([User], [])).toEqual({ result: [], entities: {}, indexes: {}, entitiesMeta: {} })
  })
})

describe('object schemas', () => {
  it('replaces the entities inside and keeps non-entity members as they are', () => {
    const { result, entities } = normalize(articleListSchema, { ...articleListResponse, total: 3 })
    expect(result).toEqual({ results: ['1', '2', '3'], cursor: 'page-2', total: 3 })
    expect(Object.keys(entities.Article!)).toEqual(['1', '2', '3'])
  })

  it('reads back the same shape with entities in place of pks', () => {
    const { store, result } = receive(emptyStore(), articleListSchema, articleListResponse)
    expect(denormalize(articleListSchema, result, store.entities)).toEqual({
      results: [summary('1', 'First', ada), summary('2', 'Second', grace), summary('3', 'Third', ada)],
      cursor: 'page-2',
    })
  })

  it('fills a member the response left out with its default on read', () => {
    const { store, result } = receive(emptyStore(), { results: [User], cursor: '', total: 0 }, { results: [ada] })
    expect(result).toEqual({ results: ['u1'] })
    expect(denormalize({ results: [User], cursor: '', total: 0 }, result, store.entities)).toEqual({
      results: [User.fromJS(ada)],
      cursor: '',
      total: 0,
    })
  })

  it('keeps a null token as null rather than replacing it by the default', () => {
    const pageSchema = { results: [User], nextPage: '', prevPage: '' }
    const { store, result } = receive(emptyStore(), pageSchema, { results: [ada], nextPage: '/users?page=2', prevPage: null })
    expect(denormalize(pageSchema, result, store.entities)).toEqual({
      results: [User.fromJS(ada)],
      nextPage: '/users?page=2',
      prevPage: null,
    })
  })

  it('preserves nesting: objects inside objects keep their place', () => {
    const nested = { page: { results: [ArticleSummary], cursor: '' }, featured: ArticleSummary, meta: { source: 'api' } }
    const response = { page: { results: [articleListResponse.results[1]] }, featured: articleListResponse.results[0], meta: { source: 'cache' } }
    const { store, result } = receive(emptyStore(), nested, response)
    expect(result).toEqual({ page: { results: ['2'] }, featured: '1', meta: { source: 'cache' } })
    expect(denormalize(nested, result, store.entities)).toEqual({
      page: { results: [summary('2', 'Second', grace)], cursor: '' },
      featured: summary('1', 'First', ada),
      meta: { source: 'cache' },
    })
  })

  it('accepts the same definition through schema.Object, with define() adding members', () => {
    const page = new schema.Object<Record<string, unknown>>({ results: [User] }).define({ next: '' })
    const { store, result } = receive(emptyStore(), page, { results: [ada] })
    expect(denormalize(page, result, store.entities)).toEqual({ results: [User.fromJS(ada)], next: '' })
  })

  it('makes the whole object Invalid when a required member entity was deleted', () => {
    const withAuthor = { author: User, note: '' }
    const { store, result } = receive(emptyStore(), withAuthor, { author: ada })
    const deleted = receive(store, new schema.Invalidate(User), 'u1')
    expect(denormalize(withAuthor, result, deleted.store.entities)).toBe(INVALID)
  })
})

describe('schema.All', () => {
  describe('rule 1: a read gives every cached entity of the type', () => {
    it('includes entities written by other normalize calls, not only the ones in its own response', () => {
      const listed = receive(emptyStore(), allArticles, articleListResponse.results.slice(0, 2))
      expect(listed.result).toEqual(['1', '2'])
      const other = receive(listed.store, articleListSchema, { results: [articleListResponse.results[2]] })
      expect(denormalize(allArticles, listed.result, other.store.entities)).toEqual([
        summary('1', 'First', ada),
        summary('2', 'Second', grace),
        summary('3', 'Third', ada),
      ])
    })

    it('reads an empty list when nothing of the type is cached', () => {
      expect(denormalize(allArticles, [], emptyStore().entities)).toEqual([])
    })

    it('leaves out deleted entities and records that fail validation', () => {
      class Strict extends Entity {
        id = ''
        name = ''
        pk() {
          return this.id
        }
        static override key = 'User'
        static override validate(processed: any) {
          return processed.name ? undefined : 'needs a name'
        }
      }
      const allStrict = new schema.All(Strict)
      const { store } = receive(emptyStore(), [User], [ada, grace, { id: 'u3' }])
      const deleted = receive(store, new schema.Invalidate(User), 'u2')
      expect(deleted.store.entities.User).toEqual({ u1: ada, u2: null, u3: { id: 'u3' } })
      expect(denormalize(allStrict, [], deleted.store.entities)).toEqual([Strict.fromJS(ada)])
    })

    it('reads every table of a mapping, one after the other', () => {
      const feed = new schema.All(feedMapping, 'type')
      const { store, result } = receive(emptyStore(), feed, feedResponse)
      expect(denormalize(feed, result, store.entities)).toEqual([
        Post.fromJS(feedResponse[0]!),
        Post.fromJS(feedResponse[2]!),
        Link.fromJS(feedResponse[1]!),
      ])
    })
  })

  it('rule 2: normalizes an item with the entity its attribute value names, storing { id, schema }', () => {
    const feed = new schema.All(feedMapping, 'type')
    const { result, entities } = normalize(feed, feedResponse)
    expect(result).toEqual([
      { id: 'p1', schema: 'post' },
      { id: 'l1', schema: 'link' },
      { id: 'p2', schema: 'post' },
    ])
    expect(entities).toEqual({
      Post: { p1: feedResponse[0], p2: feedResponse[2] },
      Link: { l1: feedResponse[1] },
    })
  })

  describe('rule 3: a function attribute', () => {
    it('receives the item, the object holding the array and the key of the array, and picks the entity', () => {
      const attribute = jest.fn((value: { url?: string }) => (value.url === undefined ? 'post' : 'link'))
      const responseSchema = { owner: User, items: new schema.All(feedMapping, attribute) }
      const response = { owner: ada, items: feedResponse.map(({ type: _type, ...rest }) => rest) }

      const { result, entities } = normalize(responseSchema, response)

      expect(attribute.mock.calls).toEqual([
        [response.items[0], response, 'items'],
        [response.items[1], response, 'items'],
        [response.items[2], response, 'items'],
      ])
      for (const [value, parent] of attribute.mock.calls as unknown as [unknown, unknown][]) {
        expect(response.items).toContain(value)
        expect(parent).toBe(response)
      }
      expect(result).toEqual({
        owner: 'u1',
        items: [
          { id: 'p1', schema: 'post' },
          { id: 'l1', schema: 'link' },
          { id: 'p2', schema: 'post' },
        ],
      })
      expect(Object.keys(entities).sort()).toEqual(['Link', 'Post', 'User'])
    })

    it('receives the array itself and an undefined key when the array is the whole response', () => {
      const attribute = jest.fn((value: { type: string }, _parent: unknown, _key: string | undefined) => value.type)
      const input = [feedResponse[0]]
      normalize(new schema.All(feedMapping, attribute), input)
      expect(attribute).toHaveBeenCalledTimes(1)
      expect(attribute.mock.calls[0]![0]).toBe(feedResponse[0])
      expect(attribute.mock.calls[0]![1]).toBe(input)
      expect(attribute.mock.calls[0]![2]).toBeUndefined()
    })

    it('reads back instances of the chosen entities', () => {
      const feed = new schema.All(feedMapping, (value: { type: string }) => value.type)
      const { store, result } = receive(emptyStore(), feed, feedResponse)
      const items = denormalize(feed, result, store.entities) as unknown[]
      expect(items.map((item) => (item as object).constructor)).toEqual([Post, Post, Link])
    })
  })

  describe('rule 4: an item no mapping entry matches', () => {
    let warn: jest.SpyInstance
    beforeEach(() => {
      warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    })
    afterEach(() => warn.mockRestore())

    const video = { id: 'v1', type: 'video', src: 'clip.mp4' }

    it('is kept as the original object and creates no entity', () => {
      const feed = new schema.All(feedMapping, 'type')
      const { result, entities } = normalize(feed, [feedResponse[0], video])
      expect(result).toEqual([{ id: 'p1', schema: 'post' }, video])
      expect((result as unknown as unknown[])[1]).toBe(video)
      expect(entities).toEqual({ Post: { p1: feedResponse[0] } })
    })

    it('is part of the read result, as it came', () => {
      const feed = new schema.All(feedMapping, 'type')
      const { store, result } = receive(emptyStore(), feed, [feedResponse[0], video])
      expect(denormalize(feed, result, store.entities)).toEqual([Post.fromJS(feedResponse[0]!), video])
    })

    it('warns once, naming the attribute value and the mapping keys', () => {
      const feed = new schema.All(feedMapping, 'type')
      normalize(feed, [video, { ...video, id: 'v2' }])
      normalize(feed, [video])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn).toHaveBeenCalledWith(
        'All: schemaAttribute gave "video" for {"id":"v1","type":"video","src":"clip.mp4"}, which matches none of ' +
          '"post", "link"; the item is kept as it is and no entity is created.',
      )
    })

    it('warns when a function attribute returns nothing', () => {
      const feed = new schema.All(feedMapping, () => undefined)
      normalize(feed, [feedResponse[0]])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]![0]).toMatch(/^All: schemaAttribute gave no value for \{"id":"p1".*matches none of "post", "link"/)
    })

    it('does not take a key inherited from Object.prototype as a mapping entry', () => {
      const feed = new schema.All(feedMapping, 'type')
      const odd = { id: 'x', type: 'constructor' }
      const { result, entities } = normalize(feed, [odd])
      expect(result).toEqual([odd])
      expect(entities).toEqual({})
      expect(warn.mock.calls[0]![0]).toContain('gave "constructor"')
    })
  })

  describe('rule 5: an entity created through a mutation endpoint', () => {
    it('appears in the next read of the list', () => {
      const feed = new schema.All(feedMapping, 'type')
      const listed = receive(emptyStore(), feed, feedResponse)
      const created = receive(listed.store, Link, { id: 'l2', type: 'link', url: 'https://example.org' })
      expect(denormalize(feed, listed.result, created.store.entities)).toEqual([
        Post.fromJS(feedResponse[0]!),
        Post.fromJS(feedResponse[2]!),
        Link.fromJS(feedResponse[1]!),
        Link.fromJS({ id: 'l2', type: 'link', url: 'https://example.org' }),
      ])
    })

    it('appears even when it was created nested in another response', () => {
      const listed = receive(emptyStore(), new schema.All(User), [ada])
      const created = receive(listed.store, Comment, { id: 'c9', body: 'hi', author: grace })
      expect(denormalize(new schema.All(User), listed.result, created.store.entities)).toEqual([User.fromJS(ada), User.fromJS(grace)])
    })
  })

  describe('define()', () => {
    it('merges new mapping entries into the definition, keeping the old ones', () => {
      const feed = new schema.All({ post: Post } as Record<string, typeof Post | typeof Link>, 'type')
      expect(feed.define({ link: Link })).toBe(feed)
      expect(feed.schema).toEqual({ post: Post, link: Link })
      const { result, entities } = normalize(feed, feedResponse)
      expect(result).toEqual([
        { id: 'p1', schema: 'post' },
        { id: 'l1', schema: 'link' },
        { id: 'p2', schema: 'post' },
      ])
      expect(Object.keys(entities).sort()).toEqual(['Link', 'Post'])
    })

    it('builds a circular definition: entities whose schema refers to the All that lists them', () => {
      const everyone = new schema.All({} as Record<string, unknown>, 'kind')
      class Team extends Entity {
        id = ''
        kind = 'team'
        pk() {
          return this.id
        }
        static override key = 'Team'
        static override schema = { members: everyone }
      }
      class Person extends Entity {
        id = ''
        kind = 'person'
        pk() {
          return this.id
        }
        static override key = 'Person'
        static override schema = { peers: everyone }
      }
      everyone.define({ team: Team, person: Person })

      const { store, result } = receive(emptyStore(), Team, {
        id: 't1',
        kind: 'team',
        members: [{ id: 'p1', kind: 'person', peers: [] }],
      })
      expect(store.entities).toEqual({
        Team: { t1: { id: 't1', kind: 'team', members: [{ id: 'p1', schema: 'person' }] } },
        Person: { p1: { id: 'p1', kind: 'person', peers: [] } },
      })
      const team = denormalize(Team, result, store.entities) as any
      expect(team).toBeInstanceOf(Team)
      expect(team.members.map((m: object) => m.constructor)).toEqual([Team, Person])
      expect(team.members[0]).toBe(team)
      expect(team.members[1].peers[0]).toBe(team)
    })
  })

  it('needs a schemaAttribute when the definition is a mapping', () => {
    expect(() => new schema.All(feedMapping)).toThrow('All with a mapping needs a schemaAttribute (a field name or a function)')
  })
})

describe('schema.Collection', () => {
  const userArticles = new schema.Collection([ArticleSummary], { nonFilterArgumentKeys: ['cursor'] })
  const [first, second, third] = articleListResponse.results
  const fresh = { id: '4', title: 'Fourth', author: grace, createdAt: CREATED_AT }

  it('is stored under COLLECT: plus the entity key, one list per filter arguments', () => {
    const { result, entities } = normalize(userArticles, [first, third], [{ userId: 'u1' }])
    expect(userArticles.key).toBe('COLLECT:Article')
    expect(result).toBe('{"userId":"u1"}')
    expect(entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['1', '3'] })
    expect(Object.keys(entities.Article!)).toEqual(['1', '3'])
  })

  it('names the list by its arguments regardless of their order', () => {
    const a = normalize(userArticles, [], [{ userId: 'u1', tag: 'x' }])
    const b = normalize(userArticles, [], [{ tag: 'x', userId: 'u1' }])
    expect(a.result).toBe(b.result)
  })

  it('keeps lists for different arguments apart', () => {
    const byAda = receive(emptyStore(), userArticles, [first, third], [{ userId: 'u1' }])
    const byGrace = receive(byAda.store, userArticles, [second], [{ userId: 'u2' }])
    expect(denormalize(userArticles, byAda.result, byGrace.store.entities, [{ userId: 'u1' }])).toEqual([
      summary('1', 'First', ada),
      summary('3', 'Third', ada),
    ])
    expect(denormalize(userArticles, byGrace.result, byGrace.store.entities, [{ userId: 'u2' }])).toEqual([
      summary('2', 'Second', grace),
    ])
  })

  it('names a list by every argument, each value as a string', () => {
    expect(normalize(userArticles, [], [{ userId: 'u1', orderBy: 'title' }]).result).toBe('{"orderBy":"title","userId":"u1"}')
    expect(normalize(userArticles, [], [{ page: 2 }]).result).toBe(normalize(userArticles, [], [{ page: '2' }]).result)
    expect(normalize(userArticles, [], []).result).toBe('{}')
  })

  it('pushes into every stored list whose filter arguments the call or the item matches, ignoring nonFilterArgumentKeys', () => {
    let store = emptyStore()
    for (const args of [{}, { userId: 'u2' }, { userId: 'u1' }, { userId: 'u1', cursor: 'x' }, { tag: 'news' }]) {
      store = receive(store, userArticles, [], [args]).store
    }
    // By the call's params, by its body, or by the created item's own fields.
    const byParams = receive(store, userArticles.push, fresh, [{ userId: 'u1' }, {}])
    expect(byParams.store.entities['COLLECT:Article']).toEqual({
      '{}': ['4'],
      '{"userId":"u2"}': [],
      '{"userId":"u1"}': ['4'],
      '{"cursor":"x","userId":"u1"}': ['4'],
      '{"tag":"news"}': [],
    })
    const byItem = receive(store, userArticles.push, { ...fresh, tag: 'news' }, [{}])
    expect(byItem.store.entities['COLLECT:Article']!['{"tag":"news"}']).toEqual(['4'])
    const byPattern = new schema.Collection([User], { nonFilterArgumentKeys: /^(sort|page)$/ })
    const sorted = receive(emptyStore(), byPattern, [], [{ sort: 'name', group: 'a' }]).store
    expect(receive(sorted, byPattern.push, { id: 'u3' }, [{ group: 'a' }]).store.entities['COLLECT:User']).toEqual({ '{"group":"a","sort":"name"}': ['u3'] })
    expect(receive(sorted, byPattern.push, { id: 'u3' }, [{ group: 'b' }]).store.entities['COLLECT:User']).toEqual({ '{"group":"a","sort":"name"}': [] })
  })

  it('lets createCollectionFilter, as an option or a subclass method, decide which lists a push joins', () => {
    // Only lists of the same group, whatever else their arguments say.
    const sameGroup = (params: { group?: string }) => (collectionKey: Record<string, string>) => collectionKey.group === params.group
    class GroupCollection extends schema.Collection<[typeof User]> {
      createCollectionFilter(params: { group?: string }) {
        return sameGroup(params)
      }
    }
    class SkipSort extends schema.Collection<[typeof User]> {
      nonFilterArgumentKeys(name: string) {
        return name === 'sort'
      }
    }
    for (const groups of [new schema.Collection([User], { createCollectionFilter: sameGroup }), new GroupCollection([User])]) {
      let store = emptyStore()
      for (const args of [{ group: 'a', sort: 'name' }, { group: 'a', role: 'admin' }, { group: 'b' }]) store = receive(store, groups, [], [args]).store
      expect(receive(store, groups.push, { id: 'u3' }, [{ group: 'a' }]).store.entities['COLLECT:User']).toEqual({
        '{"group":"a","sort":"name"}': ['u3'],
        '{"group":"a","role":"admin"}': ['u3'],
        '{"group":"b"}': [],
      })
    }
    const skipSort = new SkipSort([User])
    const sorted = receive(emptyStore(), skipSort, [], [{ group: 'a', sort: 'name' }]).store
    expect(receive(sorted, skipSort.push, { id: 'u3' }, [{ group: 'a' }]).store.entities['COLLECT:User']).toEqual({ '{"group":"a","sort":"name"}': ['u3'] })
  })

  it('appends with push to the existing list of the same arguments', () => {
    const listed = receive(emptyStore(), userArticles, [first, second], [{ userId: 'u1' }])
    const pushed = receive(listed.store, userArticles.push, fresh, [{ userId: 'u1' }])
    expect(pushed.result).toBe('4')
    expect(pushed.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['1', '2', '4'] })
    expect(denormalize(userArticles, listed.result, pushed.store.entities, [{ userId: 'u1' }])).toEqual([
      summary('1', 'First', ada),
      summary('2', 'Second', grace),
      summary('4', 'Fourth', grace),
    ])
    expect(denormalize(userArticles.push, pushed.result, pushed.store.entities)).toEqual(summary('4', 'Fourth', grace))
  })

  it('prepends with unshift', () => {
    const listed = receive(emptyStore(), userArticles, [first, second], [{ userId: 'u1' }])
    const added = receive(listed.store, userArticles.unshift, [fresh, third], [{ userId: 'u1' }])
    expect(added.result).toEqual(['4', '3'])
    expect(added.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['4', '3', '1', '2'] })
  })

  it('appends the next page to the same list even though its arguments carry a cursor', () => {
    const listed = receive(emptyStore(), userArticles, [first], [{ userId: 'u1' }])
    const next = receive(listed.store, userArticles.push, [second, third], [{ userId: 'u1', cursor: 'page-2' }])
    expect(next.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['1', '2', '3'] })
  })

  it('does not add an item that is already in the list, but still updates the item', () => {
    const listed = receive(emptyStore(), userArticles, [first, second], [{ userId: 'u1' }])
    const pushed = receive(listed.store, userArticles.push, [{ ...second, title: 'Second, edited' }, fresh], [{ userId: 'u1' }])
    expect(pushed.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['1', '2', '4'] })
    expect(pushed.store.entities.Article!['2']).toMatchObject({ title: 'Second, edited' })
  })

  it('does not create a list when push targets one that was never fetched', () => {
    const { store, result } = receive(emptyStore(), userArticles.push, fresh, [{ userId: 'u9' }])
    expect(result).toBe('4')
    expect(store.entities['COLLECT:Article']).toBeUndefined()
    expect(Object.keys(store.entities.Article!)).toEqual(['4'])
  })

  it('replaces the list when the list endpoint is fetched again, and keeps a newer list over an older response', () => {
    const listed = receive(emptyStore(), userArticles, [first, second], [{ userId: 'u1' }], metaAt(2000))
    const older = receive(listed.store, userArticles, [third], [{ userId: 'u1' }], metaAt(1000))
    expect(older.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['1', '2'] })
    const newer = receive(older.store, userArticles, [third], [{ userId: 'u1' }], metaAt(3000))
    expect(newer.store.entities['COLLECT:Article']).toEqual({ '{"userId":"u1"}': ['3'] })
  })

  it('drops deleted items from the read list', () => {
    const listed = receive(emptyStore(), userArticles, [first, second], [{ userId: 'u1' }])
    const deleted = receive(listed.store, new schema.Invalidate(ArticleSummary), '1')
    expect(denormalize(userArticles, listed.result, deleted.store.entities, [{ userId: 'u1' }])).toEqual([
      summary('2', 'Second', grace),
    ])
  })

  it('reads as part of an object schema, with the collection named by the read arguments', () => {
    const pageSchema = { results: userArticles, cursor: '' }
    const { store, result } = receive(emptyStore(), pageSchema, { results: [first], cursor: 'c2' }, [{ userId: 'u1' }])
    expect(result).toEqual({ results: '{"userId":"u1"}', cursor: 'c2' })
    expect(denormalize(pageSchema, result, store.entities, [{ userId: 'u1' }])).toEqual({
      results: [summary('1', 'First', ada)],
      cursor: 'c2',
    })
  })

  it('takes [Entity], a schema.Array or a schema.Values', () => {
    expect(() => new schema.Collection(User as any)).toThrow(/^schema\.Collection takes \[Entity\], new schema\.Array\(\.\.\.\) or new schema\.Values\(\.\.\.\), got /)
    const users = new schema.Collection(new schema.Array(User))
    const { store, result } = receive(emptyStore(), users, [ada, grace], [{}])
    expect(users.key).toBe('COLLECT:User')
    expect(denormalize(users, result, store.entities, [{}])).toEqual([User.fromJS(ada), User.fromJS(grace)])
  })
})

describe('schema.Invalidate', () => {
  const deleteArticle = new schema.Invalidate(ArticleSummary)

  it('writes a null tombstone for the entity the response names', () => {
    const { store } = receive(emptyStore(), articleListSchema, articleListResponse)
    const { result, entities } = normalizeChanges(deleteArticle, { id: '2' }, [], store)
    expect(result).toBe('2')
    expect(entities).toEqual({ Article: { 2: null } })
  })

  it('accepts the pk alone as the response', () => {
    expect(normalize(deleteArticle, '2').entities).toEqual({ Article: { 2: null } })
    expect(normalize(deleteArticle, 2).entities).toEqual({ Article: { 2: null } })
  })

  it('makes a direct read of the deleted entity Invalid', () => {
    const { store } = receive(emptyStore(), articleListSchema, articleListResponse)
    const deleted = receive(store, deleteArticle, { id: '2' })
    expect(denormalize(ArticleSummary, '2', deleted.store.entities)).toBe(INVALID)
    expect(denormalize(deleteArticle, '2', deleted.store.entities)).toBe(INVALID)
    expect(denormalize(ArticleSummary, '1', deleted.store.entities)).toEqual(summary('1', 'First', ada))
  })

  it('drops the deleted entity from a list', () => {
    const { store, result } = receive(emptyStore(), articleListSchema, articleListResponse)
    const deleted = receive(store, deleteArticle, { id: '2' })
    expect(denormalize(articleListSchema, result, deleted.store.entities)).toEqual({
      results: [summary('1', 'First', ada), summary('3', 'Third', ada)],
      cursor: 'page-2',
    })
  })

  it('makes the parent Invalid when a required nested entity is deleted', () => {
    const { store } = receive(emptyStore(), Comment, { id: 'c1', body: 'Nice', author: grace })
    const deleted = receive(store, new schema.Invalidate(User), 'u2')
    expect(denormalize(Comment, 'c1', deleted.store.entities)).toBe(INVALID)
    expect(denormalize([Comment], ['c1'], deleted.store.entities)).toEqual([])
  })

  it('reads an optional nested entity (default null) that was deleted as undefined', () => {
    class Draft extends Entity {
      id = ''
      reviewer: User | null = null
      pk() {
        return this.id
      }
      static override schema = { reviewer: User }
    }
    const { store } = receive(emptyStore(), Draft, { id: 'd1', reviewer: ada })
    const deleted = receive(store, new schema.Invalidate(User), 'u1')
    const draft = denormalize(Draft, 'd1', deleted.store.entities) as Draft
    expect(draft).toBeInstanceOf(Draft)
    expect(draft.reviewer).toBeUndefined()
  })

  it('brings the entity back when a later response has it again', () => {
    const { store } = receive(emptyStore(), User, ada)
    const deleted = receive(store, new schema.Invalidate(User), 'u1')
    const back = receive(deleted.store, User, { id: 'u1', name: 'Ada again' })
    expect(back.store.entities.User).toEqual({ u1: { id: 'u1', name: 'Ada again' } })
    expect(denormalize(User, 'u1', back.store.entities)).toEqual(User.fromJS({ id: 'u1', name: 'Ada again' }))
  })

  it('takes an Entity (or a Union, or a mapping with a schemaAttribute)', () => {
    expect(() => new schema.Invalidate({} as any)).toThrow(
      'schema.Invalidate needs an Entity, a schema.Union or a mapping of Entities with a schemaAttribute, got {}',
    )
  })
})

describe('schema.Union', () => {
  const subject = new schema.Union(feedMapping, 'type')

  it('stores { id, schema } naming the mapping entry that matched', () => {
    const { result, entities } = normalize(subject, feedResponse[1])
    expect(result).toEqual({ id: 'l1', schema: 'link' })
    expect(entities).toEqual({ Link: { l1: feedResponse[1] } })
  })

  it('reads back an instance of the matched entity', () => {
    const { store, result } = receive(emptyStore(), subject, feedResponse[0])
    const value = denormalize(subject, result, store.entities)
    expect(value).toBeInstanceOf(Post)
    expect(value).toEqual(Post.fromJS(feedResponse[0]!))
  })

  it('works nested in an entity and with a function attribute', () => {
    const target = new schema.Union(feedMapping, (value: { url?: string }) => (value.url ? 'link' : 'post'))
    class Bookmark extends Entity {
      id = ''
      target: Post | Link | null = null
      pk() {
        return this.id
      }
      static override schema = { target }
    }
    const { store, result } = receive(emptyStore(), [Bookmark], [
      { id: 'b1', target: { id: 'p1', title: 'Hello' } },
      { id: 'b2', target: { id: 'l1', url: 'https://example.com' } },
    ])
    expect(store.entities.Bookmark).toEqual({
      b1: { id: 'b1', target: { id: 'p1', schema: 'post' } },
      b2: { id: 'b2', target: { id: 'l1', schema: 'link' } },
    })
    const bookmarks = denormalize([Bookmark], result, store.entities) as Bookmark[]
    expect(bookmarks[0]!.target).toBeInstanceOf(Post)
    expect(bookmarks[1]!.target).toBeInstanceOf(Link)
  })
})

describe('schema.Values', () => {
  it('normalizes a map of one entity type to a map of pks', () => {
    const byHandle = new schema.Values(User)
    const { store, result } = receive(emptyStore(), byHandle, { ada, grace })
    expect(result).toEqual({ ada: 'u1', grace: 'u2' })
    expect(denormalize(byHandle, result, store.entities)).toEqual({ ada: User.fromJS(ada), grace: User.fromJS(grace) })
  })

  it('stores { id, schema } for each value of a polymorphic map and reads instances back', () => {
    const pinned = new schema.Values(feedMapping, 'type')
    const { store, result } = receive(emptyStore(), pinned, { top: feedResponse[0], side: feedResponse[1] })
    expect(result).toEqual({ top: { id: 'p1', schema: 'post' }, side: { id: 'l1', schema: 'link' } })
    const read = denormalize(pinned, result, store.entities) as Record<string, unknown>
    expect(read).toEqual({ top: Post.fromJS(feedResponse[0]!), side: Link.fromJS(feedResponse[1]!) })
    expect(read.side).toBeInstanceOf(Link)
  })

  it('drops deleted entries from the map', () => {
    const pinned = new schema.Values(feedMapping, 'type')
    const { store, result } = receive(emptyStore(), pinned, { top: feedResponse[0], side: feedResponse[1] })
    const deleted = receive(store, new schema.Invalidate(Link), 'l1')
    expect(denormalize(pinned, result, deleted.store.entities)).toEqual({ top: Post.fromJS(feedResponse[0]!) })
  })
})

describe('schema.Array', () => {
  it('stores { id, schema } per item of a polymorphic list and reads instances in order', () => {
    const mixed = new schema.Array(feedMapping, 'type')
    const { store, result } = receive(emptyStore(), mixed, feedResponse)
    expect(result).toEqual([
      { id: 'p1', schema: 'post' },
      { id: 'l1', schema: 'link' },
      { id: 'p2', schema: 'post' },
    ])
    expect(denormalize(mixed, result, store.entities)).toEqual([
      Post.fromJS(feedResponse[0]!),
      Link.fromJS(feedResponse[1]!),
      Post.fromJS(feedResponse[2]!),
    ])
  })
})
