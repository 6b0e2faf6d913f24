// A minimal Entity base class for @data-client/normalizr 0.18, written for this benchmark.
//
// @data-client/normalizr does not ship an Entity (that lives in @data-client/endpoint), only the
// `EntityInterface` / `Mergeable` contracts in lib/interface.d.ts. This class implements them the
// way an Entity is expected to behave, with the same lifecycle as tessera's Entity so both
// libraries do the same per-record work:
//
//  normalize(input, parent, key, delegate)
//    copy the input (process) -> pk -> checkLoop -> validate -> visit each field of `schema`
//    -> delegate.mergeEntity(this, pk, processed) -> return the pk (string).
//  createIfValid(record)        validate, then a new instance with the record's fields.
//  denormalize(instance, delegate)
//    called by the library's unvisit right after createIfValid; fills each `schema` field in
//    place (so cycles can point at the instance) and returns it. A nested INVALID (a symbol)
//    makes the whole entity INVALID when the field's default is truthy (required), else the
//    field becomes undefined.
//  merge / mergeWithStore / mergeMetaWithStore
//    `{ ...existing, ...incoming }`, letting the later `fetchedAt` win. Like data-client's own
//    Entity (whose `shouldUpdate` defaults to true), a merge always makes a new record object,
//    even when nothing changed.

const defaultsCache = new WeakMap()
const fieldsCache = new WeakMap()

function fieldsOf(schema) {
  let fields = fieldsCache.get(schema)
  if (fields === undefined) fieldsCache.set(schema, (fields = Object.keys(schema)))
  return fields
}

export class DataClientEntity {
  /** Nested schemas per field. */
  static schema = {}

  /** Table name; subclasses set `static key = '...'`. */
  static get key() {
    return this.name
  }

  static get defaults() {
    let defaults = defaultsCache.get(this)
    if (defaults === undefined) defaultsCache.set(this, (defaults = new this()))
    return defaults
  }

  static fromJS(props = {}) {
    return Object.assign(new this(), props)
  }

  static process(input, _parent, _key, _args) {
    return { ...input }
  }

  static pk(value, parent, key, args) {
    return this.prototype.pk.call(value, parent, key, args)
  }

  static validate(_processed) {
    return undefined
  }

  static createIfValid(props) {
    if (this.validate(props)) return undefined
    return this.fromJS(props)
  }

  static merge(existing, incoming) {
    return { ...existing, ...incoming }
  }

  static shouldReorder(existingMeta, incomingMeta, _existing, _incoming) {
    return incomingMeta.fetchedAt < existingMeta.fetchedAt
  }

  static mergeWithStore(existingMeta, incomingMeta, existing, incoming) {
    if (existingMeta !== undefined && this.shouldReorder(existingMeta, incomingMeta, existing, incoming)) {
      return this.merge(incoming, existing)
    }
    return this.merge(existing, incoming)
  }

  static mergeMetaWithStore(existingMeta, incomingMeta, existing, incoming) {
    if (existingMeta !== undefined && this.shouldReorder(existingMeta, incomingMeta, existing, incoming)) {
      return existingMeta
    }
    return incomingMeta
  }

  static normalize(input, parent, key, delegate) {
    const args = delegate.args
    const processed = this.process(input, parent, key, args)
    const id = this.pk(processed, parent, key, args)
    if (id === undefined || id === null || id === '') {
      throw new Error(`${this.name}: no primary key in ${JSON.stringify(input)}`)
    }
    const pk = `${id}`
    if (delegate.checkLoop(this.key, pk, input)) return pk
    const message = this.validate(processed)
    if (message) throw new Error(`${this.name} ${pk} failed validation: ${message}`)
    const schema = this.schema
    const fields = fieldsOf(schema)
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]
      const value = processed[field]
      if (value === undefined || value === null) continue
      processed[field] = delegate.visit(schema[field], value, processed, field)
    }
    delegate.mergeEntity(this, pk, processed)
    return pk
  }

  static denormalize(instance, delegate) {
    // unvisit hands an INVALID (deleted) record straight to denormalize.
    if (typeof instance === 'symbol') return instance
    const schema = this.schema
    const fields = fieldsOf(schema)
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]
      const stored = instance[field]
      if (stored === undefined || stored === null) continue
      const value = delegate.unvisit(schema[field], stored)
      if (typeof value === 'symbol') {
        if (this.defaults[field]) return value
        instance[field] = undefined
      } else {
        instance[field] = value
      }
    }
    return instance
  }

  /** `{ id }`-style args -> the pk, when that record is in the store (used by MemoCache.query). */
  static queryKey(args, _unvisit, delegate) {
    if (!args[0]) return undefined
    const id = this.pk(args[0], undefined, '', args)
    if (id === undefined || id === null || id === '') return undefined
    return delegate.getEntity(this.key, `${id}`) ? `${id}` : undefined
  }
}
