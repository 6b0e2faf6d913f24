import { Entity, MemoCache, SchemaError, denormalize, normalize, schema } from '../../src/index'
import { Article, ArticleSummary, User, articleListSchema } from '../fixtures/blog'
import { Link, Post, feedMapping } from '../fixtures/feed'
import { CREATED_AT, ada, articleListResponse, grace } from '../fixtures/responses'
import { emptyStore, receive, type TestStore } from '../fixtures/store'
// What the store writes (only the changed records): internal, not the public normalize.
import { normalizeChanges } from '../../src/schema/normalize'

/** A store with data in it, so a bad response has something it could damage. */
function filledStore(): TestStore {
  return receive(emptyStore(), articleListSchema, articleListResponse).store
}

/** A deep copy plus every table and record object, to check that a failed normalize touched nothing. */
function snapshot(store: TestStore) {
  const refs: [string, unknown][] = [['entities', store.entities], ['entitiesMeta', store.entitiesMeta], ['indexes', store.indexes]]
  for (const part of ['entities', 'entitiesMeta'] as const) {
    for (const key of Object.keys(store[part])) {
      const table = store[part][key]!
      refs.push([`${part}.${key}`, table])
      for (const pk of Object.keys(table)) refs.push([`${part}.${key}.${pk}`, table[pk]])
    }
  }
  return { copy: structuredClone(store), refs }
}

function expectUnchanged(store: TestStore, before: ReturnType<typeof snapshot>) {
  expect(store).toEqual(before.copy)
  const now = snapshot(store).refs
  expect(now.map(([path]) => path)).toEqual(before.refs.map(([path]) => path))
  const replaced = now.filter(([, object], i) => object !== before.refs[i]![1]).map(([path]) => path)
  expect(replaced).toEqual([])
}

/** Runs a normalize that must fail against a filled store; returns the error and checks the store. */
function failure(schemaValue: unknown, input: unknown): SchemaError {
  const store = filledStore()
  const before = snapshot(store)
  let error: unknown
  try {
    normalize(schemaValue, input, [], store)
  } catch (e) {
    error = e
  }
  expectUnchanged(store, before)
  expect(error).toBeInstanceOf(SchemaError)
  return error as SchemaError
}

afterEach(() => {
  // nothing a test did may have reached Object.prototype
  expect(({} as any).polluted).toBeUndefined()
  expect(Object.keys(Object.prototype)).toEqual([])
  expect(Object.getPrototypeOf({})).toBe(Object.prototype)
})

describe('a response without a usable primary key', () => {
  it('is refused with a message naming the entity class and showing the value', () => {
    expect(failure(User, { name: 'Ada' }).message).toBe('User has no usable primary key: pk() returned undefined for {"name":"Ada"}')
  })

  it('is refused when the id is present but undefined', () => {
    expect(() => normalize(User, { id: undefined, name: 'Ada' })).toThrow(
      'User has no usable primary key: pk() returned undefined for {"name":"Ada"}',
    )
    expect(failure(User, { id: undefined, name: 'Ada' }).detail).toMatch(/^User has no usable primary key/)
  })

  it('is refused when the id is null, empty or NaN', () => {
    expect(failure(User, { id: null, name: 'Ada' }).message).toBe(
      'User has no usable primary key: pk() returned null for {"id":null,"name":"Ada"}',
    )
    expect(failure(User, { id: '' }).message).toBe('User has no usable primary key: pk() returned the string "" for {"id":""}')
    expect(failure(User, { id: NaN }).message).toBe('User has no usable primary key: pk() returned number NaN for {"id":null}')
  })

  it('names the class given to schema.Entity', () => {
    class Gadget {
      sku = ''
    }
    const GadgetEntity = schema.Entity(Gadget, { pk: 'sku' })
    expect(failure(GadgetEntity, { name: 'x' }).message).toBe('Gadget has no usable primary key: pk() returned undefined for {"name":"x"}')
  })

  it('is refused by schema.Invalidate too', () => {
    expect(failure(new schema.Invalidate(User), { name: 'Ada' }).message).toBe('Cannot delete User: no usable primary key in {"name":"Ada"}')
  })
})

describe('a value of the wrong type', () => {
  it('is refused when an entity gets null', () => {
    expect(failure(User, null).message).toBe('User expects an object or its primary key, got null')
  })

  it('is refused when an entity gets a boolean, a function or a symbol (a string or a number is its pk)', () => {
    expect(failure(User, true).message).toBe('User expects an object or its primary key, got boolean true')
    expect(failure(User, function load() {}).message).toBe('User expects an object or its primary key, got a function (load)')
    expect(failure(User, Symbol('u1')).message).toBe('User expects an object or its primary key, got symbol Symbol(u1)')
  })

  it('is refused when an entity gets an array', () => {
    expect(failure(User, [ada, grace]).message).toBe('User expects an object or its primary key, got an array (2 items)')
  })

  it('is refused when an object schema gets null, a primitive or an array', () => {
    expect(failure(articleListSchema, null).message).toBe('Expected an object, got null')
    expect(failure(articleListSchema, 'oops').message).toBe('Expected an object, got the string "oops"')
    expect(failure(articleListSchema, articleListResponse.results).message).toBe('Expected an object, got an array (3 items)')
  })

  it('is refused when a list gets something else than an array or an object', () => {
    expect(failure([User], null).message).toBe('Expected an array, got null')
    expect(failure([User], 'u1').message).toBe('Expected an array, got the string "u1"')
    expect(failure(articleListSchema, { results: 'none', cursor: '' }).message).toBe(
      'Expected an array, got the string "none" (at response.results)',
    )
    expect(failure(new schema.All(User), 42).message).toBe('schema.All expects an array, got number 42')
    expect(failure(new schema.Collection([User]), true).message).toBe('Expected an array, got boolean true')
  })

  it('is refused when a nested entity field holds a boolean, naming the field', () => {
    expect(failure(ArticleSummary, { id: '1', author: true }).message).toBe(
      'User expects an object or its primary key, got boolean true (at response.author)',
    )
  })

  it('is refused when a nested list field holds a string', () => {
    expect(failure(Article, { id: '1', title: '', author: ada, createdAt: CREATED_AT, body: '', comments: 'none' }).message).toBe(
      'Expected an array, got the string "none" (at response.comments)',
    )
  })

  it('accepts null for a nested entity: the field is optional data, not an error', () => {
    const { store, result } = receive(emptyStore(), ArticleSummary, { id: '1', author: null })
    expect(store.entities.Article).toEqual({ 1: { id: '1', author: null } })
    expect((denormalize(ArticleSummary, result, store.entities) as ArticleSummary).author).toBeNull()
  })
})

describe('an entity nested in itself (a cycle in the input object)', () => {
  class Person extends Entity {
    id = ''
    name = ''
    friend: Person | null = null
    pk() {
      return this.id
    }
    static override key = 'Person'
    static override schema: Record<string, unknown> = {}
  }
  Person.schema = { friend: Person }

  it('normalizes to a record that refers to itself by pk', () => {
    const me: any = { id: 'p1', name: 'Narcissus' }
    me.friend = me
    const { result, entities } = normalize(Person, me)
    expect(result).toBe('p1')
    expect(entities).toEqual({ Person: { p1: { id: 'p1', name: 'Narcissus', friend: 'p1' } } })
    expect(me.friend).toBe(me)
  })

  it('normalizes a longer cycle through two records', () => {
    const a: any = { id: 'a', name: 'A' }
    const b: any = { id: 'b', name: 'B', friend: a }
    a.friend = b
    const { entities } = normalize([Person], [a, b])
    expect(entities).toEqual({
      Person: { a: { id: 'a', name: 'A', friend: 'b' }, b: { id: 'b', name: 'B', friend: 'a' } },
    })
  })

  it('reads the cycle back as an instance that refers to itself', () => {
    const me: any = { id: 'p1', name: 'Narcissus' }
    me.friend = me
    const { store } = receive(emptyStore(), Person, me)
    const read = denormalize(Person, 'p1', store.entities) as Person
    expect(read).toBeInstanceOf(Person)
    expect(read.friend).toBe(read)
    const memo = new MemoCache().denormalize(Person, 'p1', store.entities)
    expect((memo.data as Person).friend).toBe(memo.data)
    expect(memo.paths).toEqual([{ key: 'Person', pk: 'p1' }])
  })

  it('reports a cycle inside a message without failing to print it', () => {
    const me: any = { name: 'No id' }
    me.friend = me
    expect(failure(Person, me).message).toBe('Person has no usable primary key: pk() returned undefined for [object with cycles]')
  })
})

describe('a schemaAttribute that gives an unknown value (schema.All rule 4)', () => {
  let warn: jest.SpyInstance
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => warn.mockRestore())

  it('is not thrown: the item is kept, the store untouched, and a warning explains why', () => {
    const store = filledStore()
    const before = snapshot(store)
    const podcast = { id: 'x1', type: 'podcast' }
    const { result, entities } = normalizeChanges(new schema.All(feedMapping, 'type'), [podcast], [], store)
    expectUnchanged(store, before)
    expect(result).toEqual([podcast])
    expect(entities).toEqual({})
    expect(warn.mock.calls).toEqual([
      [
        'All: schemaAttribute gave "podcast" for {"id":"x1","type":"podcast"}, which matches none of "post", "link"; ' +
          'the item is kept as it is and no entity is created.',
      ],
    ])
  })

  it('warns in the same words for schema.Union', () => {
    normalize(new schema.Union({ post: Post, link: Link }, 'kind'), { id: 'x1' })
    expect(warn).toHaveBeenCalledWith(
      'Union: schemaAttribute gave no value for {"id":"x1"}, which matches none of "post", "link"; ' +
        'the item is kept as it is and no entity is created.',
    )
  })
})

describe('a static schema naming something that is not a schema', () => {
  it('is refused when a field names a string, with Class.schema.field in the message', () => {
    class Review extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override schema = { author: 'User' }
    }
    expect(failure(Review, { id: 'r1', author: ada }).message).toBe(
      'Review.schema.author is not a schema: got the string "User". Use an Entity class, [Entity], an object of schemas, ' +
        'a schema.* instance or a value type such as Date.',
    )
  })

  it('is refused when a field is undefined (an import cycle), with a hint about the cycle', () => {
    let LateUser: typeof User | undefined
    class Review extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override schema = { author: LateUser }
    }
    LateUser = User
    const error = failure(Review, { id: 'r1', author: ada })
    expect(error.message).toMatch(/^Review\.schema\.author is not a schema: got undefined\./)
    expect(error.message).toContain('an import cycle can leave a class undefined at this point; assign the schema after both classes exist')
    expect(LateUser).toBe(User)
  })

  it('is refused even when the response leaves the field out', () => {
    class Review extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override schema = { rating: 5 }
    }
    expect(failure(Review, { id: 'r1' }).message).toMatch(/^Review\.schema\.rating is not a schema: got number 5\. /)
  })

  it('says where the entity is when it is nested in a list', () => {
    class Review extends Entity {
      id = ''
      pk() {
        return this.id
      }
      static override schema = { author: 'User' }
    }
    const error = failure({ reviews: [Review] }, { reviews: [{ id: 'r1' }] })
    expect(error.path).toEqual(['reviews', 0])
    expect(error.message).toMatch(/^Review\.schema\.author is not a schema: .* \(at response\.reviews\[0\]\)$/)
  })
})

describe('the error', () => {
  const response = {
    results: [
      articleListResponse.results[0],
      articleListResponse.results[1],
      { id: '3', title: 'Third', author: { name: 'Nobody' }, createdAt: CREATED_AT },
    ],
    cursor: '',
  }

  it('says where in the response the problem is', () => {
    const error = failure(articleListSchema, response)
    expect(error.message).toBe('User has no usable primary key: pk() returned undefined for {"name":"Nobody"} (at response.results[2].author)')
    expect(error.path).toEqual(['results', 2, 'author'])
    expect(error.detail).toBe('User has no usable primary key: pk() returned undefined for {"name":"Nobody"}')
  })

  it('writes keys that are not identifiers in brackets', () => {
    const error = failure({ 'by-author': new schema.Values(User) }, { 'by-author': { 'ada lovelace': { name: 'Ada' } } })
    expect(error.message).toMatch(/ \(at response\["by-author"\]\["ada lovelace"\]\)$/)
    expect(error.path).toEqual(['by-author', 'ada lovelace'])
  })

  it('is a SchemaError with status 400, an Error with the name SchemaError', () => {
    const error = failure(articleListSchema, response)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('SchemaError')
    expect(error.status).toBe(400)
    expect(() => normalize(articleListSchema, response)).toThrow(/at response\.results\[2\]\.author/)
  })

  it('leaves the input untouched', () => {
    const input = structuredClone(response)
    expect(() => normalize(articleListSchema, input)).toThrow(SchemaError)
    expect(input).toEqual(response)
  })
})

describe('prototype safety', () => {
  const odd = [
    { id: '__proto__', name: 'Proto' },
    { id: 'constructor', name: 'Ctor' },
    { id: 'toString', name: 'Str' },
  ]

  it('stores records with the pks "__proto__", "constructor" and "toString" as ordinary keys', () => {
    const { store, result } = receive(emptyStore(), [User], odd)
    expect(result).toEqual(['__proto__', 'constructor', 'toString'])
    const table = store.entities.User!
    expect(Object.keys(table)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(table, '__proto__')?.value).toEqual({ id: '__proto__', name: 'Proto' })
    expect(Object.getOwnPropertyDescriptor(table, 'constructor')?.value).toEqual({ id: 'constructor', name: 'Ctor' })
  })

  it('reads those records back as instances of the class', () => {
    const { store, result } = receive(emptyStore(), [User], odd)
    const users = denormalize([User], result, store.entities) as User[]
    expect(users).toEqual(odd.map((u) => User.fromJS(u)))
    for (const user of users) expect(Object.getPrototypeOf(user)).toBe(User.prototype)
    expect(denormalize(new schema.All(User), [], store.entities)).toEqual(odd.map((u) => User.fromJS(u)))
  })

  it('reads and merges them from a store that went through JSON (tables with Object.prototype)', () => {
    const { store } = receive(emptyStore(), [User], odd)
    const parsed: TestStore = JSON.parse(JSON.stringify(store))
    expect(Object.getPrototypeOf(parsed.entities.User)).toBe(Object.prototype)
    for (const user of odd) expect(denormalize(User, user.id, parsed.entities)).toEqual(User.fromJS(user))

    const merged = normalize(User, { id: '__proto__', email: 'p@example.com' }, [], parsed)
    expect(Object.getOwnPropertyDescriptor(merged.entities.User, '__proto__')?.value).toEqual({
      id: '__proto__',
      name: 'Proto',
      email: 'p@example.com',
    })
  })

  it('does not find a pk that is only inherited from Object.prototype', () => {
    const plain: TestStore = JSON.parse(JSON.stringify(receive(emptyStore(), [User], [ada]).store))
    expect(denormalize(User, 'constructor', plain.entities)).toBeUndefined()
    expect(denormalize(User, '__proto__', plain.entities)).toBeUndefined()
    expect(denormalize(User, 'hasOwnProperty', plain.entities)).toBeUndefined()
    const created = normalize(User, { id: 'constructor', name: 'New' }, [], plain)
    expect(Object.getOwnPropertyDescriptor(created.entities.User, 'constructor')?.value).toEqual({ id: 'constructor', name: 'New' })
  })

  it('keeps an own "__proto__" field of an entity response as data', () => {
    const response = JSON.parse('{"id":"u1","name":"Ada","__proto__":{"polluted":true,"isAdmin":true}}')
    const { store } = receive(emptyStore(), User, response)
    const record = store.entities.User!['u1'] as object
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toEqual({ polluted: true, isAdmin: true })

    const user = denormalize(User, 'u1', store.entities) as User & { isAdmin?: boolean; polluted?: boolean }
    expect(Object.getPrototypeOf(user)).toBe(User.prototype)
    expect(user).toBeInstanceOf(User)
    expect(user.isAdmin).toBeUndefined()
    expect(user.polluted).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(user, '__proto__')?.value).toEqual({ polluted: true, isAdmin: true })
    expect(User.fromJS(response).name).toBe('Ada')
  })

  it('keeps an own "__proto__" member of an object response as data, also through the memo cache', () => {
    const response = JSON.parse('{"results":[{"id":"u1","name":"Ada"}],"__proto__":{"polluted":true}}')
    const pageSchema = { results: [User], next: '' }
    const { store, result } = receive(emptyStore(), pageSchema, response)
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toEqual({ polluted: true })

    const memo = new MemoCache()
    const first = memo.denormalize(pageSchema, result, store.entities).data as any
    const renamed = receive(store, User, { id: 'u1', name: 'Ada L.' }).store
    const second = memo.denormalize(pageSchema, result, renamed.entities).data as any
    for (const read of [first, second, denormalize(pageSchema, result, store.entities) as any]) {
      expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
      expect(read.polluted).toBeUndefined()
      expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual({ polluted: true })
    }
    expect(second.results[0].name).toBe('Ada L.')
  })

  it('keeps a "__proto__" key of schema.Values as an entry of the map', () => {
    const byHandle = new schema.Values(User)
    const response = JSON.parse('{"__proto__":{"id":"u1","name":"Ada"},"grace":{"id":"u2","name":"Grace"}}')
    const { store, result } = receive(emptyStore(), byHandle, response)
    expect(Object.keys(result)).toEqual(['__proto__', 'grace'])
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    const read = denormalize(byHandle, result, store.entities) as Record<string, User>
    expect(Object.keys(read)).toEqual(['__proto__', 'grace'])
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual(User.fromJS(ada))
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
  })
})
