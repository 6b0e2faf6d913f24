/**
 * Type tests for data-client 0.10's argument order: a call whose second argument holds a schema is
 * typed as 0.10's, with its result shape; every other call keeps Tessera's types, also when the
 * response is typed `any` or `unknown`. The functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { INVALID, denormalize, inferResults, normalize } from '../../src/index'
import type { EntitiesMetaTable, NormalizedResult, NormalizedSchema } from '../../src/index'
import { Article, User } from '../fixtures/blog'

describe('normalize and denormalize types by call order', () => {
  it('types 0.10-order calls with 0.10 result shapes', () => {
    const typesOnly = () => {
      const response = { id: '1', name: 'Ada' }
      const theirs = normalize(response, User)
      expectTypeOf(theirs).toEqualTypeOf<NormalizedSchema<import('../../src/index').EntityTable, string>>()
      expectTypeOf(theirs.entityMeta).toEqualTypeOf<EntitiesMetaTable>()
      expectTypeOf(normalize([response], [User]).result).toEqualTypeOf<string[]>()
      expectTypeOf(normalize({ results: [response] }, { results: [User], cursor: '' }).result).toEqualTypeOf<{ results: string[]; cursor: string }>()
      expectTypeOf(denormalize('1', Article, {})).toEqualTypeOf<Article | undefined | typeof INVALID>()
      expectTypeOf(denormalize(response)).toEqualTypeOf<{ id: string; name: string }>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('keeps Tessera-order types, whatever the response is typed as', () => {
    const typesOnly = (loose: any, opaque: unknown) => {
      expectTypeOf(normalize(User, loose)).toEqualTypeOf<NormalizedResult<string>>()
      expectTypeOf(normalize(User, opaque)).toEqualTypeOf<NormalizedResult<string>>()
      expectTypeOf(normalize(User, 'u1')).toEqualTypeOf<NormalizedResult<string>>()
      expectTypeOf(denormalize(Article, loose, {})).toEqualTypeOf<Article | undefined | typeof INVALID>()
      expectTypeOf(inferResults(User, [{ id: '1' }], {}, {})).toBeUnknown()
    }
    expect(typesOnly).toBeDefined()
  })
})
