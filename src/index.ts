// The public surface of tessera: named re-exports only, grouped by layer.

// schema
export {
  Entity,
  validateRequired,
  schema,
  normalize,
  denormalize,
  MemoCache,
  INVALID,
  isEntity,
  SchemaError,
} from './schema/index'
export type {
  Denormalize,
  DenormalizeNullable,
  Normalize,
  Schema,
  EntityMeta,
  EntityTable,
  EntitiesMetaTable,
  IndexTable,
  EntityPath,
  EntityClass,
  NormalizeDelegate,
  DenormalizeDelegate,
  SchemaSimple,
  NormalizeStore,
  NormalizedResult,
  MemoResult,
  SchemaAttribute,
  CollectionOptions,
  EntityMixinOptions,
} from './schema/index'
