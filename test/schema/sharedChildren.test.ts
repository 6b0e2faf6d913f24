import { Entity, MemoCache } from '../../src/schema/index'
import type { EntityTable } from '../../src/schema/index'

// Many entities that read the same one other entity (the rows of one author), one of which later
// reads a second one: only that entity depends on the second, so only it is rebuilt when the
// second changes, and every entity still follows the shared author. (Guards a read cache that
// shares one list of dependencies between the rows of one author.)

class Person extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Person'
}

class Doc extends Entity {
  id = ''
  title = ''
  author = Person.fromJS()
  editor: Person | null = null
  pk() {
    return this.id
  }
  static override key = 'Doc'
  static override schema = { author: Person, editor: Person }
}

// More rows than a short list, so the list is read row by row (rows.ts).
const COUNT = 40
const ids = Array.from({ length: COUNT }, (_, i) => `d${i}`)

function table(records: readonly { readonly id: string; readonly [field: string]: unknown }[]): Record<string, object> {
  const out: Record<string, object> = Object.create(null)
  for (const record of records) out[record.id] = record
  return out
}

function start(): EntityTable {
  return {
    Doc: table(ids.map((id) => ({ id, title: `Doc ${id}`, author: 'x' }))),
    Person: table([
      { id: 'x', name: 'Xena' },
      { id: 'y', name: 'Yuri' },
    ]),
  }
}

function edit(entities: EntityTable, key: string, pk: string, changes: object): EntityTable {
  return { ...entities, [key]: { ...entities[key], [pk]: { ...(entities[key]![pk] as object), ...changes } } }
}

describe('entities that read the same one entity', () => {
  it('rebuild only the row that gained a second dependency when that one changes (a list)', () => {
    const memo = new MemoCache()
    const first = start()
    const before = memo.denormalize([Doc], ids, first).data as Doc[]
    expect(before[0]!.author).toBe(before[1]!.author)

    const withEditor = edit(first, 'Doc', 'd0', { editor: 'y' })
    const edited = memo.denormalize([Doc], ids, withEditor).data as Doc[]
    expect(edited[0]!.editor!.name).toBe('Yuri')
    for (let i = 1; i < COUNT; i++) expect(edited[i]).toBe(before[i])

    const renamed = memo.denormalize([Doc], ids, edit(withEditor, 'Person', 'y', { name: 'Yann' })).data as Doc[]
    expect(renamed[0]).not.toBe(edited[0])
    expect(renamed[0]!.editor!.name).toBe('Yann')
    expect(renamed[0]!.author.name).toBe('Xena')
    for (let i = 1; i < COUNT; i++) expect(renamed[i]).toBe(before[i])
  })

  it('rebuild only the entity that gained a second dependency when that one changes (single reads)', () => {
    const memo = new MemoCache()
    const first = start()
    const a = memo.denormalize(Doc, 'd0', first).data as Doc
    const b = memo.denormalize(Doc, 'd1', first).data as Doc
    expect(a.author).toBe(b.author)

    const withEditor = edit(first, 'Doc', 'd0', { editor: 'y' })
    const edited = memo.denormalize(Doc, 'd0', withEditor).data as Doc
    expect(edited.editor!.name).toBe('Yuri')
    expect(memo.denormalize(Doc, 'd1', withEditor).data).toBe(b)

    const renamed = edit(withEditor, 'Person', 'y', { name: 'Yann' })
    expect((memo.denormalize(Doc, 'd0', renamed).data as Doc).editor!.name).toBe('Yann')
    expect(memo.denormalize(Doc, 'd1', renamed).data).toBe(b)

    // Both still follow their shared author.
    const author = edit(renamed, 'Person', 'x', { name: 'Xavier' })
    expect((memo.denormalize(Doc, 'd0', author).data as Doc).author.name).toBe('Xavier')
    expect((memo.denormalize(Doc, 'd1', author).data as Doc).author.name).toBe('Xavier')
  })
})
