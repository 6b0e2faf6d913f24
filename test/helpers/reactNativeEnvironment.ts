import NodeEnvironment from 'jest-environment-node'

/**
 * The globals a React Native app runs with, as far as Tessera looks at them: `window` is the
 * global object itself (React Native sets `global.window = global`), with no `addEventListener`;
 * no `document`, `BroadcastChannel` or `indexedDB`; a `navigator` without `onLine`; and
 * `requestAnimationFrame`. Code that takes `window` for a browser's breaks here as it does on a
 * phone. `IS_REACT_NATIVE_TEST_ENVIRONMENT` is what React Native's jest preset sets (it also keeps
 * react-test-renderer from warning that it is deprecated).
 *
 * Opt in per file with a docblock: `@jest-environment ./test/helpers/reactNativeEnvironment.ts`.
 */
export class ReactNativeEnvironment extends NodeEnvironment {
  constructor(...args: ConstructorParameters<typeof NodeEnvironment>) {
    super(...args)
    const global = this.global as unknown as Record<string, unknown>
    // Node has these; React Native does not.
    for (const name of ['BroadcastChannel', 'addEventListener', 'removeEventListener', 'document', 'indexedDB']) delete global[name]
    Object.assign(global, {
      window: global,
      navigator: { product: 'ReactNative' },
      requestAnimationFrame: (callback: (time: number) => void) => setTimeout(() => callback(Date.now()), 16),
      cancelAnimationFrame: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
      IS_REACT_ACT_ENVIRONMENT: true,
      IS_REACT_NATIVE_TEST_ENVIRONMENT: true,
    })
  }
}

// Jest loads a test environment through its default export.
export default ReactNativeEnvironment
