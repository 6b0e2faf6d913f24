// The public surface of `tessera/offline`: retries, network mode and the mutation queue, then
// (below the marker) persistence and tabs. Nothing here reaches the minimal import.

// retries, network mode, the queue
export { OfflineManager, type OfflineOptions, type QueuedMutation, type RetryOptions } from './OfflineManager'
export { usePendingMutations } from './usePendingMutations'

// persistence and tabs
export { persist, type Persister, type PersistOptions, type PersistedQueue } from './persist'
export { indexedDBStorage, webStorage, type PersistStorage } from './storage'
export { syncTabs, type SyncTabsOptions, type TabSync, type TabsQueue, type TabsPolling, type TabLocks } from './tabs'
