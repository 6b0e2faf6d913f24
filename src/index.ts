// The public surface of `tessera`, every name listed: the React-free part (schemas, endpoints,
// the headless store; the same names as `tessera/store`) and the React bindings. A name is public
// because a user needs it; tests reach internals through their own modules, never through here.

// schemas, endpoints and the store (see headless.ts for them grouped by layer)
export {
  Entity, validateRequired, schema, normalize, denormalize, denormalizeCached, inferResults,
  MemoCache, INVALID, SchemaError, Endpoint, Query, createStore, getDefaultManagers, Controller,
  reducer, ExpiryStatus, selectMeta, selectResult, NetworkManager, IdlingNetworkManager, GCPolicy, ImmortalGCPolicy, PollingManager, SubscriptionManager, PollingSubscription, LogoutManager,
  GCManager, GC, AbortError, ResetError, devTools, DevToolsManager, actionTypes, tesseraHooks, SUBSCRIBE, UNSUBSCRIBE, FETCH, RECEIVE, OPTIMISTIC, INVALIDATE,
  INVALIDATE_ALL, EXPIRE_ALL, RESET, HYDRATE, BATCH, createFetch, createReceive, RestEndpoint, NetworkError,
  MissingParameterError, InvalidParameterError, createResource, shortenPath, hookifyResource,
  GQLEndpoint, GQLError, GQLEntity, getImage, resource, Lazy, All, Collection, Invalidate, Union, Values, unshift,
} from './headless'
export type {
  Denormalize, DenormalizeNullable, Normalize, Schema, EntityMeta, EntityTable, EntitiesMetaTable,
  EntityPath, EntityClass, NormalizedResult, NormalizedSchema, MemoResult, SchemaAttribute,
  CollectionOptions, CollectionMerge, EntityMixinOptions, EndpointOptions, EndpointConstructor, RestEndpointConstructor, QueryArgs, QuerySchema,
  EndpointInterface, EndpointExtraOptions, ErrorPolicy, SnapshotInterface, ResolveType,
  EndpointArgs, FetchFunction, DefaultManagersOptions, GCPolicyOptions, Store, StoreOptions, StoreListener, State, ResponseMeta,
  SerializedError, ResponseInfo, Manager, ManagerAPI, SetValue, LogoutManagerOptions, LogoutError, Middleware, Next, TesseraHooks, ActionTypes, Dispatch,
  DevToolsOptions, DevToolsConnection, DevToolsConnector, ControllerOptions, FetchReturn,
  KeyFilter, Action, FetchAction, SubscribeAction, FetchCause, RequestCall, ReceiveAction, ReceiveErrorAction, OptimisticAction, HydrateAction, BatchAction,
  InvalidateAction, InvalidateAllAction, ExpireAllAction, ResetAction, GCAction, GCOptions,
  ReceiveMeta, RestEndpointOptions, RestGenerics, RestArgs, RestResult, BodyData, AddGenerics, RemoveGenerics, MoveGenerics,
  AssignGenerics, PageGenerics, PathArgs, PathKeys, ShortenPath, SearchValue, GetEndpoint,
  MutateEndpoint, PaginationFieldEndpoint, RestType, Resource, ResourceOptions, ResourceGenerics,
  ResourceExtendable, HookifiedResource, GQLOptions, GQLOperation, ImageArgs,
} from './headless'

// react
export { DataProvider, CacheProvider, type DataProviderProps, type ProviderProps } from './react/DataProvider'
export { useSuspense } from './react/useSuspense'
export { useController } from './react/useController'
export { ControllerContext } from './react/context'
export { useCache } from './react/useCache'
export { useQuery } from './react/useQuery'
export { useDLE, type DLE } from './react/useDLE'
export { useError } from './react/useError'
export { useSubscription } from './react/useSubscription'
export { useLive } from './react/useLive'
export { useFetch, type UsablePromise } from './react/useFetch'
export { useDebounce } from './react/useDebounce'
export { useCancelling } from './react/useCancelling'
export { useLoading } from './react/useLoading'
export { useRevalidate } from './react/useRevalidate'
export { AsyncBoundary, ErrorBoundary, type AsyncBoundaryProps, type ErrorBoundaryProps, type ErrorFallbackProps } from './react/AsyncBoundary'
export { NetworkErrorBoundary, type NetworkErrorBoundaryProps, type NetworkErrorFallbackProps } from './react/NetworkErrorBoundary'
