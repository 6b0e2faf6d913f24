import { Entity, normalize, schema } from '../../src/index'
// What the store writes (only the changed records): internal, not the public normalize.
import { normalizeChanges } from '../../src/schema/normalize'

/**
 * The store's normalize (`normalizeChanges`) does only what the store uses: it lists the pks it
 * wrote per table (so the reducer need not `Object.keys` a table of 10k fresh keys) and builds no
 * `indexes` (the store keeps none). The public `normalize` still returns data-client's shape.
 */

class User extends Entity {
  id = ''
  handle = ''
  pk() {
    return this.id
  }
  static override key = 'User'
  static indexes = ['handle']
}

class Post extends Entity {
  id = ''
  title = ''
  author = User.fromJS()
  pk() {
    return this.id
  }
  static override key = 'Post'
  static override schema = { author: User }
}

const posts = [
  { id: 'p2', title: 'b', author: { id: 'u1', handle: 'ada' } },
  { id: '10', title: 'c', author: { id: 'u2', handle: 'grace' } },
  { id: 'p1', title: 'a', author: { id: 'u1', handle: 'ada' } },
  { id: '3', title: 'd', author: { id: 'u2', handle: 'grace' } },
]

it('lists every pk the store writes, once each, in the order they were first written', () => {
  const { entities, pks } = normalizeChanges([Post], posts)
  expect(pks).toEqual({ Post: ['p2', '10', 'p1', '3'], User: ['u1', 'u2'] })
  // The same pks as the tables hold, whatever order Object.keys gives them in.
  for (const key of Object.keys(entities)) expect([...pks![key]!].sort()).toEqual(Object.keys(entities[key]!).sort())
})

it('lists a deletion and a record written twice once', () => {
  const deletePost = new schema.Invalidate(Post)
  const { entities, pks } = normalizeChanges([deletePost], [{ id: 'p1' }, { id: 'p1' }, { id: 'p2' }])
  expect(entities).toEqual({ Post: { p1: null, p2: null } })
  expect(pks).toEqual({ Post: ['p1', 'p2'] })
})

it('builds no indexes for the store, and the public normalize still does', () => {
  expect(normalizeChanges([Post], posts).indexes).toEqual({})
  const pub = normalize([Post], posts)
  expect(pub.indexes).toEqual({ User: { handle: { ada: 'u1', grace: 'u2' } } })
  // data-client's shape: no extra field.
  expect(Object.keys(pub).sort()).toEqual(['entities', 'entitiesMeta', 'indexes', 'result'])
  const old = normalize(posts, [Post])
  expect(old.indexes).toEqual({ User: { handle: { ada: 'u1', grace: 'u2' } } })
})
