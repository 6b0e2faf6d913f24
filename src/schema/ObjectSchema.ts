import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'

/** An object whose members have schemas; a plain object literal is the short form. */
export class ObjectSchema<D extends Record<string, unknown> = Record<string, unknown>> {
  declare readonly _denormalized: Denormalize<D>
  /** Tells the kind apart without `instanceof` (so code that checks it need not import it). */
  readonly schemaKind = 'Object'
  declare schema: D

  constructor(definition: D) {
    this.schema = { ...definition }
  }

  /** Merges more members into the definition (for definitions that refer to each other). */
  define(definition: Partial<D>): this {
    Object.assign(this.schema, definition)
    return this
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return delegate.visit(this.schema, input, parent, key)
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return delegate.unvisit(this.schema, input)
  }
}
