// Entities the store normalizes below a plain object (an entity's field, a response wrapping the
// record) and discriminated `oneOf` / `anyOf` of entities (a `schema.Union`): the generated
// schemas, the types they give compiling under --strict, and a round trip through createStore()
// against a mock server, each entity landing in its own table and reading back as its class.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generate } from '../../src/openapi/generate'
import { load, mockServer, scratch, tsFiles, typeCheck } from './harness'

jest.setTimeout(60_000)

const json = (schema: unknown) => ({ description: '', content: { 'application/json': { schema } } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const get = (operationId: string, schema: unknown) => ({ get: { operationId, responses: { 200: json(schema) } } })
const object = (properties: Record<string, unknown>, required?: string[]) => ({ type: 'object', properties, ...(required ? { required } : {}) })

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Nested', version: '1' },
  paths: {
    '/pets/{id}': get('getPet', ref('Pet')),
    '/me': get('getMe', object({ data: object({ user: ref('User') }, ['user']), total: { type: 'integer' } }, ['data', 'total'])),
    '/animals': get('listAnimals', { type: 'array', items: ref('Animal') }),
    '/implicit': get('listImplicit', { type: 'array', items: ref('Implicit') }),
    '/shelters/{id}': get('getShelter', ref('Shelter')),
    '/plain': get('getPlain', ref('NoDiscriminator')),
    '/mixed': get('getMixed', ref('Mixed')),
    '/unmapped': get('getUnmapped', ref('BadMapping')),
  },
  components: {
    schemas: {
      User: object({ id: { type: 'string' }, name: { type: 'string' } }),
      Cat: object({ id: { type: 'integer' }, petType: { type: 'string' }, meow: { type: 'boolean' } }),
      Dog: object({ id: { type: 'integer' }, petType: { type: 'string' }, bark: { type: 'string' } }),
      Lizard: object({ petType: { type: 'string' }, scales: { type: 'integer' } }),
      Pet: object({
        id: { type: 'integer' },
        name: { type: 'string' },
        meta: object({ owner: ref('User'), friends: { type: 'array', items: ref('User') }, note: { type: 'string' }, link: object({ by: ref('User') }) }, ['owner']),
        lastSeen: { ...object({ by: ref('User') }), nullable: true },
      }),
      Animal: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } } },
      Implicit: { anyOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'petType' } },
      NoDiscriminator: { oneOf: [ref('Cat'), ref('Dog')] },
      Mixed: { oneOf: [ref('Cat'), ref('Lizard')], discriminator: { propertyName: 'petType' } },
      // A mapping to a schema the document lacks: not a Union (and not an error).
      BadMapping: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'petType', mapping: { x: 'Nope' } } },
      Shelter: object({ id: { type: 'string' }, residents: { type: 'array', items: ref('Animal') }, star: ref('Animal') }),
    },
  },
}

describe('entities inside plain objects, and discriminated unions of entities', () => {
  const { files, warnings } = generate(DOCUMENT, { source: 'nested.json' })
  const entities = files.get('entities.ts')!
  const endpoints = [...files.values()].join('\n')

  it("an entity's plain-object field gets a nested object schema, typed with instances", () => {
    expect(entities).toContain("import { Entity, schema } from 'tessera'")
    expect(entities).toContain('  static override schema = { meta: { owner: User, friends: [User], link: { by: User } }, lastSeen: { by: User } }')
    expect(entities).toContain('  lastSeen: {\n    by?: User\n  } | null = null\n')
    expect(entities).toMatch(/\n {2}meta: \{\n {4}owner: User\n {4}friends\?: User\[\]\n {4}note\?: string\n {4}link\?: \{\n {6}by\?: User\n {4}\}\n {2}\} \| undefined = undefined\n/)
    // User is defined before Pet, whose schema names it.
    expect(entities.indexOf('class User')).toBeLessThan(entities.indexOf('class Pet'))
    expect(warnings).toEqual([])
  })

  it('a response wrapping entities in plain objects gets an object schema (other members typed by their empty value)', () => {
    expect(endpoints).toContain('  schema: { data: { user: User }, total: 0 },')
  })

  it('a oneOf / anyOf of entities with a discriminator is a schema.Union (its mapping, else the schema names)', () => {
    expect(endpoints).toContain("  schema: [new schema.Union({ cat: Cat, dog: Dog }, 'petType')],")
    expect(endpoints).toContain("  schema: [new schema.Union({ Cat: Cat, Dog: Dog }, 'petType')],")
    expect(entities).toContain("  static override schema = { residents: [new schema.Union({ cat: Cat, dog: Dog }, 'petType')], star: new schema.Union({ cat: Cat, dog: Dog }, 'petType') }")
    expect(entities).toContain('  residents: (Cat | Dog)[] = []\n  star: Cat | Dog | undefined = undefined\n')
  })

  it('without a discriminator, or with a member that is not an entity, it stays a union type', () => {
    expect(endpoints).toContain('  process: (value: NoDiscriminator) => value,')
    expect(endpoints).toContain('  process: (value: Mixed) => value,')
    expect(endpoints).toContain('  process: (value: BadMapping) => value,')
    expect(files.get('types.ts')).toContain('export type NoDiscriminator = CatData | DogData')
    expect(files.get('types.ts')).toContain('export type Mixed = CatData | Lizard')
  })

  it('compiles under --strict, and the reads are typed with the classes', () => {
    const dir = scratch()
    mkdirSync(join(dir, 'out'))
    for (const [name, text] of files) writeFileSync(join(dir, 'out', name), text)
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        "import { createStore } from 'tessera'",
        "import { Cat, Dog, Pet, Shelter, User, getMe, listAnimals } from './out/index.js'",
        'export async function reads(): Promise<unknown[]> {',
        '  const store = createStore()',
        '  const me = await store.controller.fetch(getMe)',
        '  const user: User = me.data.user',
        '  const total: number = me.total',
        '  const animals = await store.controller.fetch(listAnimals)',
        '  const animal: Cat | Dog = animals[0]!',
        '  const owner: User | undefined = new Pet().meta?.owner',
        '  const star: Cat | Dog | undefined = new Shelter().star',
        '  return [user, total, animal, owner, star]',
        '}',
        '',
      ].join('\n'),
    )
    expect(typeCheck(tsFiles(dir))).toEqual([])
  })

  it('at run time: nested entities land in their own tables, union members in theirs, each read back as its class', async () => {
    const answers: Record<string, unknown> = {
      '/pets/1': { id: 1, name: 'Rex', meta: { owner: { id: 'u1', name: 'Ann' }, friends: [{ id: 'u2', name: 'Bo' }], note: 'n', link: { by: { id: 'u1', name: 'Ann' } } }, lastSeen: null },
      '/me': { data: { user: { id: 'u1', name: 'Annie' } }, total: 3 },
      '/animals': [
        { id: 1, petType: 'cat', meow: true },
        { id: 2, petType: 'dog', bark: 'woof' },
      ],
      '/implicit': [{ id: 3, petType: 'Cat', meow: false }],
      '/shelters/s': { id: 's', residents: [{ id: 1, petType: 'cat', meow: true }], star: { id: 2, petType: 'dog', bark: 'WOOF' } },
    }
    const server = await mockServer(DOCUMENT, (_method, url) => answers[url.pathname])
    try {
      const dir = scratch()
      const out = join(dir, 'out')
      mkdirSync(out)
      const withPrefix = generate(DOCUMENT, { source: 'nested.json', urlPrefix: server.url })
      for (const [name, text] of withPrefix.files) writeFileSync(join(out, name), text)
      const api = await load(out)
      const store = api.createStore()
      const state = () => store.getState()

      await store.controller.fetch(api.getPet, { id: 1 })
      const pet = store.controller.get(api.Pet, { id: 1 }, state())
      expect(pet).toBeInstanceOf(api.Pet)
      expect(pet.meta.owner).toBeInstanceOf(api.User)
      expect(pet.meta.friends[0]).toBeInstanceOf(api.User)
      expect(pet.meta.note).toBe('n')
      expect(pet.meta.link.by).toBe(pet.meta.owner)
      expect(pet.lastSeen).toBeNull()
      expect(store.controller.get(api.User, { id: 'u2' }, state())?.name).toBe('Bo')

      // The owner is a record of its own table: another response naming it updates the pet's read.
      const me = await store.controller.fetch(api.getMe)
      expect(me.data.user).toBeInstanceOf(api.User)
      expect(me.total).toBe(3)
      expect(store.controller.get(api.Pet, { id: 1 }, state()).meta.owner.name).toBe('Annie')

      const animals = await store.controller.fetch(api.listAnimals)
      expect(animals[0]).toBeInstanceOf(api.Cat)
      expect(animals[1]).toBeInstanceOf(api.Dog)
      expect(store.controller.get(api.Cat, { id: 1 }, state())?.meow).toBe(true)
      expect(store.controller.get(api.Dog, { id: 2 }, state())?.bark).toBe('woof')
      expect(store.controller.get(api.Dog, { id: 1 }, state())).toBeUndefined()
      expect(store.controller.getResponse(api.listAnimals, state()).data.map((item: object) => item.constructor)).toEqual([api.Cat, api.Dog])

      const implicit = await store.controller.fetch(api.listImplicit)
      expect(implicit[0]).toBeInstanceOf(api.Cat)
      expect(store.controller.get(api.Cat, { id: 3 }, state())).toBeInstanceOf(api.Cat)

      await store.controller.fetch(api.getShelter, { id: 's' })
      const shelter = store.controller.get(api.Shelter, { id: 's' }, state())
      expect(shelter.residents[0]).toBeInstanceOf(api.Cat)
      expect(shelter.star).toBeInstanceOf(api.Dog)
      // The union's members are the Dog table's record: the shelter's star reads the newer bark.
      expect(store.controller.get(api.Dog, { id: 2 }, state())?.bark).toBe('WOOF')
      expect(server.seen.map(({ url }) => url)).toEqual(['/pets/1', '/me', '/animals', '/implicit', '/shelters/s'])
    } finally {
      await server.close()
    }
  })
})
