// Drives AppState under @react-native/jest-preset. The preset mocks AppState with jest.fn()s:
// `addEventListener` records its calls and returns a `remove` that removes nothing, and
// `currentState` is a function, not a string. Imported before the app, this gives the mock a
// real listener list and a `currentState` string, then `setAppState` plays a transition as a
// device does (the state changes, then every 'change' listener hears it).
import { act } from '@testing-library/react-native'
import { AppState, type AppStateStatus } from 'react-native'

const listeners = new Set<(state: AppStateStatus) => void>()
const appState = AppState as unknown as { currentState: AppStateStatus }
appState.currentState = 'active'

jest.mocked(AppState.addEventListener).mockImplementation((type, listener) => {
  if (type === 'change') listeners.add(listener as (state: AppStateStatus) => void)
  return { remove: () => void listeners.delete(listener as (state: AppStateStatus) => void) }
})

/** The app goes to `state` ('background', 'active', ...). */
export async function setAppState(state: AppStateStatus): Promise<void> {
  await act(async () => {
    appState.currentState = state
    for (const listener of [...listeners]) listener(state)
  })
}

/** How many 'change' listeners are subscribed now. */
export function appStateListeners(): number {
  return listeners.size
}
