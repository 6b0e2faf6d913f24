import { SchemaError, describeValue } from './SchemaError'
import { INVALID } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'

type Member<D> = D extends (...args: any) => any ? D : D extends { readonly [key: string]: infer E } ? E : D

/** A list of entities, optionally polymorphic; `[Entity]` is the short form of the single case. */
export class ArraySchema<D = any> extends Polymorphic {
  declare readonly _denormalized: Denormalize<Member<D>>[]

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute)
  }

  normalize(input: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown[] {
    if (!Array.isArray(input)) throw new SchemaError(`Expected an array, got ${describeValue(input)}`)
    const out = new Array(input.length)
    for (let i = 0; i < input.length; i++) {
      try {
        out[i] = this.normalizeValue(input[i], parent, key, delegate)
      } catch (error) {
        if (error instanceof SchemaError) error.prependPath(i)
        throw error
      }
    }
    return out
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown[] {
    if (!Array.isArray(input)) return input as unknown[]
    const out: unknown[] = []
    for (const item of input) {
      const value = this.denormalizeValue(item, delegate)
      if (value !== undefined && value !== INVALID) out.push(value)
    }
    return out
  }
}

/** An object whose members have schemas; a plain object literal is the short form. */
export class ObjectSchema<D extends Record<string, unknown> = Record<string, unknown>> {
  declare readonly _denormalized: Denormalize<D>
  schema: D

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
