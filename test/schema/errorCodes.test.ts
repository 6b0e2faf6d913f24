import { Entity, SchemaError, normalize, schema } from '../../src/schema/index'
import { normalizeChanges } from '../../src/schema/normalize'

// Production builds replace the prose of schema errors with a code (E100–E199) followed by the
// facts that vary (entity, value, path in the response); development builds keep the sentences.
// Bundlers decide by `process.env.NODE_ENV`, read when the error is built, so setting it here
// shows what a production build throws.

class User extends Entity {
  id = ''
  pk() {
    return this.id
  }
  name = ''
  static override key = 'User'
  static override validate(record: { name?: unknown }) {
    return typeof record.name === 'string' ? undefined : 'missing required field "name"'
  }
}

class Post extends Entity {
  id = ''
  pk() {
    return this.id
  }
  author = User.fromJS()
  static override key = 'Post'
  static override schema = { author: User }
}

/** The message of the SchemaError `run` throws in a production build (and the error). */
function inProduction(run: () => unknown): SchemaError {
  const env = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError)
    return error as SchemaError
  } finally {
    process.env.NODE_ENV = env
  }
  throw new Error('expected a SchemaError')
}

describe('schema errors in a production build', () => {
  it('name the code and the facts, and keep the path in the response', () => {
    const error = inProduction(() => normalize({ results: [Post] }, { results: [{ id: 'p1', author: { name: 'Ada' } }] }))
    expect(error.message).toBe('Tessera E108: User undefined {"name":"Ada"} (at response.results[0].author)')
    expect(error.path).toEqual(['results', 0, 'author'])
    expect(error.status).toBe(400)
    expect(error.name).toBe('SchemaError')
  })

  it('leave the cache as it was when a response is refused', () => {
    const store = normalize([User], [{ id: 'u1', name: 'Ada' }])
    const copy = structuredClone(store)
    const table = store.entities.User
    const error = inProduction(() => normalizeChanges([User], [{ id: 'u1', name: 'Ada Lovelace' }, { id: 'u2' }], [], store))
    expect(error.message).toBe('Tessera E106: User u2: missing required field "name" (at response[1])')
    expect(store).toEqual(copy)
    expect(store.entities.User).toBe(table)
  })

  it.each([
    ['E100', () => {
      class Broken extends Entity {
        id = ''
        pk() {
          return this.id
        }
        static override key = 'Broken'
        static override schema = { owner: 'User' as unknown }
      }
      normalize(Broken, { id: 'b1', owner: 'u1' })
    }, 'Tessera E100: Broken.schema.owner the string "User"'],
    ['E101', () => normalize(Post, { id: 'p1', author: Number.NaN }), 'Tessera E101: User number NaN (at response.author)'],
    ['E103', () => normalize(User, { id: 'u3', name: 5 }, [], {}, undefined, { optimistic: true }), 'Tessera E103: User u3: missing required field "name"'],
    ['E104', () => normalize(User, { id: 'u1', name: 5 }, [], normalize(User, { id: 'u1', name: 'Ada' }), undefined, { optimistic: true }), 'Tessera E104: User u1: missing required field "name"'],
    ['E105', () => normalize(User, true), 'Tessera E105: User boolean true'],
    ['E107', () => normalize(schema.Entity(class Thing {}, { pk: () => ({}) as never }), { id: 't' }), 'Tessera E107: Thing {} {"id":"t"}'],
    ['E109', () => normalize(schema.Entity(class {}), { id: 'x' }), 'Tessera E109'],
    ['E110', () => new schema.Collection({} as never), 'Tessera E110: {}'],
    ['E111', () => new schema.Union(null as never, 'type'), 'Tessera E111: Union null'],
    ['E112', () => new schema.Union({ user: User }, undefined as never), 'Tessera E112: Union'],
    ['E113', () => normalize(new schema.Union({ user: User }, 'type'), true), 'Tessera E113: Union boolean true'],
    ['E114', () => new schema.Invalidate({} as never), 'Tessera E114: {}'],
    ['E115', () => normalize(new schema.Invalidate(User), { name: 'Ada' }), 'Tessera E115: User {"name":"Ada"}'],
  ])('%s keeps the facts', (_code, run, message) => {
    expect(inProduction(run).message).toBe(message)
  })

  it('are full sentences outside production', () => {
    expect(() => normalize(User, true)).toThrow('User expects an object or its primary key, got boolean true')
  })
})
