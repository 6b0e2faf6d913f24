// Drives the NetInfo mock in __mocks__/@react-native-community/netinfo.js.
import { act } from '@testing-library/react-native'
import NetInfo from '@react-native-community/netinfo'

interface NetInfoMock {
  __setConnected(isConnected: boolean): void
  __listenerCount(): number
}
const mock = NetInfo as unknown as NetInfoMock

/** NetInfo says the device is (not) connected: every `addEventListener` listener hears it. */
export async function setConnected(isConnected: boolean): Promise<void> {
  await act(async () => mock.__setConnected(isConnected))
}

/** How many NetInfo listeners are subscribed (the library subscribes one when it uses NetInfo). */
export function netInfoListeners(): number {
  return mock.__listenerCount()
}
