import { INVALID, MemoCache, schema } from '../../src/index'
import type { EntityTable } from '../../src/index'
import { Article, ArticleSummary, User, allArticles, articleListSchema } from '../fixtures/blog'
import { CREATED_AT, articleDetailResponse, articleListResponse } from '../fixtures/responses'
import { emptyStore, metaAt, receive } from '../fixtures/store'

interface Page {
  results: ArticleSummary[]
  cursor: string
}

/** The list response in a fresh store: articles 1 and 3 by Ada (u1), article 2 by Grace (u2). */
function listed() {
  return receive<{ results: string[]; cursor: string }>(emptyStore(), articleListSchema, articleListResponse)
}

/** A copy of `entities` with one record replaced, as a reducer writes it: new record, new table, new entities. */
function withRecord(entities: EntityTable, key: string, pk: string, changes: object): EntityTable {
  return { ...entities, [key]: { ...entities[key], [pk]: { ...(entities[key]![pk] as object), ...changes } } }
}

function sortPaths(paths: { key: string; pk: string }[]) {
  return [...paths].sort((a, b) => (a.key + a.pk).localeCompare(b.key + b.pk))
}

describe('MemoCache', () => {
  it('returns the very same data when an unchanged state is read twice', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const first = memo.denormalize(articleListSchema, result, store.entities)
    const second = memo.denormalize(articleListSchema, result, store.entities)
    expect(second).toBe(first)
    expect(second.data).toBe(first.data)
    expect((first.data as Page).results).toHaveLength(3)
  })

  it('returns the same data as a plain denormalize would', () => {
    const { store, result } = listed()
    const data = new MemoCache().denormalize(articleListSchema, result, store.entities).data as Page
    expect(data.cursor).toBe('page-2')
    expect(data.results.map((a) => [a.id, a.title, a.author.name])).toEqual([
      ['1', 'First', 'Ada'],
      ['2', 'Second', 'Grace'],
      ['3', 'Third', 'Ada'],
    ])
    expect(data.results[0]).toBeInstanceOf(ArticleSummary)
    expect(data.results[0]!.createdAt).toEqual(new Date(CREATED_AT))
  })

  it('gives new objects only along the path to a changed entity', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const before = memo.denormalize(articleListSchema, result, store.entities).data as Page

    const entities = withRecord(store.entities, 'Article', '2', { title: 'Second, edited' })
    const after = memo.denormalize(articleListSchema, result, entities).data as Page

    expect(after).not.toBe(before)
    expect(after.results).not.toBe(before.results)
    expect(after.results[1]).not.toBe(before.results[1])
    expect(after.results[1]!.title).toBe('Second, edited')
    expect(after.results[0]).toBe(before.results[0])
    expect(after.results[2]).toBe(before.results[2])
    // the edited article's author did not change, so it is the same object
    expect(after.results[1]!.author).toBe(before.results[1]!.author)
  })

  it('keeps the list identity when a table changes but nothing the list shows does', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const before = memo.denormalize(articleListSchema, result, store.entities)

    const extra = receive(store, ArticleSummary, { id: '9', title: 'Not in this list', author: { id: 'u3', name: 'Linus' } })
    expect(extra.store.entities.Article).not.toBe(store.entities.Article)
    const after = memo.denormalize(articleListSchema, result, extra.store.entities)

    expect(after.data).toBe(before.data)
    expect((after.data as Page).results).toBe((before.data as Page).results)
  })

  it('keeps every object when the same response is received again', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const before = memo.denormalize(articleListSchema, result, store.entities).data
    const again = receive(store, articleListSchema, articleListResponse, [], metaAt(5000))
    expect(again.store.entities).not.toBe(store.entities)
    expect(memo.denormalize(articleListSchema, result, again.store.entities).data).toBe(before)
  })

  it('gives new objects for every article by a renamed author, and only for those', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const before = memo.denormalize(articleListSchema, result, store.entities).data as Page

    const entities = withRecord(store.entities, 'User', 'u1', { name: 'Ada Lovelace' })
    const after = memo.denormalize(articleListSchema, result, entities).data as Page

    expect(after.results[0]).not.toBe(before.results[0])
    expect(after.results[2]).not.toBe(before.results[2])
    expect(after.results[1]).toBe(before.results[1])
    expect(after.results[0]!.author.name).toBe('Ada Lovelace')
    expect(after.results[0]!.author).toBe(after.results[2]!.author)
    expect(after.results[0]!.author).not.toBe(before.results[0]!.author)
  })

  it('lists the entity records a read used in paths', () => {
    const { store, result } = listed()
    const read = new MemoCache().denormalize(articleListSchema, result, store.entities)
    expect(sortPaths(read.paths)).toEqual([
      { key: 'Article', pk: '1' },
      { key: 'Article', pk: '2' },
      { key: 'Article', pk: '3' },
      { key: 'User', pk: 'u1' },
      { key: 'User', pk: 'u2' },
    ])
  })

  it('lists the records of nested entities that came from the cache in paths', () => {
    const { store } = receive(emptyStore(), Article, articleDetailResponse)
    const memo = new MemoCache()
    memo.denormalize([Article], ['1'], store.entities)
    const read = memo.denormalize(Article, '1', store.entities)
    expect(sortPaths(read.paths)).toEqual([
      { key: 'Article', pk: '1' },
      { key: 'Comment', pk: 'c1' },
      { key: 'User', pk: 'u1' },
      { key: 'User', pk: 'u2' },
    ])
  })

  it('lists the records a schema.All read used in paths, and nothing for the table itself', () => {
    const { store, result } = receive<string[]>(emptyStore(), allArticles, articleListResponse.results.slice(0, 2))
    const read = new MemoCache().denormalize(allArticles, result, store.entities)
    expect(sortPaths(read.paths)).toEqual([
      { key: 'Article', pk: '1' },
      { key: 'Article', pk: '2' },
      { key: 'User', pk: 'u1' },
      { key: 'User', pk: 'u2' },
    ])
  })

  it('lists a missing entity in paths, so its arrival can be noticed', () => {
    const read = new MemoCache().denormalize(User, 'u404', emptyStore().entities)
    expect(read.data).toBeUndefined()
    expect(read.paths).toEqual([{ key: 'User', pk: 'u404' }])
  })

  it('keeps a summary and a detail read of the same record as different instances, both cached', () => {
    const list = listed()
    const { store } = receive(list.store, Article, articleDetailResponse, [], metaAt(2000))
    const memo = new MemoCache()

    const summary = memo.denormalize(ArticleSummary, '1', store.entities).data
    const detail = memo.denormalize(Article, '1', store.entities).data
    expect(summary).toBeInstanceOf(ArticleSummary)
    expect(summary).not.toBeInstanceOf(Article)
    expect(detail).toBeInstanceOf(Article)
    expect(detail).not.toBe(summary)
    expect((detail as Article).author).toBe((summary as ArticleSummary).author)

    // a change elsewhere forces a new walk; both instances come from the entity cache
    const unrelated = receive(store, User, { id: 'u9', name: 'Somebody else' }).store.entities
    expect(memo.denormalize(ArticleSummary, '1', unrelated).data).toBe(summary)
    expect(memo.denormalize(Article, '1', unrelated).data).toBe(detail)
    expect((memo.denormalize(articleListSchema, list.result, unrelated).data as Page).results[0]).toBe(summary)
  })

  it('turns an Invalid detail read into data once the detail response arrives', () => {
    const list = listed()
    const memo = new MemoCache()
    expect(memo.denormalize(Article, '1', list.store.entities).data).toBe(INVALID)
    const { store } = receive(list.store, Article, articleDetailResponse, [], metaAt(2000))
    const detail = memo.denormalize(Article, '1', store.entities).data as Article
    expect(detail).toBeInstanceOf(Article)
    expect(detail.body).toBe('Full text')
  })

  it('drops a deleted entity from a list and keeps the other rows', () => {
    const { store, result } = listed()
    const memo = new MemoCache()
    const before = memo.denormalize(articleListSchema, result, store.entities).data as Page
    const deleted = receive(store, new schema.Invalidate(ArticleSummary), '2').store.entities
    const after = memo.denormalize(articleListSchema, result, deleted).data as Page
    expect(after.results).toEqual([before.results[0], before.results[2]])
    expect(after.results[0]).toBe(before.results[0])
    expect(after.results[1]).toBe(before.results[2])
  })

  it('adds a newly created entity to a schema.All read and keeps the existing rows', () => {
    const { store, result } = receive<string[]>(emptyStore(), allArticles, articleListResponse.results)
    const memo = new MemoCache()
    const before = memo.denormalize(allArticles, result, store.entities).data as ArticleSummary[]
    const created = receive(store, ArticleSummary, { id: '4', title: 'Fourth' }).store.entities
    const after = memo.denormalize(allArticles, result, created).data as ArticleSummary[]
    expect(after).not.toBe(before)
    expect(after.map((a) => a.id)).toEqual(['1', '2', '3', '4'])
    expect(after.slice(0, 3)).toEqual(before)
    for (let i = 0; i < 3; i++) expect(after[i]).toBe(before[i])
  })

  it('gives a new list after a push to a collection and keeps the rows that were there', () => {
    const userArticles = new schema.Collection([ArticleSummary])
    const args = [{ userId: 'u1' }]
    const { store, result } = receive<string>(emptyStore(), userArticles, articleListResponse.results.slice(0, 2), args)
    const memo = new MemoCache()
    const before = memo.denormalize(userArticles, result, store.entities, args).data as ArticleSummary[]
    expect(before.map((a) => a.id)).toEqual(['1', '2'])
    expect(memo.denormalize(userArticles, result, store.entities, args).data).toBe(before)

    const pushed = receive(store, userArticles.push, articleListResponse.results[2], args).store.entities
    const after = memo.denormalize(userArticles, result, pushed, args).data as ArticleSummary[]
    expect(after.map((a) => a.id)).toEqual(['1', '2', '3'])
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(before[1])
  })

  it('caches reads of a primitive input per schema and value', () => {
    const { store } = listed()
    const memo = new MemoCache()
    const ada = memo.denormalize(User, 'u1', store.entities)
    expect(memo.denormalize(User, 'u1', store.entities)).toBe(ada)
    expect(memo.denormalize(User, 'u2', store.entities).data).toEqual(User.fromJS({ id: 'u2', name: 'Grace' }))
    expect(memo.denormalize(User, 'u1', store.entities).data).toBe(ada.data)
  })
})
