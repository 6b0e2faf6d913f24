import { warnMiscasedOptions } from './warnMiscasedOptions'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text.
declare const process: { env: { NODE_ENV?: string } }

/**
 * What every endpoint object is made by: a function that calls its own `fetch`, with the options
 * as own members. `Endpoint` adds the generic key, `testKey` and `extend`; RestEndpoint extends
 * this base directly, since it defines those three itself, so an app that uses only RestEndpoint
 * (createResource) does not bundle Endpoint's. `instanceof Endpoint` holds for both (see
 * Endpoint's `Symbol.hasInstance`). Not exported from the package.
 */
export class EndpointBase {
  constructor(fetchFunction: ((...args: any) => Promise<any>) | undefined, options: { readonly name?: string } = {}) {
    const self = function (this: unknown, ...args: unknown[]) {
      return (self as unknown as { fetch: (...a: unknown[]) => unknown }).fetch.apply(self, args)
    }
    Object.setPrototypeOf(self, new.target.prototype)
    if (process.env.NODE_ENV !== 'production') warnMiscasedOptions(options)
    const { name, ...rest } = options
    Object.defineProperties(self, {
      // Defined, not assigned: an option may shadow a prototype accessor (RestEndpoint's sideEffect).
      // `rest` is a fresh object, so its descriptors are plain writable, enumerable values.
      ...Object.getOwnPropertyDescriptors(rest),
      ...(fetchFunction && { fetch: { value: fetchFunction, writable: true, configurable: true } }),
      name: { value: name ?? (fetchFunction?.name || 'endpoint'), configurable: true },
      // Kept so `extend` can rebuild from what was asked for, not from derived values.
      [OPTIONS]: { value: options },
    })
    return self
  }
}

const OPTIONS = Symbol('tessera.endpointOptions')

/** The options an endpoint was built with (what `extend` starts from). */
export function optionsOf(endpoint: object): Record<string, unknown> {
  return (endpoint as { [OPTIONS]?: Record<string, unknown> })[OPTIONS] ?? {}
}
