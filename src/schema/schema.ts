/**
 * The `schema` namespace: schema kinds beyond plain Entity classes, arrays and objects.
 * Usage mirrors data-client: `new schema.All(Post)`, `schema.Entity(Plain, { key })`.
 */
export { All } from './All'
export { ArraySchema as Array } from './ArraySchema'
export { ObjectSchema as Object } from './ObjectSchema'
export { Collection, CollectionAdd } from './Collection'
export { EntityMixin as Entity } from './EntityMixin'
export { Invalidate } from './InvalidateMany'
export { Union } from './Union'
export { Values } from './Values'
