// The React-free part of tessera's public surface (`tessera/store`): schemas, endpoints and the
// headless store. Named re-exports only, grouped by layer; `index.ts` adds the React bindings.

// schema
export {
  Entity,
  validateRequired,
  schema,
  normalize,
  denormalize,
  denormalizeCached,
  inferResults,
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
  NormalizedSchema,
  MemoResult,
  SchemaAttribute,
  CollectionOptions,
  EntityMixinOptions,
} from './schema/index'

// endpoint
export { Endpoint, type EndpointOptions } from './endpoint/Endpoint'
export { AbortOptimistic } from './endpoint/AbortOptimistic'
export { Query, type QueryArgs, type QuerySchema } from './endpoint/Query'
export type {
  EndpointInterface,
  EndpointExtraOptions,
  ErrorPolicy,
  SnapshotInterface,
  ResolveType,
  EndpointArgs,
  FetchFunction,
} from './endpoint/types'

// store
export {
  createStore,
  getDefaultManagers,
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
  LogoutManager,
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
  LogoutManagerOptions,
  LogoutError,
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
export { RestEndpoint, appendPage, type RestEndpointOptions, type RestGenerics, type RestArgs, type RestResult, type BodyData, type AddGenerics, type AssignGenerics, type PageGenerics } from './endpoint/rest/RestEndpoint'
export { NetworkError } from './endpoint/rest/NetworkError'
export { MissingParameterError, InvalidParameterError } from './endpoint/rest/path'
export type { PathArgs, PathKeys, ShortenPath, SearchValue } from './endpoint/rest/pathTypes'
export type { GetEndpoint, MutateEndpoint, PaginationFieldEndpoint, RestType } from './endpoint/rest/RestType'
export { createResource, shortenPath, type Resource, type ResourceOptions } from './endpoint/rest/createResource'
export type { ResourceGenerics, ResourceExtendable } from './endpoint/rest/Resource'
export { hookifyResource, type HookifiedResource } from './endpoint/rest/hookifyResource'
export { GQLEndpoint, GQLError, type GQLOptions, type GQLOperation } from './endpoint/graphql/GQLEndpoint'
export { GQLEntity } from './endpoint/graphql/GQLEntity'
