import { createStore } from '../store/createStore'
import type { State } from '../store/state'
import type { Fixture } from './fixtureTypes'

/**
 * The state a cache would hold had each fixture's request just been answered, to start a
 * provider from (`<CacheProvider initialState={mockInitialState(fixtures)}>`) or a store
 * (`createStore({ initialState })`). Built by a throwaway store through the same write path as a
 * response, so it is normalized, timed (now, by `Date.now()`) and validated like one; an error
 * fixture is stored as that read's failure. A later fixture for the same arguments replaces an
 * earlier one.
 * @throws {SchemaError} when a response does not fit its endpoint's schema.
 */
export function mockInitialState(fixtures: readonly Fixture[] = []): State {
  const store = createStore()
  try {
    for (const fixture of fixtures) {
      const { endpoint, args, error } = fixture
      // A response given as a function is a function of the arguments, as when a resolver answers.
      const response = typeof fixture.response === 'function' ? (fixture.response as (...a: readonly unknown[]) => unknown)(...args) : fixture.response
      if (error === true) store.controller.setError(endpoint, ...args, response as Error)
      else store.controller.setResponse(endpoint, ...args, response)
    }
    return store.getState()
  } finally {
    store.cleanup()
  }
}
