// NetInfo in jest: the package's own mock (@react-native-community/netinfo/jest/netinfo-mock.js)
// answers "connected" for ever and never calls a listener, so a test could not take the device
// offline. This one keeps a connection state that `testing/netInfo.ts` changes, and tells every
// `addEventListener` listener, as NetInfo does on a device. Jest uses it for every import of
// the package (app, library and tests) because it sits in __mocks__ next to node_modules.
const { useSyncExternalStore } = require('react')

const NetInfoStateType = {
  unknown: 'unknown',
  none: 'none',
  cellular: 'cellular',
  wifi: 'wifi',
  bluetooth: 'bluetooth',
  ethernet: 'ethernet',
  wimax: 'wimax',
  vpn: 'vpn',
  other: 'other',
}

const connected = { type: 'wifi', isConnected: true, isInternetReachable: true, details: { isConnectionExpensive: false } }
const disconnected = { type: 'none', isConnected: false, isInternetReachable: false, details: null }

let current = connected
/** Whether NetInfo has heard from the device yet (see addEventListener). */
let known = true
const listeners = new Set()

function addEventListener(listener) {
  listeners.add(listener)
  if (known) {
    // NetInfo calls a new listener at once with the state it knows...
    listener(current)
  } else {
    // ...or, before the device has answered (the app's first subscriber), a moment later.
    setTimeout(() => {
      known = true
      if (listeners.has(listener)) listener(current)
    }, 5)
  }
  return () => listeners.delete(listener)
}

const NetInfo = {
  NetInfoStateType,
  configure: jest.fn(),
  fetch: jest.fn(async () => {
    known = true
    return current
  }),
  refresh: jest.fn(async () => current),
  addEventListener: jest.fn(addEventListener),
  useNetInfo: () =>
    useSyncExternalStore(
      (listener) => addEventListener(() => listener()),
      () => current,
    ),
  /**
   * Test-only: the app starts with NetInfo not yet having heard from the device, which then
   * reports this connection (to the first listener a moment after it subscribes).
   */
  __startWith(isConnected) {
    current = isConnected ? connected : disconnected
    known = false
  },
  /** Test-only: sets the connection and tells every listener (testing/netInfo.ts). */
  __setConnected(isConnected) {
    known = true
    current = isConnected ? connected : disconnected
    for (const listener of [...listeners]) listener(current)
  },
  /**
   * Test-only: any state, e.g. `{ isConnected: true, isInternetReachable: null }` (connected,
   * reachability not known yet: what a device reports first when the network comes back).
   */
  __setState(state) {
    known = true
    current = { ...(state.isConnected ? connected : disconnected), ...state }
    for (const listener of [...listeners]) listener(current)
  },
  /** Test-only: how many listeners are subscribed now. */
  __listenerCount: () => listeners.size,
}
NetInfo.default = NetInfo

module.exports = NetInfo
