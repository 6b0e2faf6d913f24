import { act, render, type RenderResult } from '@testing-library/react'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import { AsyncBoundary, DataProvider, type ErrorFallbackProps } from '../../src/index'
import { createTestStore, flush, type TestStore } from './createTestStore'

export interface RenderWithStoreOptions {
  /** The store to render against (default: a fresh `createTestStore()`, on its own clock). */
  store?: TestStore
  /** What the AsyncBoundary shows while anything suspends (default: "Loading…"). */
  fallback?: ReactNode
  /** The AsyncBoundary's error component (default: AsyncBoundary's own, with a Retry button). */
  errorComponent?: ComponentType<ErrorFallbackProps>
}

export type RenderWithStoreResult = RenderResult & TestStore

export const LOADING = 'Loading…'

/**
 * Renders `ui` inside a DataProvider (given a createTestStore store, so the test owns the clock)
 * and one AsyncBoundary. `rerender` keeps both. Returns the render result plus the test store:
 * `store`, `controller`, `clock`, `actions`.
 */
export function renderWithStore(ui: ReactElement, options: RenderWithStoreOptions = {}): RenderWithStoreResult {
  const testStore = options.store ?? createTestStore()
  const { fallback = <p>{LOADING}</p>, errorComponent } = options
  stores.push(testStore)
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <DataProvider store={testStore.store}>
      <AsyncBoundary fallback={fallback} errorComponent={errorComponent}>
        {children}
      </AsyncBoundary>
    </DataProvider>
  )
  const result: RenderResult = render(ui, { wrapper })
  return { ...result, ...testStore }
}

const stores: TestStore[] = []
let consoleErrors: jest.SpyInstance | undefined
let consoleErrorsExpected = false

// React reports misuse (an update during another component's render, an update outside act)
// only through console.error: such a report fails the test unless it called allowConsoleErrors.
beforeEach(() => {
  consoleErrorsExpected = false
  consoleErrors = jest.spyOn(console, 'error')
})

afterEach(() => {
  // A store passed to DataProvider belongs to the caller: stop its timers once the test is done.
  for (const { store } of stores.splice(0)) store.cleanup()
  const calls = consoleErrors?.mock.calls ?? []
  consoleErrors?.mockRestore()
  if (!consoleErrorsExpected && calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((call) => call.map(String).join(' ')).join('\n')}`)
  }
})

/** For tests where React is expected to report errors (those an error boundary caught): silences and allows them. */
export function allowConsoleErrors(): void {
  consoleErrorsExpected = true
  consoleErrors?.mockImplementation(() => {})
}

/**
 * Runs `work` (settling a fake request, dispatching through the controller) inside `act` and lets
 * the store's promise callbacks finish, so React has rendered the outcome when this resolves.
 * Without `work`, lets fetches that a render started (just after itself) begin.
 */
export async function settle(work: () => unknown = () => undefined): Promise<void> {
  await act(async () => {
    await work()
    await flush()
  })
}
