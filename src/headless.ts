// The React-free part of tessera's public surface (`tessera/store`): schemas, endpoints and the
// headless store. Named re-exports only, grouped by layer; `index.ts` adds the React bindings.

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
  StoredEntities,
  StoredEntitiesMeta,
  RecordTable,
  NormalizeStore,
  NormalizedResult,
  MemoResult,
  SchemaAttribute,
  CollectionOptions,
  EntityMixinOptions,
} from './schema/index'

// endpoint
export { Endpoint, type EndpointOptions } from './endpoint/Endpoint'
export { AbortOptimistic } from './endpoint/AbortOptimistic'
export type {
  EndpointInterface,
  EndpointExtraOptions,
  ErrorPolicy,
  SnapshotInterface,
  ResolveType,
  EndpointArgs,
} from './endpoint/types'

// store
export {
  createStore,
  Controller,
  reducer,
  createInitialState,
  hydrateState,
  ExpiryStatus,
  selectResponse,
  selectMeta,
  selectResult,
  REPLACE_STATE,
  createReplaceState,
  selectError,
  NetworkManager,
  PollingManager,
  GCManager,
  DEFAULT_GC_TIME,
  DEFAULT_GC_BATCH,
  GC,
  createGC,
  AbortError,
  ResetError,
  connectDevTools,
  devTools,
  DEFAULT_DATA_EXPIRY,
  DEFAULT_ERROR_EXPIRY,
  NEVER,
  FETCH,
  RECEIVE,
  OPTIMISTIC,
  INVALIDATE,
  INVALIDATE_ALL,
  EXPIRE_ALL,
  RESET,
  createFetch,
  createReceive,
  createReceiveError,
  createOptimistic,
  createInvalidate,
  createInvalidateAll,
  createExpireAll,
  createReset,
  serializeError,
} from './store/index'
export type {
  Store,
  StoreOptions,
  StoreListener,
  State,
  ResponseMeta,
  SerializedError,
  OptimisticLayer,
  ResponseInfo,
  Manager,
  Middleware,
  Dispatch,
  DevToolsOptions,
  DevToolsConnection,
  DevToolsConnector,
  DevToolsHost,
  ControllerOptions,
  FetchReturn,
  KeyFilter,
  Action,
  FetchAction,
  ReceiveAction,
  ReceiveErrorAction,
  OptimisticAction,
  InvalidateAction,
  InvalidateAllAction,
  ExpireAllAction,
  ResetAction,
  ReplaceStateAction,
  GCAction,
  GCOptions,
  ReceiveMeta,
} from './store/index'

// endpoint: REST and GraphQL
export { RestEndpoint, appendPage, type RestEndpointOptions, type RestGenerics, type RestArgs, type RestResult, type BodyData, type AddGenerics, type PageGenerics } from './endpoint/rest/RestEndpoint'
export { NetworkError } from './endpoint/rest/NetworkError'
export { MissingParameterError, InvalidParameterError } from './endpoint/rest/path'
export type { PathArgs, ShortenPath, SearchValue } from './endpoint/rest/pathTypes'
export { createResource, shortenPath, type Resource, type ResourceOptions, type ResourceExtendable } from './endpoint/rest/createResource'
export { hookifyResource, type HookifiedResource } from './endpoint/rest/hookifyResource'
export { GQLEndpoint, GQLError, type GQLOptions, type GQLOperation } from './endpoint/graphql/GQLEndpoint'
export { GQLEntity } from './endpoint/graphql/GQLEntity'
