// The public surface of `tessera`: the React-free part (schemas, endpoints, the headless store:
// `tessera/store`, whose names headless.ts lists) and the React bindings, listed here. A name is public
// because a user needs it; tests reach internals through their own modules, never through here.

// schemas, endpoints and the store: the whole of `tessera/store`, listed once (in headless.ts)
export * from './headless'

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
