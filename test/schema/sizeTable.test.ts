import { Entity, SHARD_THRESHOLD, deleteEntries, readEntry, setEntries, tableKeys, type RecordTable } from '../../src/schema/index'
import { diffEntries } from '../../src/schema/table'

// Tables change shape as they grow and shrink (flat, then sharded, then flat again); whatever the
// shape, a table reads like the Map of everything written to it and not removed since.
function expectSame(table: RecordTable, model: Map<string, unknown>) {
  expect(tableKeys(table).sort()).toEqual([...model.keys()].sort())
  for (const [key, value] of model) expect(readEntry(table, key)).toBe(value)
  expect(Object.isFrozen(table)).toBe(true)
}

describe('a table written and emptied in batches', () => {
  it('reads like a Map at every size, and never changes an older version', () => {
    const model = new Map<string, unknown>()
    let table: RecordTable = setEntries(undefined, [], [])
    const versions: [RecordTable, Map<string, unknown>][] = []
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647)
    for (let round = 0; round < 40; round++) {
      const keys = Array.from({ length: 1 + (next() % 30) }, () => String(next() % 400))
      if (round % 3 === 2) {
        table = deleteEntries(table, keys)
        for (const key of keys) model.delete(key)
      } else {
        const values = keys.map((key) => ({ key, round }))
        table = setEntries(table, keys, values)
        keys.forEach((key, i) => model.set(key, values[i]))
      }
      expectSame(table, model)
      versions.push([table, new Map(model)])
    }
    for (const [version, snapshot] of versions) expectSame(version, snapshot)
    expect(versions.some(([version]) => Array.isArray(version))).toBe(true)
    expect(versions.some(([version]) => !Array.isArray(version))).toBe(true)
  })

  it('keeps server keys such as "__proto__" as plain data, flat or sharded', () => {
    const keys = ['__proto__', 'constructor', ...Array.from({ length: SHARD_THRESHOLD }, (_, i) => String(i))]
    const small = setEntries(undefined, ['__proto__', 'constructor'], [1, 2])
    expect([readEntry(small, '__proto__'), readEntry(small, 'constructor'), readEntry(small, 'toString')]).toEqual([1, 2, undefined])
    const big = setEntries(small, keys.slice(2), keys.slice(2).map(Number))
    expect(Array.isArray(big)).toBe(true)
    expect([readEntry(big, '__proto__'), readEntry(big, 'constructor'), readEntry(big, '5')]).toEqual([1, 2, 5])
    const shrunk = deleteEntries(big, keys.slice(3))
    expect(Array.isArray(shrunk)).toBe(false)
    expect(tableKeys(shrunk).sort()).toEqual(['0', '__proto__', 'constructor'])
    expect(readEntry(shrunk, '__proto__')).toBe(1)
  })
})

describe('diffEntries', () => {
  it('names the keys changed, added or removed between two versions', () => {
    const base = setEntries(undefined, Array.from({ length: 300 }, (_, i) => String(i)), Array.from({ length: 300 }, (_, i) => i))
    const changed = deleteEntries(setEntries(base, ['5', 'new'], [-5, 'n']), ['7'])
    expect(diffEntries(base, changed, 10)!.sort()).toEqual(['5', '7', 'new'])
    expect(diffEntries(base, changed, 2)).toBeUndefined()
    expect(diffEntries(base, base, 0)).toEqual([])
    const flat = setEntries(undefined, ['a', 'b'], [1, 2])
    expect(diffEntries(flat, setEntries(deleteEntries(flat, ['a']), ['c'], [3]), 10)!.sort()).toEqual(['a', 'c'])
    expect(diffEntries(undefined, flat, 10)!.sort()).toEqual(['a', 'b'])
  })
})

describe('Entity.fromJS with a "__proto__" field from the server', () => {
  class Item extends Entity {
    id = ''
    label = 'none'
    pk() {
      return this.id
    }
    describe() {
      return `${this.id}: ${this.label}`
    }
  }

  it('keeps it as a plain, writable field, the class and defaults intact, even from a frozen record', () => {
    for (const source of [JSON.parse('{"id":"1","__proto__":{"label":"evil"}}'), Object.freeze(JSON.parse('{"id":"1","__proto__":{"label":"evil"}}'))]) {
      const item = Item.fromJS(source) as Item & Record<string, unknown>
      expect(item).toBeInstanceOf(Item)
      expect(item.describe()).toBe('1: none')
      expect(Object.getOwnPropertyDescriptor(item, '__proto__')).toEqual({ value: { label: 'evil' }, writable: true, enumerable: true, configurable: true })
      item.id = '2'
      expect(item.id).toBe('2')
    }
  })
})
