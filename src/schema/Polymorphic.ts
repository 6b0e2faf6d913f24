import { SchemaError, describeValue } from './SchemaError'
import type { DenormalizeDelegate, NormalizeDelegate } from './types'

/** Chooses a mapping key for an item: an attribute name, or `(value, parent, key) => mappingKey`. */
export type SchemaAttribute = string | ((value: any, parent: any, key: string | undefined) => string | undefined)

const hasOwn = Object.prototype.hasOwnProperty
const warned = new WeakMap<object, Set<string>>()

/**
 * Shared machinery for schemas whose items may be one of several entity types (Union, Values,
 * All, Array). With a single entity there is no choice to make; with a mapping, each normalized
 * item is stored as `{ id, schema }` where `schema` is the mapping key that matched.
 */
export abstract class Polymorphic {
  protected definition: any
  readonly schemaAttribute: SchemaAttribute | undefined

  constructor(definition: unknown, schemaAttribute?: SchemaAttribute) {
    if (definition === null || (typeof definition !== 'object' && typeof definition !== 'function')) {
      throw new SchemaError(`${this.constructor.name} needs an Entity or a mapping of Entities, got ${describeValue(definition)}`)
    }
    if (!this.isSingle(definition) && schemaAttribute === undefined) {
      throw new SchemaError(`${this.constructor.name} with a mapping needs a schemaAttribute (a field name or a function)`)
    }
    this.definition = definition
    this.schemaAttribute = schemaAttribute
  }

  /** The entity schema, or the mapping from attribute value to schema. */
  get schema(): any {
    return this.definition
  }

  /** Merges more entries into the definition; lets definitions refer to each other. */
  define(definition: unknown): this {
    if (!this.isSingle(this.definition) && !this.isSingle(definition) && typeof definition === 'object') {
      Object.assign(this.definition, definition)
    } else {
      this.definition = definition
    }
    return this
  }

  protected isSingle(definition: unknown = this.definition): boolean {
    return typeof definition === 'function' || Array.isArray(definition) || typeof (definition as any)?.normalize === 'function'
  }

  /** Every entity schema the definition can produce. */
  protected schemas(): unknown[] {
    if (this.isSingle()) return [this.definition]
    return Object.keys(this.definition).map((k) => this.definition[k])
  }

  /** The mapping key for one item, or undefined when none applies. */
  protected attributeOf(value: any, parent: unknown, key: string | undefined): string | undefined {
    const attr = this.schemaAttribute
    const chosen = typeof attr === 'function' ? attr(value, parent, key) : value?.[attr as string]
    return chosen === undefined || chosen === null ? undefined : String(chosen)
  }

  protected normalizeValue(value: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (value === undefined || value === null) return value
    if (this.isSingle()) return delegate.visit(this.definition, value, parent, key)
    const attr = this.attributeOf(value, parent, key)
    if (attr === undefined || !hasOwn.call(this.definition, attr)) {
      this.warnUnmatched(attr, value)
      return value
    }
    const id = delegate.visit(this.definition[attr], value, parent, key)
    return id === undefined || id === null ? id : { id, schema: attr }
  }

  protected denormalizeValue(stored: any, delegate: DenormalizeDelegate): unknown {
    if (stored === undefined || stored === null) return stored
    if (this.isSingle()) return delegate.unvisit(this.definition, stored)
    if (typeof stored === 'object' && hasOwn.call(stored, 'id') && typeof stored.schema === 'string') {
      if (hasOwn.call(this.definition, stored.schema)) return delegate.unvisit(this.definition[stored.schema], stored.id)
    }
    // An item no mapping entry matched was kept as it came (spec: schema.All rule 4).
    return stored
  }

  /** Rule 4 is not an error, but silently dropping a type is a classic bug: say so once per value. */
  private warnUnmatched(attr: string | undefined, value: unknown): void {
    if (typeof console === 'undefined' || (globalThis as any).process?.env?.NODE_ENV === 'production') return
    const id = String(attr)
    let seen = warned.get(this)
    if (seen === undefined) warned.set(this, (seen = new Set()))
    if (seen.has(id)) return
    seen.add(id)
    const keys = Object.keys(this.definition).map((k) => JSON.stringify(k)).join(', ')
    console.warn(
      `${this.constructor.name}: schemaAttribute gave ${attr === undefined ? 'no value' : JSON.stringify(attr)} for ` +
        `${describeValue(value)}, which matches none of ${keys}; the item is kept as it is and no entity is created.`,
    )
  }
}

