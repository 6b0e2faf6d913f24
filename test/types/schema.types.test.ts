/**
 * Type tests for the schema layer: what `Denormalize` makes of each schema kind, and what the
 * entity helpers accept and return. ts-jest type-checks this file, so a wrong type fails the run;
 * the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { Entity, INVALID, MemoCache, denormalize, schema } from '../../src/index'
import type { Denormalize, DenormalizeNullable, MemoResult } from '../../src/index'
import { Article, ArticleSummary, Comment, User } from '../fixtures/blog'

class Cat extends Entity {
  id = ''
  type = 'cat' as const
  lives = 9
  pk() {
    return this.id
  }
}

class Dog extends Entity {
  id = ''
  type = 'dog' as const
  goodBoy = true
  pk() {
    return this.id
  }
}

/** A class that knows nothing about tessera. */
class Plain {
  id = 0
  label = ''
}
const PlainEntity = schema.Entity(Plain, { key: 'Plain' })

describe('schema types', () => {
  it('denormalizes an Entity class to its instance type', () => {
    const typesOnly = () => {
      expectTypeOf<Denormalize<typeof Article>>().toEqualTypeOf<Article>()
      expectTypeOf<Denormalize<typeof User>>().toEqualTypeOf<User>()
      // Summary and detail share a table but keep their own instance types.
      expectTypeOf<Denormalize<typeof ArticleSummary>>().toEqualTypeOf<ArticleSummary>()
      expectTypeOf<Denormalize<typeof Article>['comments']>().toEqualTypeOf<Comment[]>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('denormalizes arrays and object schemas member by member', () => {
    const typesOnly = () => {
      expectTypeOf<Denormalize<[typeof Article]>>().toEqualTypeOf<Article[]>()
      expectTypeOf<Denormalize<(typeof Article)[]>>().toEqualTypeOf<Article[]>()
      const page = { results: [Article], cursor: '' }
      expectTypeOf<Denormalize<typeof page>>().toEqualTypeOf<{ results: Article[]; cursor: string }>()
      const nested = { data: { items: [User], total: 0 } } as const
      // `as const` makes members readonly; Denormalize drops that.
      expectTypeOf<Denormalize<typeof nested>>().toEqualTypeOf<{ data: { items: User[]; total: 0 } }>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('denormalizes each schema class to what it reads', () => {
    const typesOnly = () => {
      const all = new schema.All(Article)
      expectTypeOf<Denormalize<typeof all>>().toEqualTypeOf<Article[]>()
      const collection = new schema.Collection([Article])
      expectTypeOf<Denormalize<typeof collection>>().toEqualTypeOf<Article[]>()
      expectTypeOf<Denormalize<typeof collection.push>>().toEqualTypeOf<Article>()
      const pet = new schema.Union({ cat: Cat, dog: Dog }, 'type')
      expectTypeOf<Denormalize<typeof pet>>().toEqualTypeOf<Cat | Dog>()
      const byId = new schema.Values(Article)
      expectTypeOf<Denormalize<typeof byId>>().toEqualTypeOf<Record<string, Article>>()
      const pets = new schema.Array({ cat: Cat, dog: Dog }, 'type')
      expectTypeOf<Denormalize<typeof pets>>().toEqualTypeOf<(Cat | Dog)[]>()
      const deleted = new schema.Invalidate(Article)
      expectTypeOf<Denormalize<typeof deleted>>().toEqualTypeOf<Article | undefined>()

      // @ts-expect-error a Collection takes [Entity], not a bare Entity
      new schema.Collection(Article)
      // @ts-expect-error a Union needs the attribute that picks the member
      new schema.Union({ cat: Cat, dog: Dog })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types a Date field as a Date on the instance', () => {
    const typesOnly = () => {
      expectTypeOf<Denormalize<typeof ArticleSummary>['createdAt']>().toEqualTypeOf<Date>()
      expectTypeOf(Article.fromJS().createdAt).toEqualTypeOf<Date>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('types fromJS by the class it is called on', () => {
    const typesOnly = () => {
      expectTypeOf(Article.fromJS({ title: 'x' })).toEqualTypeOf<Article>()
      expectTypeOf(User.fromJS()).toEqualTypeOf<User>()
      // fromJS takes `props: object`, so misspelled fields compile (`Article.fromJS({ titel: 'x' })`);
      // only non-objects are rejected.
      // @ts-expect-error props must be an object
      Article.fromJS('x')
    }
    expect(typesOnly).toBeDefined()
  })

  it('gives schema.Entity(PlainClass) instances the plain fields and a pk', () => {
    const typesOnly = () => {
      const made = new PlainEntity()
      expectTypeOf(made.id).toEqualTypeOf<number>()
      expectTypeOf(made.label).toEqualTypeOf<string>()
      expectTypeOf(made.pk).toEqualTypeOf<(parent?: any, key?: string, args?: readonly any[]) => string | number | undefined>()
      expectTypeOf<Denormalize<typeof PlainEntity>>().toExtend<Plain>()
      expectTypeOf<Denormalize<typeof PlainEntity>>().toHaveProperty('pk')
      expectTypeOf(PlainEntity.key).toEqualTypeOf<string>()

      expectTypeOf(PlainEntity.fromJS({ label: 'x' })).toExtend<Plain>()
      expectTypeOf(PlainEntity.fromJS({ label: 'x' })).toHaveProperty('pk')

      // @ts-expect-error fromJS takes Partial<Plain>, so unknown fields are rejected
      PlainEntity.fromJS({ lable: 'x' })
      // @ts-expect-error the pk option names a field of the class
      schema.Entity(Plain, { pk: 'uuid' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types reads: denormalize may miss entities, MemoCache data may also be INVALID', () => {
    const typesOnly = () => {
      const entities = {}
      expectTypeOf(denormalize(Article, '1', entities)).toEqualTypeOf<Article | undefined | typeof INVALID>()
      expectTypeOf(denormalize([Article], ['1'], entities)).toEqualTypeOf<Article[] | undefined | typeof INVALID>()

      const memo = new MemoCache()
      const one = memo.denormalize(Article, '1', entities)
      expectTypeOf(one).toEqualTypeOf<MemoResult<Article | undefined>>()
      expectTypeOf(one.data).toEqualTypeOf<Article | undefined | typeof INVALID>()
      const list = memo.denormalize([Article], ['1'], entities)
      expectTypeOf(list.data).toEqualTypeOf<Article[] | undefined | typeof INVALID>()
      const page = memo.denormalize({ results: [Article], cursor: '' }, { results: ['1'] }, entities)
      expectTypeOf(page.data).toEqualTypeOf<{ results: Article[] | undefined; cursor: string } | typeof INVALID>()
      expectTypeOf(page.data).toEqualTypeOf<DenormalizeNullable<{ results: [typeof Article]; cursor: string }> | typeof INVALID>()
      const all = memo.denormalize(new schema.All(Article), [], entities)
      expectTypeOf(all.data).toEqualTypeOf<Article[] | undefined | typeof INVALID>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('lets a class extend schema.Entity(Base), override pk() and build its own instances', () => {
    const typesOnly = () => {
      class Labelled extends schema.Entity(Plain) {
        override pk() {
          return this.label
        }
      }
      expectTypeOf(Labelled.fromJS({ label: 'x' })).toEqualTypeOf<Labelled>()
      expectTypeOf(Labelled.fromJS({ label: 'x' }).pk()).toEqualTypeOf<string>()
      expectTypeOf<Denormalize<typeof Labelled>>().toEqualTypeOf<Labelled>()
      expectTypeOf(Labelled.key).toEqualTypeOf<string>()
      // @ts-expect-error fromJS still checks the fields
      Labelled.fromJS({ lable: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })

  it('types an Array or Values of an object definition without schemaAttribute as that object per item', () => {
    const typesOnly = () => {
      const pairs = new schema.Array({ cat: Cat, dog: Dog })
      expectTypeOf<Denormalize<typeof pairs>>().toEqualTypeOf<{ cat: Cat; dog: Dog }[]>()
      const mixed = new schema.Array({ cat: Cat, dog: Dog }, 'type')
      expectTypeOf<Denormalize<typeof mixed>>().toEqualTypeOf<(Cat | Dog)[]>()
      const byRound = new schema.Values({ cat: Cat })
      expectTypeOf<Denormalize<typeof byRound>>().toEqualTypeOf<Record<string, { cat: Cat }>>()
      const cats = new schema.Values(Cat)
      expectTypeOf<Denormalize<typeof cats>>().toEqualTypeOf<Record<string, Cat>>()
    }
    expect(typesOnly).toBeDefined()
  })
})
