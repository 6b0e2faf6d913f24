import { Entity, INVALID, SchemaError, denormalize, normalize, schema, validateRequired } from '../../src/index'
import type { EntityMeta } from '../../src/index'
import { Article, ArticleSummary, Comment, User, articleListSchema } from '../fixtures/blog'
import { CREATED_AT, ada, articleDetailResponse, articleListResponse, grace } from '../fixtures/responses'
import { emptyStore, metaAt, receive } from '../fixtures/store'

describe('Entity', () => {
  describe('instance fields with defaults', () => {
    it('builds an all-defaults instance from fromJS({})', () => {
      const article = Article.fromJS({})
      expect(article).toBeInstanceOf(Article)
      expect(article).toEqual({
        id: '',
        title: '',
        author: User.fromJS(),
        createdAt: new Date(0),
        body: '',
        comments: [],
      })
    })

    it('builds an all-defaults instance from fromJS() without an argument', () => {
      expect(User.fromJS()).toEqual({ id: '', name: '' })
    })

    it('keeps the given fields and defaults the others in fromJS', () => {
      const user = User.fromJS({ name: 'Ada' })
      expect(user).toBeInstanceOf(User)
      expect(user).toEqual({ id: '', name: 'Ada' })
    })

    it('reads the fields a response left out back as the class defaults', () => {
      const { store, result } = receive(emptyStore(), ArticleSummary, { id: '9', title: 'Only a title' })
      const article = denormalize(ArticleSummary, result, store.entities) as ArticleSummary
      expect(article).toBeInstanceOf(ArticleSummary)
      expect(article.title).toBe('Only a title')
      expect(article.author).toEqual(User.fromJS())
      expect(article.createdAt).toEqual(new Date(0))
    })

    it('does not store the defaults of missing fields, only what the response had', () => {
      const { entities } = normalize(User, { id: 'u9' })
      expect(entities.User!['u9']).toEqual({ id: 'u9' })
    })

    it('exposes the all-defaults instance as static defaults', () => {
      expect(Article.defaults).toEqual(Article.fromJS({}))
      expect(Article.defaults).toBeInstanceOf(Article)
    })
  })

  describe('pk()', () => {
    it('stores a record under the string its pk() returns', () => {
      const { result, entities } = normalize(User, { id: 'u1', name: 'Ada' })
      expect(result).toBe('u1')
      expect(Object.keys(entities.User!)).toEqual(['u1'])
    })

    it('turns a numeric id into a string key, and reads it back by number or by string', () => {
      class Tag extends Entity {
        id = 0
        label = ''
        pk() {
          return this.id
        }
      }
      const { store, result } = receive(emptyStore(), Tag, { id: 7, label: 'seven' })
      expect(result).toBe('7')
      expect(store.entities.Tag).toEqual({ 7: { id: 7, label: 'seven' } })
      expect(Object.keys(store.entities.Tag!)).toEqual(['7'])
      expect(denormalize(Tag, '7', store.entities)).toEqual(Tag.fromJS({ id: 7, label: 'seven' }))
      expect(denormalize(Tag, 7, store.entities)).toEqual(Tag.fromJS({ id: 7, label: 'seven' }))
    })

    it('computes the pk from several fields', () => {
      class Membership extends Entity {
        userId = ''
        groupId = ''
        pk() {
          return `${this.userId}:${this.groupId}`
        }
      }
      const { result, entities } = normalize(Membership, { userId: 'u1', groupId: 'g1' })
      expect(result).toBe('u1:g1')
      expect(entities.Membership).toEqual({ 'u1:g1': { userId: 'u1', groupId: 'g1' } })
    })

    it('runs the instance pk() on a read instance', () => {
      const { store } = receive(emptyStore(), User, ada)
      const user = denormalize(User, 'u1', store.entities) as User
      expect(user.pk()).toBe('u1')
    })
  })

  describe('static key', () => {
    it('uses the class name as the table name when static key is not set', () => {
      class Tag extends Entity {
        id = ''
        pk() {
          return this.id
        }
      }
      expect(Tag.key).toBe('Tag')
      expect(Object.keys(normalize(Tag, { id: 't' }).entities)).toEqual(['Tag'])
    })

    it('stores two classes with the same key in one table', () => {
      const list = normalize(articleListSchema, articleListResponse, [], emptyStore(), metaAt(1000))
      const detail = normalize(Article, articleDetailResponse, [], emptyStore(), metaAt(1000))
      expect(Object.keys(list.entities).sort()).toEqual(['Article', 'User'])
      expect(Object.keys(detail.entities).sort()).toEqual(['Article', 'Comment', 'User'])
    })

    it('reads a summary written by the list schema through the summary class', () => {
      const { store } = receive(emptyStore(), articleListSchema, articleListResponse)
      const summary = denormalize(ArticleSummary, '1', store.entities)
      expect(summary).toBeInstanceOf(ArticleSummary)
      expect(summary).toEqual({
        id: '1',
        title: 'First',
        author: User.fromJS(ada),
        createdAt: new Date(CREATED_AT),
      })
    })

    it('makes the detail read of a summary-only record Invalid, because validate fails', () => {
      const { store } = receive(emptyStore(), articleListSchema, articleListResponse)
      expect(denormalize(Article, '1', store.entities)).toBe(INVALID)
    })

    it('reads the detail once the detail response is in, and the summary read then sees the extra fields', () => {
      const listed = receive(emptyStore(), articleListSchema, articleListResponse, [], metaAt(1000))
      const { store } = receive(listed.store, Article, articleDetailResponse, [], metaAt(2000))

      const detail = denormalize(Article, '1', store.entities) as Article
      expect(detail).toBeInstanceOf(Article)
      expect(detail).toEqual({
        id: '1',
        title: 'First',
        author: User.fromJS(ada),
        createdAt: new Date(CREATED_AT),
        body: 'Full text',
        comments: [Comment.fromJS({ id: 'c1', body: 'Nice', author: User.fromJS(grace) })],
      })
      expect(detail.comments[0]).toBeInstanceOf(Comment)

      const summary = denormalize(ArticleSummary, '1', store.entities)
      expect(summary).toBeInstanceOf(ArticleSummary)
      expect(summary).not.toBeInstanceOf(Article)
      expect(summary).toMatchObject({ id: '1', title: 'First', body: 'Full text' })
    })

    it('keeps the detail fields when a later list response rewrites the summary', () => {
      const detailed = receive(emptyStore(), Article, articleDetailResponse, [], metaAt(1000))
      const { store } = receive(detailed.store, articleListSchema, articleListResponse, [], metaAt(2000))
      expect(denormalize(Article, '1', store.entities)).toMatchObject({ title: 'First', body: 'Full text' })
    })
  })

  describe('static schema', () => {
    it('replaces a nested entity by its pk and stores it in its own table', () => {
      const { result, entities } = normalize(Comment, { id: 'c1', body: 'Nice', author: grace })
      expect(result).toBe('c1')
      expect(entities.Comment).toEqual({ c1: { id: 'c1', body: 'Nice', author: 'u2' } })
      expect(entities.User).toEqual({ u2: grace })
    })

    it('reads a nested entity back as an instance of its class', () => {
      const { store } = receive(emptyStore(), Comment, { id: 'c1', body: 'Nice', author: grace })
      const comment = denormalize(Comment, 'c1', store.entities) as Comment
      expect(comment.author).toBeInstanceOf(User)
      expect(comment.author).toEqual(User.fromJS(grace))
    })

    it('replaces an array of entities by an array of pks', () => {
      const { entities } = normalize(Article, articleDetailResponse)
      expect(entities.Article!['1']).toMatchObject({ comments: ['c1'], author: 'u1' })
      expect(entities.Comment).toEqual({ c1: { id: 'c1', body: 'Nice', author: 'u2' } })
    })

    it('builds a real Date from a stored timestamp string', () => {
      const { store } = receive(emptyStore(), ArticleSummary, { id: '1', createdAt: CREATED_AT })
      const article = denormalize(ArticleSummary, '1', store.entities) as ArticleSummary
      expect(article.createdAt).toBeInstanceOf(Date)
      expect(article.createdAt.getTime()).toBe(Date.parse(CREATED_AT))
    })

    it('keeps the timestamp string in the store', () => {
      const { entities } = normalize(ArticleSummary, { id: '1', createdAt: CREATED_AT })
      expect(entities.Article!['1']).toEqual({ id: '1', createdAt: CREATED_AT })
    })

    it('stores a Date given as input as its JSON string and reads it back as an equal Date', () => {
      const when = new Date(Date.UTC(2023, 4, 6, 7, 8, 9))
      const { store } = receive(emptyStore(), ArticleSummary, { id: '1', createdAt: when })
      expect(store.entities.Article!['1']).toEqual({ id: '1', createdAt: '2023-05-06T07:08:09.000Z' })
      const article = denormalize(ArticleSummary, '1', store.entities) as ArticleSummary
      expect(article.createdAt).toBeInstanceOf(Date)
      expect(article.createdAt).not.toBe(when)
      expect(article.createdAt.getTime()).toBe(when.getTime())
    })

    it('builds a new Date for each read, so a caller mutating one does not change the store', () => {
      const { store } = receive(emptyStore(), ArticleSummary, { id: '1', createdAt: CREATED_AT })
      const first = denormalize(ArticleSummary, '1', store.entities) as ArticleSummary
      first.createdAt.setFullYear(1999)
      const second = denormalize(ArticleSummary, '1', store.entities) as ArticleSummary
      expect(second.createdAt.toISOString()).toBe(CREATED_AT)
      expect(store.entities.Article!['1']).toEqual({ id: '1', createdAt: CREATED_AT })
    })

    it('inherits the parent schema when a subclass spreads it in', () => {
      expect(Article.schema).toEqual({ author: User, createdAt: Date, comments: [Comment] })
    })
  })

  describe('static validate', () => {
    class Post extends Entity {
      id = ''
      title = ''
      pk() {
        return this.id
      }
      static override key = 'Post'
      static override validate(processed: any): string | undefined {
        return typeof processed.title === 'string' && processed.title.length > 10 ? 'title is longer than 10 characters' : undefined
      }
    }
    class PostDetail extends Post {
      body = ''
      static override validate(processed: any) {
        return validateRequired(processed, this.defaults) || super.validate(processed)
      }
    }

    it('names the missing fields in validateRequired', () => {
      expect(validateRequired({ id: '1' }, PostDetail.defaults)).toBe('missing required fields "title", "body"')
      expect(validateRequired({ id: '1', title: 't' }, PostDetail.defaults)).toBe('missing required field "body"')
      expect(validateRequired({ id: '1', title: 't', body: '' }, PostDetail.defaults)).toBeUndefined()
    })

    it('counts a field present with a falsy value as present', () => {
      expect(validateRequired({ id: '', title: '', body: null }, PostDetail.defaults)).toBeUndefined()
    })

    it('returns the validateRequired message first when both checks fail', () => {
      expect(PostDetail.validate({ id: '1', title: 'a very long title' })).toBe('missing required field "body"')
    })

    it('falls through to the parent validate when every field is present', () => {
      expect(PostDetail.validate({ id: '1', title: 'a very long title', body: '' })).toBe('title is longer than 10 characters')
      expect(PostDetail.validate({ id: '1', title: 'short', body: '' })).toBeFalsy()
    })

    it('refuses to normalize a response that fails validation, with the message, naming the entity by its key', () => {
      expect(() => normalize(PostDetail, { id: '1', title: 'a very long title', body: '' })).toThrow(
        new SchemaError('Post 1 failed validation: title is longer than 10 characters'),
      )
      expect(() => normalize(PostDetail, { id: '1', title: 't' })).toThrow(
        'Post 1 failed validation: missing required field "body"',
      )
    })

    it('makes a read Invalid when the stored record fails the reading class validate', () => {
      const { store } = receive(emptyStore(), Post, { id: '1', title: 'short' })
      expect(denormalize(Post, '1', store.entities)).toEqual(Post.fromJS({ id: '1', title: 'short' }))
      expect(denormalize(PostDetail, '1', store.entities)).toBe(INVALID)
    })

    it('drops an item that fails validation from a list read instead of failing the list', () => {
      const { store } = receive(emptyStore(), [Post], [
        { id: '1', title: 'short' },
        { id: '2', title: 'also' },
      ])
      const withBody = receive(store, PostDetail, { id: '2', title: 'also', body: 'b' })
      expect(denormalize([PostDetail], ['1', '2'], withBody.store.entities)).toEqual([
        PostDetail.fromJS({ id: '2', title: 'also', body: 'b' }),
      ])
    })
  })

  describe('merge hooks', () => {
    it('merges a later write into the existing record, so fields from both survive', () => {
      const first = receive(emptyStore(), Article, articleDetailResponse, [], metaAt(1000))
      const { store } = receive(first.store, ArticleSummary, { id: '1', title: 'Renamed' }, [], metaAt(2000))
      expect(store.entities.Article!['1']).toEqual({
        id: '1',
        title: 'Renamed',
        author: 'u1',
        createdAt: CREATED_AT,
        body: 'Full text',
        comments: ['c1'],
      })
      // The fields the summary did not carry keep the age of the detail response that wrote them.
      expect(store.entitiesMeta.Article!['1']).toEqual({ ...metaAt(2000), fieldsAt: { author: 1000, createdAt: 1000, body: 1000, comments: 1000 } })
    })

    it('does not let an older response overwrite fields fetched later, but keeps its new fields', () => {
      const newer = receive(emptyStore(), User, { id: 'u1', name: 'New name' }, [], metaAt(2000))
      const { store } = receive(newer.store, User, { id: 'u1', name: 'Old name', email: 'ada@example.com' }, [], metaAt(1000))
      expect(store.entities.User!['u1']).toEqual({ id: 'u1', name: 'New name', email: 'ada@example.com' })
      expect(store.entitiesMeta.User!['u1']).toEqual({ ...metaAt(2000), fieldsAt: { email: 1000 } })
    })

    it('lets an older response update the fields a newer one did not carry, field by field', () => {
      const detail = receive(emptyStore(), User, { id: 'u1', name: 'Ada', email: 'old@example.com' }, [], metaAt(1000))
      const summary = receive(detail.store, User, { id: 'u1', name: 'Ada L.' }, [], metaAt(3000))
      // A detail request started between the two answers last: its email is newer than the stored one, its name is not.
      const { store } = receive(summary.store, User, { id: 'u1', name: 'Ada (stale)', email: 'new@example.com' }, [], metaAt(2000))
      expect(store.entities.User!['u1']).toEqual({ id: 'u1', name: 'Ada L.', email: 'new@example.com' })
      expect(store.entitiesMeta.User!['u1']).toEqual({ ...metaAt(3000), fieldsAt: { email: 2000 } })
    })

    it('lets a response fetched at the same time as the stored one win', () => {
      const first = receive(emptyStore(), User, { id: 'u1', name: 'First' }, [], metaAt(1000))
      const { store } = receive(first.store, User, { id: 'u1', name: 'Second' }, [], metaAt(1000))
      expect(store.entities.User!['u1']).toEqual({ id: 'u1', name: 'Second' })
    })

    it('keeps the stored record object when a write changes nothing', () => {
      const first = receive(emptyStore(), User, { id: 'u1', name: 'Ada' }, [], metaAt(1000))
      const again = normalize(User, { id: 'u1', name: 'Ada' }, [], first.store, metaAt(2000))
      expect(again.entities.User!['u1']).toBe(first.store.entities.User!['u1'])
    })

    it('merges two copies of the same record within one response', () => {
      const { entities } = normalize([User], [
        { id: 'u1', name: 'Ada' },
        { id: 'u1', email: 'ada@example.com' },
      ])
      expect(entities.User).toEqual({ u1: { id: 'u1', name: 'Ada', email: 'ada@example.com' } })
    })

    it('calls mergeWithStore and mergeMetaWithStore with the stored and incoming versions', () => {
      const calls: unknown[][] = []
      class Counter extends Entity {
        id = ''
        count = 0
        pk() {
          return this.id
        }
        static override mergeWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any) {
          calls.push(['data', existingMeta, incomingMeta, existing, incoming])
          return { ...existing, ...incoming, count: existing.count + incoming.count }
        }
        static override mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any) {
          calls.push(['meta', existingMeta, incomingMeta, existing, incoming])
          return { ...incomingMeta, expiresAt: Math.max(existingMeta?.expiresAt ?? 0, incomingMeta.expiresAt, 999_999) }
        }
      }
      const first = receive(emptyStore(), Counter, { id: 'a', count: 2 }, [], metaAt(1000))
      expect(calls).toEqual([])

      const { store } = receive(first.store, Counter, { id: 'a', count: 3 }, [], metaAt(2000))
      expect(store.entities.Counter!['a']).toEqual({ id: 'a', count: 5 })
      expect(store.entitiesMeta.Counter!['a']).toEqual({ ...metaAt(2000), expiresAt: 999_999 })
      expect(calls).toEqual([
        ['data', metaAt(1000), metaAt(2000), { id: 'a', count: 2 }, { id: 'a', count: 3 }],
        ['meta', metaAt(1000), metaAt(2000), { id: 'a', count: 2 }, { id: 'a', count: 3 }],
      ])
    })

    it('gives pk() the whole response as its parent at the top level, and the holding object when nested', () => {
      const parents: unknown[] = []
      class Recommendation extends Entity {
        items: string[] = []
        pk(parent?: any) {
          parents.push(parent)
          return parent?.owner ?? parent?.id
        }
      }
      const response = { owner: 'u1', items: ['a'] }
      expect(normalize(Recommendation, response).result).toBe('u1')
      const nested = { id: 'u2', rec: { items: ['b'] } }
      expect(normalize({ id: '', rec: Recommendation }, nested).result).toEqual({ id: 'u2', rec: 'u2' })
      expect(parents).toEqual([response, nested])
    })

    it('keeps the stored record, same object, when useIncoming says no', () => {
      class Pinned extends Entity {
        id = ''
        title = ''
        pk() {
          return this.id
        }
        // Only a newer revision replaces what is stored.
        static override useIncoming(_existingMeta: EntityMeta, _incomingMeta: EntityMeta, existing: any, incoming: any) {
          return incoming.revision > existing.revision
        }
      }
      const first = receive(emptyStore(), Pinned, { id: 'a', title: 'first', revision: 2 }, [], metaAt(1000))
      const stale = receive(first.store, Pinned, { id: 'a', title: 'older', revision: 1 }, [], metaAt(2000))
      expect(stale.store.entities.Pinned!['a']).toBe(first.store.entities.Pinned!['a'])
      const newer = receive(stale.store, Pinned, { id: 'a', title: 'newer', revision: 3 }, [], metaAt(3000))
      expect(newer.store.entities.Pinned!['a']).toEqual({ id: 'a', title: 'newer', revision: 3 })
    })

    it('uses an overridden merge for both the store and the same response', () => {
      class Tagged extends Entity {
        id = ''
        tags: string[] = []
        pk() {
          return this.id
        }
        static override merge(existing: any, incoming: any) {
          return { ...existing, ...incoming, tags: [...new Set([...(existing.tags ?? []), ...(incoming.tags ?? [])])] }
        }
      }
      const first = receive(emptyStore(), Tagged, { id: 'a', tags: ['x'] }, [], metaAt(1000))
      const { store } = receive(first.store, [Tagged], [
        { id: 'a', tags: ['y'] },
        { id: 'a', tags: ['x', 'z'] },
      ], [], metaAt(2000))
      expect(store.entities.Tagged!['a']).toEqual({ id: 'a', tags: ['x', 'y', 'z'] })
    })
  })

  describe('reads', () => {
    it('returns instances of the class, nested ones included', () => {
      const { store, result } = receive(emptyStore(), articleListSchema, articleListResponse)
      const page = denormalize(articleListSchema, result, store.entities) as { results: ArticleSummary[] }
      for (const article of page.results) {
        expect(article).toBeInstanceOf(ArticleSummary)
        expect(Object.getPrototypeOf(article)).toBe(ArticleSummary.prototype)
        expect(article.author).toBeInstanceOf(User)
      }
    })

    it('returns the same object for the same record referenced twice in one read', () => {
      const { store, result } = receive(emptyStore(), articleListSchema, articleListResponse)
      const page = denormalize(articleListSchema, result, store.entities) as { results: ArticleSummary[] }
      expect(page.results[0]!.author).toBe(page.results[2]!.author)
      expect(page.results[0]!.author).not.toBe(page.results[1]!.author)
    })

    it('returns undefined for a pk that is not in the store', () => {
      expect(denormalize(User, 'nobody', emptyStore().entities)).toBeUndefined()
    })

    it('does not change the stored record when a read fills nested fields', () => {
      const { store } = receive(emptyStore(), Comment, { id: 'c1', body: 'Nice', author: grace })
      denormalize(Comment, 'c1', store.entities)
      expect(store.entities.Comment!['c1']).toEqual({ id: 'c1', body: 'Nice', author: 'u2' })
    })
  })

  describe('schema.Entity(PlainClass, options)', () => {
    class Person {
      id = ''
      name = ''
      greet() {
        return `Hi, ${this.name}`
      }
    }
    class Book {
      slug = ''
      title = ''
      author: Person | null = null
    }
    const PersonEntity = schema.Entity(Person, { key: 'Person' })
    const BookEntity = schema.Entity(Book, { key: 'Book', pk: 'slug', schema: { author: PersonEntity } })

    it('is called without new and uses the given key', () => {
      expect(PersonEntity.key).toBe('Person')
      const { result, entities } = normalize(PersonEntity, { id: 'p1', name: 'Ada' })
      expect(result).toBe('p1')
      expect(entities).toEqual({ Person: { p1: { id: 'p1', name: 'Ada' } } })
    })

    it('uses a pk option naming a field', () => {
      const { result, entities } = normalize(BookEntity, { slug: 'dune', title: 'Dune', author: { id: 'p2', name: 'Frank' } })
      expect(result).toBe('dune')
      expect(entities).toEqual({
        Book: { dune: { slug: 'dune', title: 'Dune', author: 'p2' } },
        Person: { p2: { id: 'p2', name: 'Frank' } },
      })
    })

    it('reads back instances of the original class with defaults and methods', () => {
      const { store } = receive(emptyStore(), BookEntity, { slug: 'dune', author: { id: 'p2', name: 'Frank' } })
      const book = denormalize(BookEntity, 'dune', store.entities) as Book
      expect(book).toBeInstanceOf(Book)
      expect(book).toEqual({ slug: 'dune', title: '', author: PersonEntity.fromJS({ id: 'p2', name: 'Frank' }) })
      expect(book.author).toBeInstanceOf(Person)
      expect(book.author!.greet()).toBe('Hi, Frank')
      expect((book as any).pk()).toBe('dune')
    })

    it('leaves the original class untouched', () => {
      expect(Object.prototype.hasOwnProperty.call(Person, 'normalize')).toBe(false)
      expect('pk' in Person.prototype).toBe(false)
    })

    it('defaults the key to the class name and the pk to id', () => {
      class Gadget {
        id = 0
      }
      const GadgetEntity = schema.Entity(Gadget)
      expect(GadgetEntity.key).toBe('Gadget')
      expect(normalize(GadgetEntity, { id: 3 }).entities).toEqual({ Gadget: { 3: { id: 3 } } })
    })
  })
})
