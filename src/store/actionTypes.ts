/** Action types: what happened to the cache, namespaced so they read well in Redux DevTools. */
export const FETCH = 'tessera/fetch' as const
export const RECEIVE = 'tessera/receive' as const
export const OPTIMISTIC = 'tessera/optimistic' as const
export const INVALIDATE = 'tessera/invalidate' as const
export const INVALIDATE_ALL = 'tessera/invalidateAll' as const
export const EXPIRE_ALL = 'tessera/expireAll' as const
export const RESET = 'tessera/reset' as const
export const REPLACE_STATE = 'tessera/replaceState' as const
export const GC = 'tessera/gc' as const
/** Data rendered on a server (or restored from storage) merged in: a batch of receive actions. */
export const HYDRATE = 'tessera/hydrate' as const
/** Changes made here inside `store.batch(run)`, applied in order as one action (one render, one DevTools step). */
export const BATCH = 'tessera/batch' as const
/**
 * A reader subscribed (`controller.subscribe`: useSubscription, useLive) or went away. They pass
 * through the managers' middleware, where one may take the subscription over (not call `next`);
 * past the last middleware they reach the store's registry of mounted reads, not the reducer, and
 * no listener sees them: they change no state.
 */
export const SUBSCRIBE = 'tessera/subscribe' as const
export const UNSUBSCRIBE = 'tessera/unsubscribe' as const
