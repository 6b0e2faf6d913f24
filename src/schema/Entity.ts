import { SchemaError, describeValue, entityLabel } from './SchemaError'
import { assignFields } from './table'
import { validateRecord } from './guess'
import { INVALID, checkFieldSchemas, isObject, isReferenceValue } from './kinds'
import type { DenormalizeDelegate, EntityMeta, NormalizeDelegate } from './types'
import { isArray } from './isArray'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop the development messages;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

const defaultsCache = new WeakMap<object, object>()

/**
 * Base class for a normalized record. Instance fields with defaults define the field set; `pk()`
 * names the record so every endpoint that returns it shares one copy in the cache. `pk()` is
 * optional: without it the `id` field is the key (data-client 0.14.10+). It is left out of the
 * base type on purpose: a subclass's `pk()` is then its own member, so it needs no `override`
 * under `noImplicitOverride` (as with data-client 0.10's abstract `pk`), and a class without one
 * type-checks too.
 */
export abstract class Entity {
  /** Table name in the store. Classes with the same key share records (summary and detail views). */
  declare static key: string

  /** An entity reads as one object, not as a list (a Collection does). Looked up on every read. */
  static readonly readsAsList: boolean = false

  /** Nested schemas and value types per field, e.g. `{ author: User, createdAt: Date }`. */
  static schema: { readonly [field: string]: unknown } = {}

  /** An all-defaults instance; `validateRequired` compares responses against it. */
  static get defaults(): any {
    let defaults = defaultsCache.get(this)
    if (!defaults) defaultsCache.set(this, (defaults = new (this as any)() as object))
    return defaults
  }

  /**
   * Builds an instance from plain data; missing fields keep their defaults. Without data, just the
   * defaults: a field declared `author = Author.fromJS()` runs this for every instance its class
   * builds (each row of a list), so no empty object is made and copied there.
   */
  static fromJS<T extends Entity>(this: abstract new () => T, props?: object): T {
    const instance = new (this as any)() as T
    return props === undefined ? instance : assignFields(instance, props)
  }

  /**
   * Copies the raw input before normalizing; override to add fields derived from `args`. Returning
   * undefined deletes the record the input's pk names (as `schema.Invalidate` does), or skips the
   * input when it names none.
   */
  static process(input: any, _parent: any, _key: string | undefined, _args: readonly unknown[]): any {
    return { ...input }
  }

  /** Computes a pk from plain (processed) data by running the instance `pk()` on it. */
  static pk(value: any, parent?: any, key?: string, args?: readonly unknown[]): string | number | undefined {
    return (this.prototype as { pk: (...a: unknown[]) => string | number | undefined }).pk.call(value, parent, key, args)
  }

  /** Returns a message when a record is unusable; a failing read is treated as Invalid and refetched. */
  static validate(_processed: any): string | undefined | void | false | null {
    return undefined
  }

  /** Merges two versions of the same record; the incoming fields win. */
  static merge(existing: any, incoming: any): any {
    return { ...existing, ...incoming }
  }

  /**
   * False to keep the stored record as it is, ignoring an incoming one (whose freshness stamps
   * still count); asked only when a record is stored, and only when a class defines it (none by
   * default: every incoming record is merged).
   */
  declare static useIncoming?: (existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any) => boolean

  /** `useIncoming` under the name data-client gives it from 0.11 on; asked first when a class defines both. */
  declare static shouldUpdate?: (existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: any, incoming: any) => boolean

  /** True when the incoming record was fetched before the stored one and must not win. */
  static shouldReorder(existingMeta: EntityMeta, incomingMeta: EntityMeta, _existing: any, _incoming: any): boolean {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt
  }

  /**
   * Merges an incoming record into the stored one, letting whichever was fetched later win, field
   * by field where the stored record holds fields of several ages (`fieldsAt`): an older detail
   * response still updates the fields a newer summary did not carry.
   */
  static mergeWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any): any {
    if (existingMeta !== undefined) {
      // Defined by few classes (none by default), and asked only then: this runs for every stored
      // record a response touches.
      if ((this.shouldUpdate ?? this.useIncoming)?.call(this, existingMeta, incomingMeta, existing, incoming) === false) return existing
      if (this.shouldReorder(existingMeta, incomingMeta, existing, incoming)) {
        const fieldsAt = existingMeta.fieldsAt
        if (fieldsAt === undefined) return this.merge(incoming, existing)
        const newer: Record<string, unknown> = {}
        for (const field of Object.keys(existing)) if ((fieldsAt[field] ?? existingMeta.fetchedAt) > incomingMeta.fetchedAt) newer[field] = existing[field]
        return this.merge(this.merge(existing, incoming), newer)
      }
    }
    return this.merge(existing, incoming)
  }

  /** Keeps the freshness stamps of whichever version was fetched later. */
  static mergeMetaWithStore(existingMeta: EntityMeta | undefined, incomingMeta: EntityMeta, existing: any, incoming: any): EntityMeta {
    if (existingMeta !== undefined && this.shouldReorder(existingMeta, incomingMeta, existing, incoming)) {
      return existingMeta
    }
    return incomingMeta
  }

  /** Instance with nested fields denormalized, or undefined when `validate` rejects the record. */
  static createIfValid(props: object): any {
    if (validateRecord(this, props)) return undefined
    return (this as any).fromJS(props)
  }

  /** Normalizes one response object into a record; returns its pk. */
  static normalize(input: any, parent: any, key: string | undefined, delegate: NormalizeDelegate): string {
    // A tuple (`[price, amount]`) is an entity only to a class whose own process() reads it.
    if (!isObject(input) || (isArray(input) && this.process === Entity.process)) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production'
          ? `${entityLabel(this)} expects an object or its primary key, got ${describeValue(input)}`
          : `Tessera E105: ${entityLabel(this)} ${describeValue(input)}`,
      )
    }
    const args = delegate.args
    const processed = this.process(input, parent, key, args)
    if (processed === undefined) {
      // data-client's conditional invalidation: the record the input names is deleted (reads of it
      // suspend and refetch); an input that names none is left out.
      const gone = this.pk(input, parent, key, args)
      if (unusablePk(gone)) return undefined!
      delegate.invalidate(this.key, `${gone}`)
      return `${gone}`
    }
    let id = this.pk(processed, parent, key, args)
    // An optimistic create has no server id yet; a placeholder derived from the request's time
    // keeps replays deterministic, and the real response replaces the layer that holds it. Where
    // the pk is an `id` field, the placeholder goes there too, so the guess has a usable key
    // (React lists key rows by it).
    if (missingPk(id) && delegate.optimistic) {
      id = `optimistic:${delegate.meta.fetchedAt}`
      if (Object.hasOwn(this.defaults, 'id') && this.pk({ ...processed, id }, parent, key, args) === id) processed.id = id
    }
    if (unusablePk(id)) throw pkError(this, id, input)
    const pk = String(id)
    // A guess is judged when it is merged, by what it changes (a partial guess over a summary
    // record is fine); a response must be whole.
    const message = delegate.optimistic ? undefined : this.validate(processed)
    if (message) {
      throw new SchemaError(
        process.env.NODE_ENV !== 'production' ? `${entityLabel(this)} ${pk} failed validation: ${message}` : `Tessera E106: ${entityLabel(this)} ${pk}: ${message}`,
      )
    }
    if (delegate.checkLoop(this.key, pk, input)) return pk

    const fields = checkFieldSchemas(this)
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]
      const value = processed[field]
      if (value == null) continue
      try {
        processed[field] = delegate.visit(this.schema[field], value, processed, field)
      } catch (error) {
        if (error instanceof SchemaError) error.prependPath(field)
        throw error
      }
    }
    delegate.exitLoop?.(input)
    delegate.mergeEntity(this as any, pk, processed)
    return pk
  }

  /**
   * Fills the nested fields of an instance made by `createIfValid` (it still holds pks). Returns
   * INVALID when a required nested entity was deleted (a field whose default is truthy); an
   * optional one just reads as undefined. Works in place so that cycles can point at `instance`.
   */
  static denormalize(instance: any, delegate: DenormalizeDelegate): any {
    const fields = checkFieldSchemas(this)
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]
      const stored = instance[field]
      if (stored == null) continue
      const value = delegate.unvisit(this.schema[field], stored)
      if (value === INVALID) {
        if (this.defaults[field]) return INVALID
        instance[field] = undefined
      } else {
        instance[field] = value
      }
    }
    return instance
  }

  // Set up in the class body, so importing the module does no work of its own. A static field's
  // initializer rather than a `static {}` block: React Native's Babel preset (Metro, its jest
  // preset) cannot parse static blocks, and an app's bundler compiles what we publish as it is.
  // The `id` field unless a subclass defines `pk()` (declared in the interface above, for TypeScript).
  // @ts-ignore under noUnusedLocals, nothing reads the field (TS6133): its initializer is what runs.
  static #setUp = (
    Object.defineProperty(this.prototype, 'pk', { value: defaultPk, writable: true, configurable: true }),
    defineNameKey(this, false)
  )
}

/** A pk that says "no key here" (the optimistic path may fill it in); `"undefined"` is `${undefined}`. */
export function missingPk(id: unknown): boolean {
  return id == null || id === '' || id === 'undefined' || (typeof id === 'number' && Number.isNaN(id))
}

/** True when `id` cannot name a record: missing, or neither a string nor a number. */
export function unusablePk(id: unknown): boolean {
  return missingPk(id) || !isReferenceValue(id)
}

/** The error for a pk() result that cannot name a record, saying what to change. */
function pkError(entity: { prototype: { pk?: unknown } }, id: unknown, input: unknown): SchemaError {
  const label = entityLabel(entity)
  const missing = missingPk(id)
  return new SchemaError(
    process.env.NODE_ENV !== 'production'
      ? !missing
        ? `${label} pk() must return a string or a number, but returned ${describeValue(id)} for ${describeValue(input)}`
        : `${label} has no usable primary key: pk() returned ${describeValue(id)} for ${describeValue(input)}` +
          (entity.prototype.pk === defaultPk ? `; ${label} does not define pk(), so its id field is used: define pk() to name the field that identifies it` : '')
      : // E108: no pk at all; E107: a pk of the wrong type.
        `Tessera E10${missing ? 8 : 7}: ${label} ${describeValue(id)} ${describeValue(input)}`,
  )
}

/**
 * The pk of an Entity class that does not define `pk()` (plain JavaScript, or `schema.Entity`
 * of a class without one): the `id` field, as data-client does.
 */
export function defaultPk(this: { id?: unknown }): unknown {
  return this.id
}

/**
 * Makes `target.key` the name of the class it is read on. An accessor (rather than a field)
 * lets a subclass's `static key = 'x'` define its own value, and the setter keeps that working
 * for compilers that assign static fields instead of defining them. An anonymous class gets an
 * error saying what to do (an empty key would silently share one table between every anonymous
 * class).
 */
export function defineNameKey(target: object, enumerable: boolean): void {
  Object.defineProperty(target, 'key', {
    get(this: { name: string }) {
      if (this.name === '') {
        throw new SchemaError(
          process.env.NODE_ENV !== 'production'
            ? 'An anonymous Entity class needs a key: set `static key = "Name"` on it (or pass { key } to schema.Entity), or give the class a name'
            : 'Tessera E109',
        )
      }
      return this.name
    },
    set(this: object, value: string) {
      Object.defineProperty(this, 'key', { value, writable: true, enumerable: true, configurable: true })
    },
    enumerable,
    configurable: true,
  })
}

/**
 * Checks that every field the defaults declare is present; use it in `validate` so a summary
 * record is not mistaken for a complete detail record.
 * @returns a message naming the missing fields, or undefined when all are there.
 */
export function validateRequired(processed: Record<string, unknown>, requiredDefaults: object): string | undefined {
  let missing: string[] | undefined
  for (const field of Object.keys(requiredDefaults)) {
    if (!Object.hasOwn(processed, field)) (missing ??= []).push(field)
  }
  if (missing === undefined) return undefined
  return `missing required field${missing.length > 1 ? 's' : ''} ${missing.map((f) => JSON.stringify(f)).join(', ')}`
}
