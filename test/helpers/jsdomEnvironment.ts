import JSDOMEnvironment from 'jest-environment-jsdom'

/**
 * jsdom plus what Node has and jsdom lacks: `Response`, `Headers` and `Request` (RestEndpoint and
 * the fake fetch build and read them) and `setImmediate` (the test helpers' `flush`). Not `fetch`
 * itself: a React test that forgets the fake fetch must fail, not reach the network.
 *
 * Opt in per file with a docblock: `@jest-environment ./test/helpers/jsdomEnvironment.ts`.
 */
export class JsdomEnvironment extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args)
    // This module runs in Node's own realm, so these are Node's globals, not the test window's.
    Object.assign(this.global, { Response, Headers, Request, setImmediate, clearImmediate, TextEncoder, TextDecoder })
  }
}

// Jest loads a test environment through its default export.
export default JsdomEnvironment
