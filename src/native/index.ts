// Tessera for React Native: the main entry, with the provider and read hooks that follow the app
// (AppState), the device's network (NetInfo) and the screen (React Navigation's focus). Package
// `exports` give it under the `react-native` condition, which Metro and the React Native jest
// preset both use, so `import … from 'tessera'` needs no change in an app.
import { setNetworkSource } from '../store/network'
import { netInfoSource } from './platform'

export * from '../index'
export { DataProvider, CacheProvider } from './DataProvider'
export { AsyncBoundary, ErrorBoundary, NetworkErrorBoundary, NativeErrorFallback } from './boundaries'
export { useSuspense, useDLE, useFetch, useCache, useSubscription, useLive } from './hooks'
export { setNetworkSource, type NetworkSource } from '../store/network'

// NetInfo, when the app has it, is the device's network status for every manager (once, here).
const netInfo = netInfoSource()
if (netInfo !== undefined) setNetworkSource(netInfo)
