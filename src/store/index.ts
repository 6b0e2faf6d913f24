export * from './actionTypes'
export * from './actions'
export { reducer } from './reducer'
export { createInitialState, hydrateState, selectMeta, selectResult, type State, type ResponseMeta, type SerializedError, type OptimisticLayer } from './state'
export { ExpiryStatus, selectResponse, selectError, type ResponseInfo } from './selectors'
export { Controller, DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY, NEVER, ResetError, type ControllerOptions, type FetchReturn, type KeyFilter } from './Controller'
export { tesseraHooks, type Manager, type ManagerAPI, type Middleware, type Next, type Dispatch, type RequestCall, type TesseraHooks } from './Manager'
export {
  actionTypes,
  toDataClientAction,
  type ActionTypes,
  type DataClientFetchAction,
  type DataClientSetResponseAction,
  type DataClientSetAction,
  type DataClientOptimisticAction,
  type DataClientSubscribeAction,
  type DataClientInvalidateAction,
  type DataClientInvalidateAllAction,
  type DataClientResetAction,
  type DataClientGCAction,
  type DataClientMeta,
} from './dataClientActions'
export { DevToolsManager } from './managers/DevToolsManager'
export { NetworkManager, AbortError } from './managers/NetworkManager'
export { IdlingNetworkManager } from './managers/IdlingNetworkManager'
export { GCPolicy, ImmortalGCPolicy, type GCPolicyOptions } from './managers/GCPolicy'
export { PollingManager } from './managers/PollingManager'
export { SubscriptionManager, PollingSubscription } from './managers/SubscriptionManager'
export { LogoutManager, type LogoutManagerOptions, type LogoutError } from './managers/LogoutManager'
export { GCManager, DEFAULT_GC_TIME, DEFAULT_GC_BATCH, type GCOptions } from './managers/GCManager'
export { connectDevTools, devTools, type DevToolsOptions, type DevToolsConnection, type DevToolsConnector, type DevToolsHost } from './managers/devtools'
export { createStore, type Store, type StoreOptions, type StoreListener } from './createStore'
export type { StoreInspection } from './kernel'
export type { MountedRead } from './readers'
export { getDefaultManagers, type DefaultManagersOptions } from './getDefaultManagers'
