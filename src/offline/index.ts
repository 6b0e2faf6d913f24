// The public surface of `tessera/offline`: retries, network mode and the mutation queue, then
// (below the marker) persistence and tabs. Nothing here reaches the minimal import.

// retries, network mode, the queue
export { OfflineManager, type OfflineOptions, type QueuedMutation, type RetryOptions, type WaitingRequest } from './OfflineManager'
export { usePendingMutations } from './usePendingMutations'
export { setNetworkSource, type NetworkSource } from '../store/network'

// persistence and tabs
export { persist, type Persister, type PersistOptions, type PersistedQueue } from './persist'
export { indexedDBStorage, webStorage, asyncStorage, type PersistStorage, type AsyncKeyValueStorage } from './storage'
export { syncTabs, type SyncTabsOptions, type TabSync, type TabsQueue, type TabsPolling, type TabLocks } from './tabs'
