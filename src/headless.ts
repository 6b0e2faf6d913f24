// The React-free part of tessera's public surface (`tessera/store`): schemas, endpoints and the
// headless store. Named re-exports only, grouped by layer; `index.ts` adds the React bindings.

// schema
export {
  Entity,
  validateRequired,
  normalize,
  denormalize,
  denormalizeCached,
  inferResults,
  MemoCache,
  INVALID,
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
  EntityPath,
  EntityClass,
  NormalizedResult,
  NormalizedSchema,
  MemoResult,
  SchemaAttribute,
  CollectionOptions,
  EntityMixinOptions,
} from './schema/index'

// endpoint
// The namespace with `schema.Query` (data-client 0.11+), and its classes by name (data-client 0.15.5+).
export * as schema from './endpoint/schema'
export { All, Collection, Invalidate, Union, Values } from './schema/schema'
// The merge that puts items first, for `collection.moveWith(unshift)` / `addWith(unshift)` (data-client 0.16).
export { unshift, type CollectionMerge } from './schema/Collection'
export { Endpoint, type EndpointOptions, type EndpointConstructor } from './endpoint/Endpoint'
export { Query, type QueryArgs, type QuerySchema } from './endpoint/Query'
export { Lazy } from './endpoint/Lazy'
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
  ExpiryStatus,
  selectMeta,
  selectResult,
  NetworkManager,
  IdlingNetworkManager,
  GCPolicy,
  ImmortalGCPolicy,
  PollingManager,
  SubscriptionManager,
  PollingSubscription,
  LogoutManager,
  GCManager,
  GC,
  AbortError,
  ResetError,
  devTools,
  DevToolsManager,
  actionTypes,
  tesseraHooks,
  SUBSCRIBE,
  UNSUBSCRIBE,
  FETCH,
  RECEIVE,
  OPTIMISTIC,
  INVALIDATE,
  INVALIDATE_ALL,
  EXPIRE_ALL,
  RESET,
  HYDRATE,
  BATCH,
  createFetch,
  createReceive,
} from './store/index'
export type {
  DefaultManagersOptions,
  GCPolicyOptions,
  Store,
  StoreOptions,
  StoreListener,
  StoreInspection,
  MountedRead,
  State,
  ResponseMeta,
  SerializedError,
  ResponseInfo,
  Manager,
  ManagerAPI,
  LogoutManagerOptions,
  LogoutError,
  Middleware,
  Next,
  TesseraHooks,
  ActionTypes,
  Dispatch,
  DevToolsOptions,
  DevToolsConnection,
  DevToolsConnector,
  ControllerOptions,
  FetchReturn,
  KeyFilter,
  Action,
  FetchAction,
  SubscribeAction,
  FetchCause,
  RequestCall,
  ReceiveAction,
  HydrateAction,
  BatchAction,
  ReceiveErrorAction,
  OptimisticAction,
  InvalidateAction,
  InvalidateAllAction,
  ExpireAllAction,
  ResetAction,
  GCAction,
  GCOptions,
  ReceiveMeta,
} from './store/index'
export type { SetValue } from './store/Manager'

// endpoint: REST and GraphQL
export { RestEndpoint, type RestEndpointConstructor, type RestEndpointOptions, type RestGenerics, type RestArgs, type RestResult, type BodyData, type AddGenerics, type AssignGenerics, type RemoveGenerics, type MoveGenerics, type PageGenerics } from './endpoint/rest/RestEndpoint'
export { NetworkError } from './endpoint/rest/NetworkError'
export { MissingParameterError, InvalidParameterError } from './endpoint/rest/path'
export type { PathArgs, PathKeys, ShortenPath, SearchValue } from './endpoint/rest/pathTypes'
export type { GetEndpoint, MutateEndpoint, PaginationFieldEndpoint, RestType } from './endpoint/rest/RestType'
export { createResource, resource, shortenPath, type Resource, type ResourceOptions } from './endpoint/rest/createResource'
export type { ResourceGenerics, ResourceExtendable } from './endpoint/rest/Resource'
export { hookifyResource, type HookifiedResource } from './endpoint/rest/hookifyResource'
export { GQLEndpoint, GQLError, type GQLOptions, type GQLOperation } from './endpoint/graphql/GQLEndpoint'
export { GQLEntity } from './endpoint/graphql/GQLEntity'
export { getImage, type ImageArgs } from './endpoint/getImage'
