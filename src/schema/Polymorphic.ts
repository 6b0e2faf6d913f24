import { SchemaError, describeValue } from './SchemaError'
import { isReferenceValue } from './kinds'
import type { DenormalizeDelegate, NormalizeDelegate } from './types'
import { isArray } from './isArray'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only code;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** An Entity, a list or a schema object, as opposed to a mapping of them. */
function isOneSchema(definition: unknown): boolean {
  return typeof definition === 'function' || isArray(definition) || typeof (definition as any)?.normalize === 'function'
}

/** Chooses a mapping key for an item: an attribute name, or `(value, parent, key) => mappingKey`. */
export type SchemaAttribute = string | ((value: any, parent: any, key: string | undefined) => string | undefined)

const hasOwn = Object.prototype.hasOwnProperty
const warned = new WeakMap<object, Set<string>>()

/**
 * Shared machinery for schemas whose items may be one of several entity types (Union, Values,
 * All, Array, Invalidate). With a single schema there is no choice to make; with a mapping and a
 * `schemaAttribute`, each normalized item is stored as `{ id, schema }` where `schema` is the
 * mapping key that matched. Without a schemaAttribute, a plain object definition is one object
 * schema for every item (data-client: `new schema.Array({ cat: Cat })` is `[{ cat: Cat }]`), where
 * the kind allows it (`mappingNeedsAttribute` false).
 */
export abstract class Polymorphic {
  protected definition: any
  readonly schemaAttribute: SchemaAttribute | undefined

  /** The schema kind as messages name it; not the class name, which minifiers rename. */
  protected get kind(): string {
    return 'schema'
  }

  constructor(definition: unknown, schemaAttribute?: SchemaAttribute, mappingNeedsAttribute = true) {
    if (definition === null || (typeof definition !== 'object' && typeof definition !== 'function')) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? `${this.kind} needs an Entity or a mapping of Entities, got ${describeValue(definition)}`
          : `Tessera E111: ${this.kind} ${describeValue(definition)}`,
      )
    }
    this.schemaAttribute = schemaAttribute
    if (mappingNeedsAttribute && schemaAttribute === undefined && !isOneSchema(definition)) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production' ? `${this.kind} with a mapping needs a schemaAttribute (a field name or a function)` : `Tessera E112: ${this.kind}`,
      )
    }
    this.definition = definition
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
    return this.schemaAttribute === undefined || isOneSchema(definition)
  }

  /** Every entity schema the definition can produce. */
  protected schemas(): unknown[] {
    if (this.isSingle()) return [this.definition]
    return Object.keys(this.definition).map((k) => this.definition[k])
  }

  /**
   * The keys of the entities this schema can hold, joined (`Post|Link`): a name for tables and
   * endpoints built over it, such as a Collection of a Union.
   */
  get entityKeys(): string {
    return this.schemas()
      .map((schema) => (schema as { key?: unknown }).key ?? (schema instanceof Polymorphic ? schema.entityKeys : undefined))
      .filter((key) => typeof key === 'string')
      .join('|')
  }

  /** The mapping key for one item, or undefined when none applies. */
  protected attributeOf(value: any, parent: unknown, key: string | undefined): string | undefined {
    const attr = this.schemaAttribute
    const chosen = typeof attr === 'function' ? attr(value, parent, key) : value?.[attr as string]
    return chosen == null ? undefined : String(chosen)
  }

  protected normalizeValue(value: any, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    if (value == null) return value
    if (this.isSingle()) return delegate.visit(this.definition, value, parent, key)
    if (typeof value !== 'object') {
      if (!isReferenceValue(value)) {
        throw new SchemaError(
          process.env.NODE_ENV !== 'production'
            ? `${this.kind} expects an object or a primary key, got ${describeValue(value)}`
            : `Tessera E113: ${this.kind} ${describeValue(value)}`,
        )
      }
      // A bare pk does not say which type it is. A field name cannot be read from it, so it is
      // kept as it came (as data-client does); a function attribute may still tell from the parent.
      if (typeof this.schemaAttribute !== 'function') return value
    }
    const attr = this.attributeOf(value, parent, key)
    if (attr === undefined || !hasOwn.call(this.definition, attr)) {
      this.warnUnmatched(attr, value)
      return value
    }
    const id = delegate.visit(this.definition[attr], value, parent, key)
    return id == null ? id : { id, schema: attr }
  }

  protected denormalizeValue(stored: any, delegate: DenormalizeDelegate): unknown {
    if (stored == null) return stored
    if (this.isSingle()) return delegate.unvisit(this.definition, stored)
    if (typeof stored === 'object' && hasOwn.call(stored, 'id') && typeof stored.schema === 'string') {
      if (hasOwn.call(this.definition, stored.schema)) return delegate.unvisit(this.definition[stored.schema], stored.id)
    }
    // An item no mapping entry matched was kept as it came (spec: schema.All rule 4).
    return stored
  }

  /** Rule 4 is not an error, but silently dropping a type is a classic bug: say so once per value. */
  private warnUnmatched(attr: string | undefined, value: unknown): void {
    if (!(process.env.NODE_ENV !== 'production') || typeof console === 'undefined') return
    const id = String(attr)
    let seen = warned.get(this)
    if (seen === undefined) warned.set(this, (seen = new Set()))
    if (seen.has(id)) return
    seen.add(id)
    const keys = Object.keys(this.definition).map((k) => JSON.stringify(k)).join(', ')
    console.warn(
      `${this.kind}: schemaAttribute gave ${attr === undefined ? 'no value' : JSON.stringify(attr)} for ` +
        `${describeValue(value)}, which matches none of ${keys}; the item is kept as it is and no entity is created.`,
    )
  }
}

