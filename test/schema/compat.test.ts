/**
 * Schema behaviour that data-client code relies on (issue 9): pks in place of entities, list
 * inputs, mixins, primary-key errors, the default freshness of `normalize`, and error messages
 * that name entities by their key.
 */
import { Entity, INVALID, MemoCache, SchemaError, denormalize, normalize, schema } from '../../src/index'
import { Article, ArticleSummary, User, articleListSchema } from '../fixtures/blog'
import { Link, Post, feedMapping, feedResponse } from '../fixtures/feed'
import { CREATED_AT, ada, grace } from '../fixtures/responses'
import { emptyStore, metaAt, receive } from '../fixtures/store'

const errorOf = (run: () => unknown): SchemaError => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError)
    return error as SchemaError
  }
  throw new Error('expected a SchemaError')
}

/** A store holding Ada and Grace. */
const withUsers = () => receive(emptyStore(), [User], [ada, grace]).store

describe('a string or number where an entity is expected', () => {
  it('is the pk of that entity at the top of a response: nothing is written', () => {
    expect(normalize(User, 'u1')).toEqual({ result: 'u1', entities: {}, indexes: {}, entitiesMeta: {} })
    expect(normalize(User, 7).result).toBe('7')
  })

  it('is kept as a reference in an entity field, and reads back as the stored entity', () => {
    const { store, result } = receive(withUsers(), ArticleSummary, { id: '1', title: 'First', author: 'u2', createdAt: CREATED_AT })
    expect(store.entities.Article).toEqual({ 1: { id: '1', title: 'First', author: 'u2', createdAt: CREATED_AT } })
    expect((denormalize(ArticleSummary, result, store.entities) as ArticleSummary).author).toEqual(User.fromJS(grace))
  })

  it('reads as a missing entity when the pk is not stored, and as Invalid when it was deleted', () => {
    const { store, result } = receive(emptyStore(), ArticleSummary, { id: '1', title: 'First', author: 'u9', createdAt: CREATED_AT })
    expect((denormalize(ArticleSummary, result, store.entities) as ArticleSummary).author).toBeUndefined()
    const deleted = receive(store, new schema.Invalidate(User), 'u9').store
    // author has a truthy default, so it is required: the article cannot be shown without it.
    expect(denormalize(ArticleSummary, result, deleted.entities)).toBe(INVALID)
  })

  it('is a reference in [Entity] and in schema.Array, mixed with full entities', () => {
    for (const list of [[User], new schema.Array(User)]) {
      const { store, result } = receive(emptyStore(), list, [ada, 'u2', 3])
      expect(result).toEqual(['u1', 'u2', '3'])
      expect(store.entities).toEqual({ User: { u1: ada } })
      const withGrace = receive(store, User, grace).store
      expect(denormalize(list, result, withGrace.entities)).toEqual([User.fromJS(ada), User.fromJS(grace)])
    }
  })

  it('is a reference in schema.Values', () => {
    const byHandle = new schema.Values(User)
    const { result } = receive(withUsers(), byHandle, { ada: 'u1', grace })
    expect(result).toEqual({ ada: 'u1', grace: 'u2' })
    expect(denormalize(byHandle, result, withUsers().entities)).toEqual({ ada: User.fromJS(ada), grace: User.fromJS(grace) })
  })

  it('is accepted by schema.All, whose read lists every stored entity of the type', () => {
    const everyone = new schema.All(User)
    const { result } = receive(withUsers(), everyone, ['u1', 'u2'])
    expect(result).toEqual(['u1', 'u2'])
    expect(denormalize(everyone, result, withUsers().entities)).toEqual([User.fromJS(ada), User.fromJS(grace)])
  })

  it('is an item reference in a schema.Collection', () => {
    const team = new schema.Collection([User])
    const { store, result } = receive(withUsers(), team, ['u2', 'u1'], [{ team: 'core' }])
    expect(store.entities['COLLECT:User']).toEqual({ '{"team":"core"}': ['u2', 'u1'] })
    expect(denormalize(team, result, store.entities, [{ team: 'core' }])).toEqual([User.fromJS(grace), User.fromJS(ada)])
  })

  it('is kept as it came by a schema.Union whose field-name attribute cannot be read from it, as data-client does', () => {
    const item = new schema.Union(feedMapping, 'type')
    const { store, result } = receive(emptyStore(), { pinned: item }, { pinned: 'p1' })
    expect(result).toEqual({ pinned: 'p1' })
    expect(store.entities).toEqual({})
    expect(denormalize({ pinned: item }, result, store.entities)).toEqual({ pinned: 'p1' })
  })

  it('is a typed reference when a function schemaAttribute can choose from the parent', () => {
    const item = new schema.Union(feedMapping, (_value: unknown, parent: { kind: string }) => parent.kind)
    const posted = receive(emptyStore(), Post, feedResponse[0]).store
    const { result } = receive(posted, { kind: '', pinned: item }, { kind: 'post', pinned: 'p1' })
    expect(result).toEqual({ kind: 'post', pinned: { id: 'p1', schema: 'post' } })
    expect(denormalize({ kind: '', pinned: item }, result, posted.entities)).toEqual({ kind: 'post', pinned: Post.fromJS(feedResponse[0]!) })
  })

  it('is refused when it cannot be a pk: the string "undefined" or NaN', () => {
    expect(errorOf(() => normalize([User], ['u1', 'undefined'])).message).toBe(
      'User reference is not a usable primary key: got the string "undefined" (at response[1])',
    )
    expect(errorOf(() => normalize({ author: User }, { author: NaN })).message).toBe(
      'User reference is not a usable primary key: got number NaN (at response.author)',
    )
  })

  it('is refused by a polymorphic list when it is a boolean', () => {
    expect(errorOf(() => normalize(new schema.Array(feedMapping, 'type'), [true])).message).toBe(
      'Array expects an object or a primary key, got boolean true (at response[0])',
    )
  })
})

describe('list schemas', () => {
  it('drop null and undefined items when normalizing', () => {
    for (const list of [[User], new schema.Array(User)]) {
      expect(normalize(list, [null, ada, undefined, grace]).result).toEqual(['u1', 'u2'])
    }
    expect(normalize(new schema.Array(feedMapping, 'type'), [null, feedResponse[0]]).result).toEqual([{ id: 'p1', schema: 'post' }])
    expect(normalize(new schema.Values(User), { a: ada, b: null, c: undefined }).result).toEqual({ a: 'u1' })
  })

  it('drop null and undefined items when reading a list stored before this rule', () => {
    const entities = withUsers().entities
    expect(denormalize([User], ['u1', null, undefined, 'u2'], entities)).toEqual([User.fromJS(ada), User.fromJS(grace)])
    expect(denormalize(new schema.Array(User), ['u1', null, 'u2'], entities)).toEqual([User.fromJS(ada), User.fromJS(grace)])
    expect(denormalize(new schema.Values(User), { a: 'u1', b: null }, entities)).toEqual({ a: User.fromJS(ada) })
  })

  it('normalize the values of an object given where a list is expected', () => {
    const byName = { ada, grace }
    expect(normalize([User], byName).result).toEqual(['u1', 'u2'])
    expect(normalize(new schema.Array(User), byName).result).toEqual(['u1', 'u2'])
    const { store, result } = receive(emptyStore(), new schema.All(User), byName)
    expect(result).toEqual(['u1', 'u2'])
    expect(store.entities.User).toEqual({ u1: ada, u2: grace })
  })

  it('say which member of such an object was wrong', () => {
    expect(errorOf(() => normalize([User], { ada, nobody: { name: 'x' } })).path).toEqual(['nobody'])
  })

  it('take an object definition without a schemaAttribute as the schema of every item', () => {
    const pairs = new schema.Array({ author: User, reviewer: User })
    const response = [
      { author: ada, reviewer: grace, note: 'first' },
      { author: grace, reviewer: ada, note: 'second' },
    ]
    const { store, result } = receive(emptyStore(), pairs, response)
    expect(result).toEqual([
      { author: 'u1', reviewer: 'u2', note: 'first' },
      { author: 'u2', reviewer: 'u1', note: 'second' },
    ])
    expect(store.entities.User).toEqual({ u1: ada, u2: grace })
    expect(denormalize(pairs, result, store.entities)).toEqual([
      { author: User.fromJS(ada), reviewer: User.fromJS(grace), note: 'first' },
      { author: User.fromJS(grace), reviewer: User.fromJS(ada), note: 'second' },
    ])
  })

  it('take an object definition without a schemaAttribute as the schema of every value of schema.Values', () => {
    const byRound = new schema.Values({ winner: User })
    const { store, result } = receive(emptyStore(), byRound, { r1: { winner: ada }, r2: { winner: grace } })
    expect(result).toEqual({ r1: { winner: 'u1' }, r2: { winner: 'u2' } })
    expect(denormalize(byRound, result, store.entities)).toEqual({ r1: { winner: User.fromJS(ada) }, r2: { winner: User.fromJS(grace) } })
  })

  it('still need a schemaAttribute for a mapping in schema.Union and schema.All', () => {
    expect(() => new schema.Union(feedMapping, undefined as any)).toThrow('Union with a mapping needs a schemaAttribute')
    expect(() => new schema.All(feedMapping)).toThrow('All with a mapping needs a schemaAttribute')
  })
})

describe('an empty array schema', () => {
  const pageSchema = { items: [], owner: User }
  const response = { items: [{ any: 'thing' }, 3, null], owner: ada }

  it('keeps the value as it came when normalizing', () => {
    const { result, entities } = normalize(pageSchema, response)
    expect(result).toEqual({ items: [{ any: 'thing' }, 3, null], owner: 'u1' })
    expect(entities).toEqual({ User: { u1: ada } })
    expect(normalize({ items: [] }, { items: 'not a list' }).result).toEqual({ items: 'not a list' })
  })

  it('keeps the value as it was stored when reading', () => {
    const { store, result } = receive(emptyStore(), pageSchema, response)
    expect(denormalize(pageSchema, result, store.entities)).toEqual({ items: [{ any: 'thing' }, 3, null], owner: User.fromJS(ada) })
    expect(denormalize([], [1, null], store.entities)).toEqual([1, null])
  })
})

describe('schema.Entity(Base) extended by a class', () => {
  class ArticleData {
    id = ''
    slug = ''
    title = ''
    pk() {
      return this.slug
    }
  }

  it('gets the subclass name as its key unless a key is set', () => {
    class BlogPost extends schema.Entity(ArticleData) {}
    class NewsItem extends schema.Entity(ArticleData) {}
    expect(schema.Entity(ArticleData).key).toBe('ArticleData')
    expect(BlogPost.key).toBe('BlogPost')
    expect(NewsItem.key).toBe('NewsItem')
    expect(normalize(BlogPost, { slug: 'hello', title: 'Hi' }).entities).toEqual({ BlogPost: { hello: { slug: 'hello', title: 'Hi' } } })
    class Keyed extends schema.Entity(ArticleData, { key: 'Story' }) {}
    expect(Keyed.key).toBe('Story')
    class Overridden extends schema.Entity(ArticleData, { key: 'Story' }) {
      static override key = 'Feature'
    }
    expect(Overridden.key).toBe('Feature')
  })

  it('uses a pk() defined in the subclass, over the base class pk() and over a pk option', () => {
    class ByTitle extends schema.Entity(ArticleData) {
      override pk() {
        return this.title
      }
    }
    expect(ByTitle.pk({ slug: 's', title: 't' })).toBe('t')
    expect(ByTitle.fromJS({ slug: 's', title: 't' }).pk()).toBe('t')
    expect(normalize(ByTitle, { slug: 's', title: 't' }).result).toBe('t')

    class Plain {
      id = ''
      username = ''
    }
    class ByName extends schema.Entity(Plain, { pk: 'username' }) {
      override pk() {
        return `@${this.username}`
      }
    }
    expect(ByName.pk({ username: 'ada' })).toBe('@ada')
    expect(schema.Entity(Plain, { pk: 'username' }).pk({ username: 'ada' })).toBe('ada')
  })

  it('falls back to the id field when neither the base class nor the options give a pk', () => {
    class Plain {
      id = ''
      name = ''
    }
    class Person extends schema.Entity(Plain) {}
    expect(normalize(Person, { id: 'p1', name: 'Ada' }).result).toBe('p1')
    expect(Person.fromJS({ id: 'p1' }).pk()).toBe('p1')
  })

  it('refuses an anonymous class without a key, saying what to do', () => {
    const Anonymous = schema.Entity(class {
      id = ''
    })
    expect(() => Anonymous.key).toThrow(SchemaError)
    expect(() => Anonymous.key).toThrow('An anonymous Entity class needs a key: set `static key = "Name"` on it (or pass { key } to schema.Entity), or give the class a name')
    expect(() => normalize(Anonymous, { id: '1' })).toThrow('An anonymous Entity class needs a key')
    // Named by the subclass, or by the option: fine.
    class Named extends schema.Entity(class {
      id = ''
    }) {}
    expect(Named.key).toBe('Named')
    expect(schema.Entity(class { id = '' }, { key: 'Thing' }).key).toBe('Thing')
  })

  it('treats an anonymous Entity subclass the same way', () => {
    const make = () =>
      class extends Entity {
        id = ''
        pk() {
          return this.id
        }
      }
    expect(() => make().key).toThrow('An anonymous Entity class needs a key')
  })
})

describe('a pk() that cannot name a record', () => {
  class Article2 extends Entity {
    id: unknown = ''
    pk() {
      return this.id as any
    }
    static override key = 'Article'
  }

  it('is a SchemaError naming the entity for undefined, "", null and the string "undefined"', () => {
    for (const id of [undefined, '', null, 'undefined']) {
      const error = errorOf(() => normalize(Article2, { id, title: 'x' }))
      expect(error.message).toMatch(/^Article has no usable primary key: pk\(\) returned /)
    }
    expect(errorOf(() => normalize(Article2, { id: 'undefined' })).message).toBe(
      'Article has no usable primary key: pk() returned the string "undefined" for {"id":"undefined"}',
    )
  })

  it('is a SchemaError for an object, which would otherwise collapse to "[object Object]"', () => {
    expect(errorOf(() => normalize(Article2, { id: { value: 1 } })).message).toBe(
      'Article pk() must return a string or a number, but returned {"value":1} for {"id":{"value":1}}',
    )
    expect(errorOf(() => normalize(Article2, { id: true })).message).toMatch(/^Article pk\(\) must return a string or a number, but returned boolean true/)
  })

  it('still gets a placeholder in an optimistic guess when it is missing, but not when it is an object', () => {
    const guess = normalize(Article2, { title: 'draft' }, [], {}, metaAt(5), { optimistic: true })
    expect(guess.result).toBe('optimistic:5')
    expect(guess.entities.Article).toEqual({ 'optimistic:5': { id: 'optimistic:5', title: 'draft' } })
    expect(() => normalize(Article2, { id: {} }, [], {}, metaAt(5), { optimistic: true })).toThrow(SchemaError)
  })
})

describe('an Entity subclass that does not define pk()', () => {
  // What a JavaScript user (or a TypeScript user silencing the abstract member) writes.
  const Tag: typeof Entity & (new () => Entity) = (() => {
    class Tag extends (Entity as any) {
      id = ''
      label = ''
    }
    return Tag as any
  })()

  it('uses the id field', () => {
    expect(normalize(Tag, { id: 't1', label: 'news' }).entities).toEqual({ Tag: { t1: { id: 't1', label: 'news' } } })
    // The base type has no instance pk() (so a subclass's needs no `override`): called the untyped way.
    expect((Tag.fromJS({ id: 't1' }) as unknown as { pk(): unknown }).pk()).toBe('t1')
  })

  it('without an id, is refused with a message saying to define pk()', () => {
    expect(errorOf(() => normalize(Tag, { label: 'news' })).message).toBe(
      'Tag has no usable primary key: pk() returned undefined for {"label":"news"}; Tag does not define pk(), so its id field is used: define pk() to name the field that identifies it',
    )
  })
})

describe('normalize without meta', () => {
  it('stamps fetchedAt 0, date now and a JSON-safe expiresAt (the largest Date)', () => {
    const before = Date.now()
    const { entitiesMeta } = normalize(User, ada)
    const meta = entitiesMeta.User!.u1!
    expect(meta.fetchedAt).toBe(0)
    expect(meta.date).toBeGreaterThanOrEqual(before)
    expect(meta.date).toBeLessThanOrEqual(Date.now())
    expect(meta.expiresAt).toBe(8.64e15)
    expect(new Date(meta.expiresAt).getTime()).toBe(8.64e15)
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta)
  })

  it('never beats a dated response: the stored fields win over a response of unknown age', () => {
    const dated = receive(emptyStore(), User, { id: 'u1', name: 'Ada (dated)' }, [], metaAt(1000)).store
    const undated = normalize(User, { id: 'u1', name: 'Ada (undated)', email: 'ada@example.com' }, [], dated)
    expect(undated.entities.User!.u1).toEqual({ id: 'u1', name: 'Ada (dated)', email: 'ada@example.com' })
    expect(undated.entitiesMeta.User!.u1).toEqual({ ...metaAt(1000), fieldsAt: { email: 0 } })
  })
})

describe('error messages', () => {
  // As a minifier leaves it: the class name means nothing, the key is what the user wrote.
  class a extends Entity {
    id = ''
    title = ''
    author = User.fromJS()
    pk() {
      return this.id
    }
    static override key = 'Article'
    static override schema = { author: User }
    static override validate(processed: any) {
      return processed.title === '' ? 'needs a title' : undefined
    }
  }

  it('name the entity by its static key, not its class name', () => {
    expect(errorOf(() => normalize(a, { title: 'x' })).message).toMatch(/^Article has no usable primary key/)
    expect(errorOf(() => normalize(a, { id: '1', title: '' })).message).toBe('Article 1 failed validation: needs a title')
    expect(errorOf(() => normalize(a, true)).message).toBe('Article expects an object or its primary key, got boolean true')
    expect(errorOf(() => normalize(new schema.Invalidate(a), { title: 'x' })).message).toBe(
      'Cannot delete Article: no usable primary key in {"title":"x"}',
    )
    class b extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override key = 'Review'
      static override schema = { author: 'User' }
    }
    expect(errorOf(() => normalize(b, { id: 'r1' })).message).toMatch(/^Review\.schema\.author is not a schema/)
  })

  it('keep naming summary and detail classes by their shared key', () => {
    expect(errorOf(() => normalize(Article, { id: '1' })).message).toMatch(/^Article 1 failed validation: missing required fields/)
    expect(errorOf(() => normalize(articleListSchema, { results: [{ title: 'x' }] })).message).toMatch(
      /^Article has no usable primary key: .* \(at response\.results\[0\]\)$/,
    )
  })
})

describe('schema.Invalidate of a Union', () => {
  const feed = new schema.Union(feedMapping, 'type')
  const stored = () => receive(emptyStore(), [feed], feedResponse).store

  it('deletes from the table the response type names', () => {
    const { store, result } = receive(stored(), new schema.Invalidate(feed), { id: 'l1', type: 'link' })
    expect(result).toEqual({ id: 'l1', schema: 'link' })
    expect(store.entities.Link).toEqual({ l1: null })
    expect(store.entities.Post).toEqual({ p1: feedResponse[0], p2: feedResponse[2] })
    expect(denormalize(feed, { id: 'l1', schema: 'link' }, store.entities)).toBe(INVALID)
  })

  it('deletes from whichever member table holds the pk when the response has no type', () => {
    const byId = receive(stored(), new schema.Invalidate(feed), { id: 'p2' })
    expect(byId.result).toEqual({ id: 'p2', schema: 'post' })
    expect(byId.store.entities.Post).toEqual({ p1: feedResponse[0], p2: null })
    expect(byId.store.entities.Link).toEqual({ l1: feedResponse[1] })
    const byPk = receive(stored(), new schema.Invalidate(feed), 'l1')
    expect(byPk.store.entities.Link).toEqual({ l1: null })
    // Nothing stored under that pk: nothing to delete, and the read of the result is still Invalid.
    const unknown = receive(stored(), new schema.Invalidate(feed), 'x9')
    expect(unknown.result).toBe('x9')
    expect(unknown.store.entities).toEqual(stored().entities)
    expect(denormalize(new schema.Invalidate(feed), unknown.result, unknown.store.entities)).toBe(INVALID)
  })

  it('takes a mapping with a schemaAttribute too', () => {
    const { store } = receive(stored(), new schema.Invalidate(feedMapping, 'type'), { id: 'p1', type: 'post' })
    expect(store.entities.Post).toEqual({ p1: null, p2: feedResponse[2] })
  })

  it('is a SchemaError when no member can find a pk in the response', () => {
    expect(errorOf(() => normalize(new schema.Invalidate(feed), { title: 'x' })).message).toBe(
      'Cannot delete Post|Link: no usable primary key in {"title":"x"}',
    )
  })
})

describe('schema.Collection of a Union', () => {
  it('is stored under a key naming the union members, apart from other unions', () => {
    const feed = new schema.Collection([new schema.Union(feedMapping, 'type')])
    const other = new schema.Collection([new schema.Union({ user: User }, 'kind')])
    expect(feed.key).toBe('COLLECT:Post|Link')
    expect(other.key).toBe('COLLECT:User')
    const { store, result } = receive(emptyStore(), feed, feedResponse)
    expect(denormalize(feed, result, store.entities)).toEqual([
      Post.fromJS(feedResponse[0]!),
      Link.fromJS(feedResponse[1]!),
      Post.fromJS(feedResponse[2]!),
    ])
  })
})

describe('normalize into a store', () => {
  it('returns the merged tables, so a MemoCache read of them still finds every other entity', () => {
    const first = normalize([User], [{ id: 'u1', name: 'Ada' }, { id: 'u2', name: 'Grace' }])
    const second = normalize(User, { id: 'u3', name: 'Edsger' }, [], first)
    expect(Object.keys(second.entities.User!).sort()).toEqual(['u1', 'u2', 'u3'])
    expect(Object.keys(second.entitiesMeta.User!).sort()).toEqual(['u1', 'u2', 'u3'])
    const read = new MemoCache().denormalize([User], ['u1', 'u2', 'u3'], second.entities, []).data as User[]
    expect(read.map((user) => user.name)).toEqual(['Ada', 'Grace', 'Edsger'])
    // The store passed in is not written.
    expect(Object.keys(first.entities.User!).sort()).toEqual(['u1', 'u2'])
  })

  it('merges a record it changes with the stored one, and leaves other entity types as they were', () => {
    const first = normalize({ user: User, posts: [Post] }, { user: { id: 'u1', name: 'Ada', email: 'ada@example.com' }, posts: [{ id: 'p1', title: 'T' }] })
    const second = normalize(User, { id: 'u1', name: 'Ada L.' }, [], first)
    expect(second.entities.User!.u1).toEqual({ id: 'u1', name: 'Ada L.', email: 'ada@example.com' })
    expect(second.entities.Post).toEqual(first.entities.Post)
  })
})
