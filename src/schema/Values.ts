import { SchemaError, describeValue } from './SchemaError'
import { INVALID } from './kinds'
import { Polymorphic, type SchemaAttribute } from './Polymorphic'
import type { Denormalize, DenormalizeDelegate, NormalizeDelegate } from './types'

type Member<D> = D extends (...args: any) => any ? D : D extends { readonly [key: string]: infer E } ? E : D

/** A map whose values are entities (of one type, or of several chosen by `schemaAttribute`). */
export class Values<D = any> extends Polymorphic {
  declare readonly _denormalized: Record<string, Denormalize<Member<D>>>

  constructor(definition: D, schemaAttribute?: SchemaAttribute) {
    super(definition, schemaAttribute)
  }

  normalize(input: any, _parent: unknown, _key: string | undefined, delegate: NormalizeDelegate): Record<string, unknown> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new SchemaError(`schema.Values expects an object, got ${describeValue(input)}`)
    }
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(input)) {
      try {
        defineField(out, key, this.normalizeValue(input[key], input, key, delegate))
      } catch (error) {
        if (error instanceof SchemaError) error.prependPath(key)
        throw error
      }
    }
    return out
  }

  denormalize(input: any, delegate: DenormalizeDelegate): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(input)) {
      const value = this.denormalizeValue(input[key], delegate)
      // Deleted or missing entries drop out of the map, as they do from lists.
      if (value !== undefined && value !== INVALID) defineField(out, key, value)
    }
    return out
  }
}

/** Server-chosen keys become own data properties, even "__proto__". */
function defineField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}
