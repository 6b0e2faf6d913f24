import { Entity, INVALID, MemoCache, denormalize } from '../../src/schema/index'
import type { EntityTable } from '../../src/schema/index'

// A memoized read reuses what it built while everything it read, however deep, is unchanged.
// These tests change, delete or invalidate a record several levels below what is read, directly
// and through lists, and check that the read shows it (and that nothing else is rebuilt).

class Country extends Entity {
  id = ''
  pk() {
    return this.id
  }
  name = ''
  static override key = 'Country'
  // An empty name is a broken record: reads of it are Invalid.
  static override validate(record: { name?: string }) {
    return record.name === '' ? 'a country needs a name' : undefined
  }
}

class Org extends Entity {
  id = ''
  pk() {
    return this.id
  }
  name = ''
  // Required: an org without its country cannot be shown.
  country = Country.fromJS()
  static override key = 'Org'
  static override schema = { country: Country }
}

class User extends Entity {
  id = ''
  pk() {
    return this.id
  }
  name = ''
  // Optional: a user whose org is gone is shown without one.
  org: Org | null = null
  static override key = 'User'
  static override schema = { org: Org }
}

class Issue extends Entity {
  id = ''
  pk() {
    return this.id
  }
  title = ''
  author = User.fromJS()
  static override key = 'Issue'
  static override schema = { author: User }
}

class Project extends Entity {
  id = ''
  pk() {
    return this.id
  }
  issues: Issue[] = []
  static override key = 'Project'
  static override schema = { issues: [Issue] }
}

/** Tables as a store holds them: issue i1 by Ada (org o1 in France), i2 by Grace (org o2 in Peru). */
function tables(): EntityTable {
  return {
    Country: { fr: { id: 'fr', name: 'France' }, pe: { id: 'pe', name: 'Peru' } },
    Org: { o1: { id: 'o1', name: 'Acme', country: 'fr' }, o2: { id: 'o2', name: 'Initech', country: 'pe' } },
    User: { u1: { id: 'u1', name: 'Ada', org: 'o1' }, u2: { id: 'u2', name: 'Grace', org: 'o2' } },
    Issue: { i1: { id: 'i1', title: 'One', author: 'u1' }, i2: { id: 'i2', title: 'Two', author: 'u2' } },
  }
}

/** A copy of `entities` with one record replaced (or deleted with null), as a reducer writes it. */
function write(entities: EntityTable, key: string, pk: string, record: object | null): EntityTable {
  return { ...entities, [key]: { ...entities[key], [pk]: record } }
}

function edit(entities: EntityTable, key: string, pk: string, changes: object): EntityTable {
  return write(entities, key, pk, { ...(entities[key]![pk] as object), ...changes })
}

describe('a memoized read whose data changed three levels down', () => {
  it('shows the new data and rebuilds only the entities on the path to it', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = memo.denormalize([Issue], ['i1', 'i2'], before).data as Issue[]
    expect(first[0]!.author.org!.country.name).toBe('France')

    const after = edit(before, 'Country', 'fr', { name: 'République française' })
    const second = memo.denormalize([Issue], ['i1', 'i2'], after).data as Issue[]
    expect(second[0]!.author.org!.country.name).toBe('République française')
    expect(second[0]).not.toBe(first[0])
    expect(second[0]!.author).not.toBe(first[0]!.author)
    expect(second[0]!.author.org).not.toBe(first[0]!.author.org)
    // Grace's issue read nothing that changed.
    expect(second[1]).toBe(first[1])
    expect(second).toEqual(denormalize([Issue], ['i1', 'i2'], after))
  })

  it('reads a top-level entity as Invalid when a required entity under it was deleted', () => {
    const memo = new MemoCache()
    const before = tables()
    expect(memo.denormalize(Org, 'o1', before).data).toBeInstanceOf(Org)
    const after = write(before, 'Country', 'fr', null)
    expect(memo.denormalize(Org, 'o1', after).data).toBe(INVALID)
    expect(denormalize(Org, 'o1', after)).toBe(INVALID)
  })

  it('drops an optional entity that was deleted two levels down, and keeps the rest of the row', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = memo.denormalize([Issue], ['i1', 'i2'], before).data as Issue[]

    // Ada's org needs its country: deleting France makes the org Invalid, and Ada's org field
    // (optional) then reads as undefined; the issue is still shown.
    const after = write(before, 'Country', 'fr', null)
    const second = memo.denormalize([Issue], ['i1', 'i2'], after).data as Issue[]
    expect(second).toHaveLength(2)
    expect(second[0]!.title).toBe('One')
    expect(second[0]!.author.name).toBe('Ada')
    expect(second[0]!.author.org).toBeUndefined()
    expect(second[1]).toBe(first[1])
    expect(second).toEqual(denormalize([Issue], ['i1', 'i2'], after))
  })

  it('reads a record that turned invalid deep down as deleted', () => {
    const memo = new MemoCache()
    const before = tables()
    memo.denormalize(Issue, 'i2', before)
    const after = edit(before, 'Country', 'pe', { name: '' })
    const issue = memo.denormalize(Issue, 'i2', after).data as Issue
    expect(issue.author.name).toBe('Grace')
    expect(issue.author.org).toBeUndefined()
    expect(memo.denormalize(Org, 'o2', after).data).toBe(INVALID)
  })

  it('notices a record that was missing deep down and has arrived since', () => {
    const memo = new MemoCache()
    const before = { ...tables(), Country: { pe: { id: 'pe', name: 'Peru' } } }
    const first = memo.denormalize(Issue, 'i1', before).data as Issue
    // France is not in the cache yet: the org reads without its country.
    expect(first.author.org!.name).toBe('Acme')
    expect(first.author.org!.country).toBeUndefined()

    const after = write(before, 'Country', 'fr', { id: 'fr', name: 'France' })
    const second = memo.denormalize(Issue, 'i1', after).data as Issue
    expect(second.author.org!.country.name).toBe('France')
    expect(second).toEqual(denormalize(Issue, 'i1', after))
  })

  it('keeps every object when the changed record is one the read never used', () => {
    const memo = new MemoCache()
    const before = tables()
    const first = memo.denormalize(Issue, 'i1', before).data
    const after = edit(before, 'Country', 'pe', { name: 'Perú' })
    expect(memo.denormalize(Issue, 'i1', after).data).toBe(first)
  })
})

describe('a memoized read of an entity holding a long list', () => {
  // 40 issues: long enough for the list to be remembered row by row (lists under 32 rows are not).
  const ids = Array.from({ length: 40 }, (_, i) => `i${i}`)

  function projectTables(): EntityTable {
    const base = tables()
    const issues: Record<string, object> = {}
    ids.forEach((id, i) => (issues[id] = { id, title: `Issue ${i}`, author: i === 17 ? 'u2' : 'u1' }))
    return { ...base, Issue: issues, Project: { p1: { id: 'p1', issues: ids } } }
  }

  it('shows a change three levels under one row, and keeps the objects of the other rows', () => {
    const memo = new MemoCache()
    const before = projectTables()
    const first = memo.denormalize(Project, 'p1', before).data as Project
    expect(first.issues).toHaveLength(40)
    expect(first.issues[17]!.author.org!.country.name).toBe('Peru')

    const after = edit(before, 'Country', 'pe', { name: 'Perú' })
    const second = memo.denormalize(Project, 'p1', after).data as Project
    expect(second).not.toBe(first)
    expect(second.issues[17]!.author.org!.country.name).toBe('Perú')
    expect(second.issues[17]).not.toBe(first.issues[17])
    for (let i = 0; i < 40; i++) if (i !== 17) expect(second.issues[i]).toBe(first.issues[i])
    expect(second).toEqual(denormalize(Project, 'p1', after))
  })

  it('drops a row whose author is deleted, and shows it again when the author is back', () => {
    const memo = new MemoCache()
    const before = projectTables()
    const first = memo.denormalize(Project, 'p1', before).data as Project

    // The author is required (its default is an instance): the row is Invalid and leaves the list.
    const deleted = write(before, 'User', 'u2', null)
    const second = memo.denormalize(Project, 'p1', deleted).data as Project
    expect(second.issues).toHaveLength(39)
    expect(second.issues.map((issue) => issue.id)).not.toContain('i17')
    expect(second.issues[17]).toBe(first.issues[18])

    const back = write(deleted, 'User', 'u2', { id: 'u2', name: 'Grace Hopper', org: 'o2' })
    const third = memo.denormalize(Project, 'p1', back).data as Project
    expect(third.issues).toHaveLength(40)
    expect(third.issues[17]!.author.name).toBe('Grace Hopper')
    expect(third.issues[16]).toBe(first.issues[16])
    expect(third).toEqual(denormalize(Project, 'p1', back))
  })

  it('keeps the whole project when nothing any row read has changed', () => {
    const memo = new MemoCache()
    const before = projectTables()
    const first = memo.denormalize(Project, 'p1', before).data
    const after = write(before, 'Org', 'o9', { id: 'o9', name: 'Elsewhere', country: 'fr' })
    expect(memo.denormalize(Project, 'p1', after).data).toBe(first)
  })
})

describe('a memoized read of a chain deeper than the call stack allows checking recursively', () => {
  class Node extends Entity {
    id = ''
    pk() {
      return this.id
    }
    label = ''
    next: Node | null = null
    static override key = 'Node'
    static override schema: Record<string, unknown> = {}
  }
  Node.schema = { next: Node }

  const LENGTH = 1000

  function chain(): EntityTable {
    const nodes: Record<string, object> = {}
    for (let i = 0; i < LENGTH; i++) nodes[`n${i}`] = { id: `n${i}`, label: `node ${i}`, next: i + 1 < LENGTH ? `n${i + 1}` : null }
    return { Node: nodes }
  }

  function at(head: Node, depth: number): Node {
    let node = head
    for (let i = 0; i < depth; i++) node = node.next!
    return node
  }

  it('shows a change 900 levels down, and nothing new when nothing changed', () => {
    const memo = new MemoCache()
    const before = chain()
    const first = memo.denormalize(Node, 'n0', before).data as Node
    expect(at(first, 900).label).toBe('node 900')
    expect(memo.denormalize(Node, 'n0', { ...before }).data).toBe(first)

    const after = edit(before, 'Node', 'n900', { label: 'changed' })
    const second = memo.denormalize(Node, 'n0', after).data as Node
    expect(second).not.toBe(first)
    expect(at(second, 900).label).toBe('changed')
    expect(at(second, 899).label).toBe('node 899')
    expect(at(second, 999).label).toBe('node 999')
  })

  it('reads the head as Invalid after a deleted node far down makes the whole chain Invalid', () => {
    class Strict extends Entity {
      id = ''
      pk() {
        return this.id
      }
      next: Strict | null = null
      static override key = 'Strict'
      static override schema: Record<string, unknown> = {}
    }
    Strict.schema = { next: Strict }
    // A required link: every node's default `next` is an instance.
    Object.defineProperty(Strict, 'defaults', { value: { ...Strict.fromJS(), next: Strict.fromJS() } })
    const nodes: Record<string, object> = {}
    for (let i = 0; i < 300; i++) nodes[`s${i}`] = { id: `s${i}`, next: i + 1 < 300 ? `s${i + 1}` : null }
    const memo = new MemoCache()
    const before: EntityTable = { Strict: nodes }
    expect(memo.denormalize(Strict, 's0', before).data).toBeInstanceOf(Strict)
    const after = write(before, 'Strict', 's250', null)
    expect(memo.denormalize(Strict, 's0', after).data).toBe(INVALID)
    expect(denormalize(Strict, 's0', after)).toBe(INVALID)
  })
})
