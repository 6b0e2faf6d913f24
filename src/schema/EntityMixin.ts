import { Entity, defaultPk, defineNameKey } from './Entity'
import { SchemaError, describeValue } from './SchemaError'

/** Options for `schema.Entity(Class, options)`. */
export interface EntityMixinOptions<T> {
  /** Table name in the store; defaults to the class's `static key`, else the class name. */
  key?: string
  /** Field holding the primary key, or a function computing it; defaults to the class's `pk()` or `id`. */
  pk?: (keyof T & string) | ((value: T, parent?: any, key?: string) => string | number | undefined)
  /** Nested schemas and value types per field. */
  schema?: { readonly [field: string]: unknown }
}

type Ctor<T> = new (...args: any[]) => T

type MixinInstance<C extends Ctor<any>> = InstanceType<C> & { pk(parent?: any, key?: string, args?: readonly any[]): string | number | undefined }
type Instance<T> = T extends abstract new (...args: any[]) => infer I ? I : never

/**
 * The class `schema.Entity` returns: the original class's statics plus everything an Entity has,
 * with one constructor, so that a class can extend it (`class Article extends schema.Entity(Data) {}`).
 */
export type EntityMixinClass<C extends Ctor<any>> = Omit<C, 'prototype'> &
  Omit<typeof Entity, 'prototype' | 'fromJS'> & {
    new (...args: ConstructorParameters<C>): MixinInstance<C>
    /** Builds an instance (of the class it is called on) from plain data; missing fields keep their defaults. */
    fromJS<T extends abstract new (...args: any[]) => any>(this: T, props?: Partial<Instance<T>>): Instance<T>
    prototype: MixinInstance<C>
  }

/** Entity's own statics (read on first use, so importing the module does no work). */
let entityStatics: string[] | undefined
function entityStaticNames(): string[] {
  return (entityStatics ??= Object.getOwnPropertyNames(Entity).filter(
    (name) => name !== 'length' && name !== 'name' && name !== 'prototype' && name !== 'key',
  ))
}

/**
 * Makes an existing plain class usable as an entity, without changing the class itself: returns
 * a subclass with the Entity statics. Call it without `new`. As with data-client, the result can
 * be extended (`class Article extends schema.Entity(ArticleData) {}`): the subclass then gets its
 * own key (its class name unless a key was given) and may override `pk()`.
 */
export function EntityMixin<C extends Ctor<any>>(Base: C, options: EntityMixinOptions<InstanceType<C>> = {}): EntityMixinClass<C> {
  if (typeof Base !== 'function') throw new SchemaError(`schema.Entity needs a class, got ${describeValue(Base)}`)
  const Mixed = class extends Base {}
  for (const name of entityStaticNames()) {
    if (Object.hasOwn(Base, name)) continue
    Object.defineProperty(Mixed, name, Object.getOwnPropertyDescriptor(Entity, name)!)
  }
  Object.defineProperty(Mixed, 'name', { value: Base.name })
  if (options.key !== undefined) {
    Object.defineProperty(Mixed, 'key', { value: options.key, writable: true, enumerable: true, configurable: true })
  } else if (!('key' in Base)) {
    // Read from the class it is asked on, so each subclass gets its own name; an anonymous class
    // gets an error saying to pass a key rather than the key ''.
    defineNameKey(Mixed, true)
  }
  Object.defineProperty(Mixed, 'schema', { value: options.schema ?? (Base as { schema?: object }).schema ?? {}, writable: true, configurable: true })
  // The static pk (inherited from Entity) runs the prototype's pk(), so a subclass's override wins.
  const pkOption = options.pk
  const pk =
    typeof pkOption === 'function' ? function (this: any, parent?: any, key?: string) { return pkOption(this, parent, key) }
      : typeof pkOption === 'string' ? function (this: any) { return this[pkOption] }
      : typeof (Base.prototype as { pk?: unknown }).pk === 'function' ? undefined
      : defaultPk
  if (pk !== undefined) Object.defineProperty(Mixed.prototype, 'pk', { value: pk, writable: true, configurable: true })
  return Mixed as unknown as EntityMixinClass<C>
}
