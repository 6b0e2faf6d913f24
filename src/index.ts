// The public surface of tessera: everything in `tessera/store` (schemas, endpoints, the headless
// store), plus the React bindings.
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
export { useFetch } from './react/useFetch'
export { useLoading } from './react/useLoading'
export { useRevalidate } from './react/useRevalidate'
export { AsyncBoundary, ErrorBoundary, type AsyncBoundaryProps, type ErrorBoundaryProps, type ErrorFallbackProps } from './react/AsyncBoundary'
export { NetworkErrorBoundary, type NetworkErrorBoundaryProps, type NetworkErrorFallbackProps } from './react/NetworkErrorBoundary'
