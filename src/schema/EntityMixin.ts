import { Entity } from './Entity'
import { SchemaError, describeValue } from './SchemaError'

/** Options for `schema.Entity(Class, options)`. */
export interface EntityMixinOptions<T> {
  /** Table name in the store; defaults to the class name. */
  key?: string
  /** Field holding the primary key, or a function computing it; defaults to the class's `pk()` or `id`. */
  pk?: (keyof T & string) | ((value: T, parent?: any, key?: string) => string | number | undefined)
  /** Nested schemas and value types per field. */
  schema?: { readonly [field: string]: unknown }
}

type Ctor<T> = new (...args: any[]) => T

/** The class `schema.Entity` returns: the original class plus everything an Entity has. */
export type EntityMixinClass<C extends Ctor<any>> = C &
  Omit<typeof Entity, 'prototype' | 'fromJS'> & {
    new (...args: ConstructorParameters<C>): InstanceType<C> & { pk(): string | number | undefined }
    fromJS(props?: Partial<InstanceType<C>>): InstanceType<C> & { pk(): string | number | undefined }
    prototype: InstanceType<C>
  }

const ENTITY_STATICS = Object.getOwnPropertyNames(Entity).filter(
  (name) => name !== 'length' && name !== 'name' && name !== 'prototype' && name !== 'key',
)

/**
 * Makes an existing plain class usable as an entity under `key`, without changing the class
 * itself: returns a subclass with the Entity statics. Call it without `new`.
 */
export function EntityMixin<C extends Ctor<any>>(Base: C, options: EntityMixinOptions<InstanceType<C>> = {}): EntityMixinClass<C> {
  if (typeof Base !== 'function') throw new SchemaError(`schema.Entity needs a class, got ${describeValue(Base)}`)
  const pkOption = options.pk
  const basePk = (Base.prototype as { pk?: unknown }).pk
  const Mixed = class extends Base {}
  for (const name of ENTITY_STATICS) {
    if (Object.prototype.hasOwnProperty.call(Base, name)) continue
    Object.defineProperty(Mixed, name, Object.getOwnPropertyDescriptor(Entity, name)!)
  }
  Object.defineProperty(Mixed, 'name', { value: Base.name })
  Object.defineProperty(Mixed, 'key', { value: options.key ?? (Base as { key?: string }).key ?? Base.name, writable: true, configurable: true })
  Object.defineProperty(Mixed, 'schema', { value: options.schema ?? (Base as { schema?: object }).schema ?? {}, writable: true, configurable: true })
  const pkOf =
    typeof pkOption === 'function' ? (value: any, parent?: any, key?: string) => pkOption(value, parent, key)
      : typeof pkOption === 'string' ? (value: any) => value[pkOption]
      : typeof basePk === 'function' ? (value: any, parent?: any, key?: string, args?: unknown) => basePk.call(value, parent, key, args)
      : (value: any) => value.id
  Object.defineProperty(Mixed, 'pk', { value: pkOf, writable: true, configurable: true })
  if (typeof basePk !== 'function') {
    Object.defineProperty(Mixed.prototype, 'pk', {
      value(this: unknown) {
        return pkOf(this)
      },
      writable: true,
      configurable: true,
    })
  }
  return Mixed as unknown as EntityMixinClass<C>
}
