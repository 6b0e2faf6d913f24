// tessera/test: data-client's `@data-client/test` names and call shapes on Tessera's public store
// API, so an app's component tests move over by changing the import. Needs @testing-library/react
// (an optional peer dependency of tessera, used by this entry only).
export { makeRenderDataClient, type RenderDataClient, type RenderDataClientOptions, type RenderDataClientResult, type TestProviderProps } from './makeRenderDataClient'
export { renderHook, type RenderHookResult } from './renderHook'
export { renderDataHook } from './renderDataHook'
export { mockInitialState } from './mockInitialState'
export { MockResolver, type MockResolverProps } from './MockResolver'
export { interceptController, type InterceptOptions } from './interceptController'
export type {
  Fixture,
  SuccessFixture,
  ErrorFixture,
  FixtureEndpoint,
  SuccessFixtureEndpoint,
  ErrorFixtureEndpoint,
  Interceptor,
  ResponseInterceptor,
  FetchInterceptor,
  InterceptableEndpoint,
  FixtureResponse,
} from './fixtureTypes'
// Testing Library's act (React's), re-exported as data-client's test package does: through
// makeRenderDataClient, a client module, so that importing this entry in a React Server Components
// graph (for mockInitialState, say) does not load Testing Library, which needs react-dom's client.
export { act } from './makeRenderDataClient'
export type { RenderHookOptions } from './renderHook'
