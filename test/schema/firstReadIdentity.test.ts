import { Entity, MemoCache, normalize, schema, setEntries } from '../../src/schema/index'
import type { StoredEntities } from '../../src/schema/index'

/**
 * What a first read of a long list (read row by row) must keep, whatever it skips to be fast:
 * the same record is the same object everywhere one cache shows it (twice in one list, in two
 * lists, in a list and a read by pk), a row that reads its own kind ends its cycle, and a list
 * read again after one more item keeps every other row.
 */

class User extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'User'
}

class Todo extends Entity {
  id = ''
  title = ''
  owner = User.fromJS()
  parent: Todo | null = null
  pk() {
    return this.id
  }
  static override key = 'Todo'
  static override schema = { owner: User, parent: Todo }
}

const COUNT = 300
const todo = (i: number, extra: object = {}) => ({ id: `t${i}`, title: `todo ${i}`, owner: { id: `u${i % 7}`, name: `user ${i % 7}` }, ...extra })

/** The tables after writing `response` (as a store does: frozen, sharded past the threshold). */
function tablesFor(response: unknown[]): StoredEntities {
  const tables: Record<string, unknown> = {}
  const { entities } = normalize([Todo], response)
  for (const key of Object.keys(entities)) tables[key] = setEntries(undefined, Object.keys(entities[key]!), Object.values(entities[key]!))
  return tables as StoredEntities
}

it('shows one record twice in a list as one object', () => {
  const rows = Array.from({ length: COUNT }, (_, i) => todo(i))
  const entities = tablesFor(rows)
  const refs = [...rows.map((row) => row.id), 't5', 't200']
  const list = new MemoCache().denormalize([Todo], refs, entities).data as Todo[]
  expect(list).toHaveLength(COUNT + 2)
  expect(list[COUNT]).toBe(list[5])
  expect(list[COUNT + 1]).toBe(list[200])
})

it('shows a record as the same object in two lists and in a read by pk', () => {
  const rows = Array.from({ length: COUNT }, (_, i) => todo(i))
  const entities = tablesFor(rows)
  const memo = new MemoCache()
  const first = memo.denormalize([Todo], rows.map((row) => row.id), entities).data as Todo[]
  const other = rows.slice(100, 250).map((row) => row.id)
  const second = memo.denormalize([Todo], other, entities).data as Todo[]
  expect(second[0]).toBe(first[100])
  expect(second[149]).toBe(first[249])
  expect(memo.denormalize(Todo, 't42', entities).data).toBe(first[42])
  // Authors are shared by every row that reads them.
  expect(first[0]!.owner).toBe(first[7]!.owner)
})

it('ends the cycle of a row that reads its own kind (its parent, itself)', () => {
  const rows = Array.from({ length: COUNT }, (_, i) => todo(i, { parent: i === 0 ? 't0' : `t${i - 1}` }))
  const entities = tablesFor(rows)
  const list = new MemoCache().denormalize([Todo], rows.map((row) => row.id), entities).data as Todo[]
  expect(list[0]!.parent).toBe(list[0])
  expect(list[10]!.parent).toBe(list[9])
  expect(list[COUNT - 1]!.parent).toBe(list[COUNT - 2])
})

it('keeps every row when the list is read again with one more item in front', () => {
  const rows = Array.from({ length: COUNT }, (_, i) => todo(i))
  const entities = tablesFor(rows)
  const memo = new MemoCache()
  const before = memo.denormalize([Todo], rows.map((row) => row.id), entities).data as Todo[]
  // One more record written over the same tables: every other record stays the same object.
  const added = normalize([Todo], [todo(COUNT)]).entities
  const grown = { ...entities, Todo: setEntries(entities.Todo as never, [`t${COUNT}`], [added.Todo![`t${COUNT}`]]) }
  const after = memo.denormalize([Todo], [`t${COUNT}`, ...rows.map((row) => row.id)], grown).data as Todo[]
  expect(after).toHaveLength(COUNT + 1)
  expect(after[0]!.title).toBe(`todo ${COUNT}`)
  for (let i = 0; i < COUNT; i++) expect(after[i + 1]).toBe(before[i])
})

it('a Collection read after a plain list of the same records shows the same rows', () => {
  const rows = Array.from({ length: COUNT }, (_, i) => todo(i))
  const collection = new schema.Collection([Todo])
  const { result, entities } = normalize(collection, rows, [{}])
  const tables: Record<string, unknown> = {}
  for (const key of Object.keys(entities)) tables[key] = setEntries(undefined, Object.keys(entities[key]!), Object.values(entities[key]!))
  const memo = new MemoCache()
  const plain = memo.denormalize([Todo], rows.map((row) => row.id), tables as StoredEntities).data as Todo[]
  const fromCollection = memo.denormalize(collection, result, tables as StoredEntities).data as Todo[]
  expect(fromCollection).toHaveLength(COUNT)
  for (let i = 0; i < COUNT; i += 37) expect(fromCollection[i]).toBe(plain[i])
})
