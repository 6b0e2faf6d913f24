import { Entity } from '../../schema/index'

/** Entity base for GraphQL types: `id` is the primary key, as GraphQL servers conventionally use. */
export abstract class GQLEntity extends Entity {
  id = ''

  pk(): string | undefined {
    return this.id === '' ? undefined : this.id
  }
}
