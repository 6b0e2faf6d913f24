import { Entity, MemoCache, SHARD_THRESHOLD, denormalize, schema, setEntries } from '../../src/schema/index'
import type { EntityTable, StoredEntities } from '../../src/schema/index'

// A long list read through a MemoCache is remembered row by row. Read again over newer tables,
// the rows to rebuild are found from what changed in the tables (record by record, through the
// sharded tables' structure) rather than by looking at every row. What a user sees: the right
// rows, in the right order, and the very same objects for every row that did not change.

class User extends Entity {
  id = ''
  pk() {
    return this.id
  }
  name = ''
  static override key = 'User'
}

class Todo extends Entity {
  id = ''
  pk() {
    return this.id
  }
  title = ''
  owner = User.fromJS()
  static override key = 'Todo'
  static override schema = { owner: User }
}

const COUNT = 200
const ids = Array.from({ length: COUNT }, (_, i) => `t${i}`)

/** 200 todos (a sharded table: more than SHARD_THRESHOLD records), owned in turn by u0…u4. */
function tables(): StoredEntities {
  const users = ['u0', 'u1', 'u2', 'u3', 'u4']
  return {
    User: setEntries(undefined, users, users.map((id) => ({ id, name: `User ${id}` }))),
    Todo: setEntries(undefined, ids, ids.map((id, i) => ({ id, title: `Todo ${i}`, owner: `u${i % 5}` }))),
  }
}

/** The tables after writing `records` (null deletes) to one table, as a reducer writes them. */
function write(entities: StoredEntities, key: string, records: Record<string, object | null>): StoredEntities {
  return { ...entities, [key]: setEntries(entities[key], Object.keys(records), Object.values(records)) }
}

function read(memo: MemoCache, refs: readonly string[], entities: StoredEntities): Todo[] {
  return memo.denormalize([Todo], refs, entities).data as Todo[]
}

/** What an uncached read gives: the reference the memoized one must equal. */
function plain(refs: readonly string[], entities: StoredEntities): unknown {
  return denormalize([Todo], refs, entities)
}

it('reads a table large enough to be sharded', () => {
  expect(COUNT).toBeGreaterThan(SHARD_THRESHOLD)
  expect(Array.isArray(tables().Todo)).toBe(true)
})

describe('a 200-row list read again after a write', () => {
  it('gives a new list in which only the edited row is a new object', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    expect(first).toHaveLength(COUNT)

    const after = write(before, 'Todo', { t57: { id: 't57', title: 'Edited', owner: 'u2' } })
    const second = read(memo, ids, after)
    expect(second).not.toBe(first)
    expect(second[57]!.title).toBe('Edited')
    for (let i = 0; i < COUNT; i++) if (i !== 57) expect(second[i]).toBe(first[i])
    expect(second).toEqual(plain(ids, after))
  })

  it('rebuilds the rows of a renamed owner, and only those', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)

    const after = write(before, 'User', { u1: { id: 'u1', name: 'Renamed' } })
    const second = read(memo, ids, after)
    for (let i = 0; i < COUNT; i++) {
      if (i % 5 === 1) {
        expect(second[i]).not.toBe(first[i])
        expect(second[i]!.owner.name).toBe('Renamed')
      } else {
        expect(second[i]).toBe(first[i])
      }
    }
    expect(second).toEqual(plain(ids, after))
  })

  it('drops a deleted row, keeps the others in order, and shows the row again at its place when it is back', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)

    const deleted = write(before, 'Todo', { t10: null })
    const second = read(memo, ids, deleted)
    expect(second).toHaveLength(COUNT - 1)
    expect(second.map((todo) => todo.id)).toEqual(ids.filter((id) => id !== 't10'))
    expect(second[9]).toBe(first[9])
    expect(second[10]).toBe(first[11])
    expect(second).toEqual(plain(ids, deleted))

    const back = write(deleted, 'Todo', { t10: { id: 't10', title: 'Back', owner: 'u0' } })
    const third = read(memo, ids, back)
    expect(third).toHaveLength(COUNT)
    expect(third[10]!.title).toBe('Back')
    expect(third[11]).toBe(first[11])
    expect(third).toEqual(plain(ids, back))
  })

  it('drops a row whose required owner was deleted', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    const after = write(before, 'User', { u4: null })
    const second = read(memo, ids, after)
    expect(second).toHaveLength(COUNT - COUNT / 5)
    expect(second.some((todo) => todo.owner.id === 'u4')).toBe(false)
    expect(second[0]).toBe(first[0])
    expect(second[4]).toBe(first[5])
    expect(second).toEqual(plain(ids, after))
  })

  it('shows a row whose record was missing once the record arrives', () => {
    const memo = new MemoCache()
    const refs = [...ids.slice(0, 100), 't999', ...ids.slice(100)]
    const before = tables()
    const first = read(memo, refs, before)
    expect(first).toHaveLength(COUNT)

    const after = write(before, 'Todo', { t999: { id: 't999', title: 'Late', owner: 'u3' } })
    const second = read(memo, refs, after)
    expect(second).toHaveLength(COUNT + 1)
    expect(second[100]!.title).toBe('Late')
    expect(second[99]).toBe(first[99])
    expect(second[101]).toBe(first[100])
    expect(second).toEqual(plain(refs, after))
  })

  it('rebuilds many edited rows at once and keeps the objects of the rest', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    // More changed records than the diff looks at one by one: the list is checked row by row.
    const edits: Record<string, object> = {}
    for (let i = 0; i < COUNT; i += 2) edits[`t${i}`] = { id: `t${i}`, title: `Edited ${i}`, owner: `u${i % 5}` }
    const after = write(before, 'Todo', edits)
    const second = read(memo, ids, after)
    for (let i = 0; i < COUNT; i++) {
      if (i % 2 === 0) expect(second[i]!.title).toBe(`Edited ${i}`)
      else expect(second[i]).toBe(first[i])
    }
    expect(second).toEqual(plain(ids, after))
  })

  it('returns the very same list when the write touched nothing the rows read', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    expect(read(memo, ids, write(before, 'Tag', { x: { id: 'x' } }))).toBe(first)
    // A user no row belongs to.
    expect(read(memo, ids, write(before, 'User', { u9: { id: 'u9', name: 'Nobody' } }))).toBe(first)
  })

  it('returns the same list when the same record is written again', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    const after = write(before, 'Todo', { t3: { id: 't3', title: 'Edited', owner: 'u3' } })
    const second = read(memo, ids, after)
    expect(read(memo, ids, after)).toBe(second)
    expect(second[4]).toBe(first[4])
  })
})

describe('a 200-row list whose refs changed', () => {
  it('keeps the row objects of reordered rows', () => {
    const memo = new MemoCache()
    const entities = tables()
    const first = read(memo, ids, entities)
    const reversed = [...ids].reverse()
    const second = read(memo, reversed, entities)
    expect(second.map((todo) => todo.id)).toEqual(reversed)
    for (let i = 0; i < COUNT; i++) expect(second[i]).toBe(first[COUNT - 1 - i])
  })

  it('shows added and removed rows and keeps the rest', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = read(memo, ids, before)
    const entities = write(before, 'Todo', { t200: { id: 't200', title: 'New', owner: 'u1' } })
    const refs = [...ids.filter((id) => id !== 't0' && id !== 't150'), 't200']
    const second = read(memo, refs, entities)
    expect(second.map((todo) => todo.id)).toEqual(refs)
    expect(second[second.length - 1]!.title).toBe('New')
    expect(second[0]).toBe(first[1])
    expect(second[148]).toBe(first[149])
    expect(second[149]).toBe(first[151])
    expect(second).toEqual(plain(refs, entities))
  })

  it('keeps the rows when the same pks come in a new array', () => {
    const memo = new MemoCache()
    const entities = tables()
    const first = read(memo, ids, entities)
    const second = read(memo, [...ids], entities)
    for (let i = 0; i < COUNT; i++) expect(second[i]).toBe(first[i])
  })
})

describe('a schema.Collection of 200 rows', () => {
  const todos = new schema.Collection([Todo])

  it('gives a new list after one row changes, in which every other row keeps its object', () => {
    const memo = new MemoCache()
    const before: StoredEntities = { ...tables(), [todos.key]: { '{}': ids } as EntityTable[string] as never }
    const first = memo.denormalize(todos, '{}', before).data as Todo[]
    expect(first).toHaveLength(COUNT)

    const after = write(before, 'Todo', { t120: { id: 't120', title: 'Edited', owner: 'u0' } })
    const second = memo.denormalize(todos, '{}', after).data as Todo[]
    expect(second).not.toBe(first)
    expect(second[120]!.title).toBe('Edited')
    for (let i = 0; i < COUNT; i++) if (i !== 120) expect(second[i]).toBe(first[i])
    expect(second).toEqual(denormalize(todos, '{}', after))
  })
})
