// Drives the NetInfo mock in __mocks__/@react-native-community/netinfo.js.
import { act } from '@testing-library/react-native'
import NetInfo from '@react-native-community/netinfo'

interface NetInfoMock {
  __startWith(isConnected: boolean): void
  __setConnected(isConnected: boolean): void
  __setState(state: { isConnected: boolean; isInternetReachable: boolean | null }): void
  __listenerCount(): number
}
const mock = NetInfo as unknown as NetInfoMock

/**
 * The app is about to start on a device that is (not) connected, as NetInfo will report a
 * moment after the app first subscribes (not synchronously: the device has not answered yet).
 */
export function startWith(isConnected: boolean): void {
  mock.__startWith(isConnected)
}

/** NetInfo says the device is (not) connected: every `addEventListener` listener hears it. */
export async function setConnected(isConnected: boolean): Promise<void> {
  await act(async () => mock.__setConnected(isConnected))
}

/**
 * NetInfo reports this state, e.g. `{ isConnected: true, isInternetReachable: null }`: connected,
 * reachability not known yet (a device reports that first when a network comes back, then
 * `isInternetReachable: true` once it has checked).
 */
export async function setNetInfoState(state: { isConnected: boolean; isInternetReachable: boolean | null }): Promise<void> {
  await act(async () => mock.__setState(state))
}

/** How many NetInfo listeners are subscribed (the library subscribes one when it uses NetInfo). */
export function netInfoListeners(): number {
  return mock.__listenerCount()
}
