import fc from 'fast-check'
import { Entity, createResource, createStore, denormalize, schema, selectResult, type State } from '../../src/index'
import { readRecord } from '../helpers/records'

/**
 * Lists are read row by row against their last read: after a write, only the rows whose note or
 * whose author changed are rebuilt. After every step of random writes, each list kind (a
 * Collection, an [Entity] inside an object, schema.All) must read the same as an uncached read,
 * a row whose note and author records did not change must be the same object as before, and a
 * list none of whose rows changed must be the same array.
 */

class Person extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Person'
}

class Note extends Entity {
  id = ''
  text = ''
  author = Person.fromJS()
  pk() {
    return this.id
  }
  static override key = 'Note'
  static override schema = { author: Person }
}

const Notes = createResource({ path: '/notes/:id', schema: Note })
const People = createResource({ path: '/people/:id', schema: Person })
const nested = Notes.getList.extend({ schema: { results: [Note], total: 0 } })
const all = new schema.All(Note)

const NOTE_IDS = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5']
const PEOPLE = ['p0', 'p1', 'p2']

type Step =
  | { kind: 'text'; note: number; text: string }
  | { kind: 'rename'; person: number; name: string }
  | { kind: 'reassign'; note: number; person: number }
  | { kind: 'delete'; note: number }
  | { kind: 'create'; note: number; person: number }
  | { kind: 'unrelated' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), note: fc.nat(5), text: fc.constantFrom('a', 'b', 'c') }),
  fc.record({ kind: fc.constant('rename' as const), person: fc.nat(2), name: fc.constantFrom('x', 'y') }),
  fc.record({ kind: fc.constant('reassign' as const), note: fc.nat(5), person: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete' as const), note: fc.nat(5) }),
  fc.record({ kind: fc.constant('create' as const), note: fc.nat(5), person: fc.nat(2) }),
  fc.record({ kind: fc.constant('unrelated' as const) }),
)

type ListName = 'collection' | 'nested' | 'all'

function uncached(name: ListName, state: State): Note[] {
  switch (name) {
    case 'collection':
      return denormalize(Notes.getList.schema, selectResult(state, Notes.getList.key()), state.entities) as Note[]
    case 'nested':
      return (denormalize(nested.schema, selectResult(state, nested.key()), state.entities) as { results: Note[] }).results
    case 'all':
      return denormalize(all, [], state.entities) as Note[]
  }
}

function show(rows: readonly Note[]): string[] {
  return rows.map((row) => `${row.id}:${row.text}:${row.author?.id}:${row.author?.name}`)
}

/** The records a row is built from are the same objects in both states. */
function sameRecords(before: State, after: State, note: Note): boolean {
  return readRecord(before, 'Note', note.id) === readRecord(after, 'Note', note.id) && readRecord(before, 'Person', note.author.id) === readRecord(after, 'Person', note.author.id)
}

it('rebuilds only the rows a write reaches, and reads the same as an uncached read, after every step', () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
      const store = createStore({ gcTime: Infinity })
      const { controller } = store
      const person = (i: number) => ({ id: PEOPLE[i]!, name: `person ${i}` })
      const notes = NOTE_IDS.slice(0, 4).map((id, i) => ({ id, text: `note ${i}`, author: person(i % 3) }))
      controller.setResponse(Notes.getList, notes)
      controller.setResponse(nested, { results: notes, total: notes.length })
      const read = (name: ListName, state: State): Note[] =>
        name === 'collection'
          ? controller.getResponse(Notes.getList, state).data!
          : name === 'nested'
            ? controller.getResponse(nested, state).data!.results!
            : controller.get(all, state)!
      const names: ListName[] = ['collection', 'nested', 'all']
      let state = store.getState()
      let shown = Object.fromEntries(names.map((name) => [name, read(name, state)])) as Record<ListName, Note[]>
      let unrelated = 0
      for (const s of steps) {
        const note = 'note' in s ? NOTE_IDS[s.note]! : ''
        switch (s.kind) {
          case 'text':
            controller.setResponse(Notes.get, { id: note }, { id: note, text: s.text })
            break
          case 'rename':
            controller.setResponse(People.get, { id: PEOPLE[s.person]! }, { id: PEOPLE[s.person]!, name: s.name })
            break
          case 'reassign':
            controller.setResponse(Notes.get, { id: note }, { id: note, author: PEOPLE[s.person]! })
            break
          case 'delete':
            controller.setResponse(Notes.delete, { id: note }, null)
            break
          case 'create':
            controller.setResponse(Notes.create, {}, { id: note, text: 'created', author: person(s.person) })
            break
          case 'unrelated':
            controller.setResponse(People.get, { id: `other${unrelated}` }, { id: `other${unrelated++}`, name: 'z' })
            break
        }
        const next = store.getState()
        for (const name of names) {
          const rows = read(name, next)
          expect([name, show(rows)]).toEqual([name, show(uncached(name, next))])
          const previous = new Map(shown[name].map((row) => [row.id, row]))
          for (const row of rows) {
            const old = previous.get(row.id)
            if (old !== undefined && old.author.id === row.author.id && sameRecords(state, next, row)) expect(row).toBe(old)
          }
          const unchanged = rows.length === shown[name].length && rows.every((row, i) => row === shown[name][i])
          if (unchanged) expect(rows).toBe(shown[name])
        }
        shown = Object.fromEntries(names.map((name) => [name, read(name, next)])) as Record<ListName, Note[]>
        state = next
      }
    }),
    { numRuns: 150 },
  )
}, 120_000)
