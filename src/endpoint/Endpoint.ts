import type { Schema } from '../schema/index'
import { stableStringify } from './stableKey'
import type { EndpointExtraOptions } from './types'

/** Options of `new Endpoint(fetchFunction, options)`. */
export interface EndpointOptions<S extends Schema | undefined = Schema | undefined, M extends boolean | undefined = boolean | undefined>
  extends EndpointExtraOptions {
  readonly schema?: S
  /** Marks a mutation: never deduplicated, run through `controller.fetch`. */
  readonly sideEffect?: M
  /** Overrides the cache key; defaults to the name plus the arguments as stable JSON. */
  readonly key?: (...args: any[]) => string
  /** Shown in keys and devtools; defaults to the fetch function's name. */
  readonly name?: string
}

// Own properties that are plumbing, not options, so `extend` does not copy them.
const NOT_OPTIONS = new Set(['fetch', 'length', 'prototype', 'arguments', 'caller'])

/**
 * Wraps any promise-returning function as an endpoint: callable like the function, plus a
 * schema, a stable cache key and cache policy. Works with any protocol.
 */
export interface Endpoint<F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined> {
  (...args: Parameters<F>): ReturnType<F>
}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Endpoint<F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined>
  implements EndpointExtraOptions
{
  declare readonly schema: S
  declare readonly sideEffect: M
  declare readonly name: string
  declare readonly dataExpiryLength?: number
  declare readonly errorExpiryLength?: number
  declare readonly errorPolicy?: EndpointExtraOptions['errorPolicy']
  declare readonly invalidIfStale?: boolean
  declare readonly pollFrequency?: number
  declare readonly getOptimisticResponse?: EndpointExtraOptions['getOptimisticResponse']
  /** The wrapped function; calling the endpoint calls this with the endpoint as `this`. */
  declare readonly fetch: F

  constructor(fetchFunction: F, options: EndpointOptions<S, M> = {}) {
    const self = function (this: unknown, ...args: unknown[]) {
      return (self as unknown as Endpoint<F, S, M>).fetch.apply(self, args as Parameters<F>)
    } as unknown as Endpoint<F, S, M>
    Object.setPrototypeOf(self, new.target.prototype)
    const { key, name, ...rest } = options
    Object.assign(self, rest)
    Object.defineProperty(self, 'fetch', { value: fetchFunction, writable: true, configurable: true })
    Object.defineProperty(self, 'name', { value: name ?? (fetchFunction.name || 'endpoint'), configurable: true })
    if (key !== undefined) Object.defineProperty(self, 'key', { value: key, writable: true, configurable: true })
    return self
  }

  /** The cache key for one argument set: the name plus the arguments as key-sorted JSON. */
  key(...args: Parameters<F>): string {
    return `${this.name} ${stableStringify(args)}`
  }

  /** A new endpoint with these options layered over this one's. */
  extend<O extends EndpointOptions<any, any>>(options: O): Endpoint<F, O extends { schema: infer S2 } ? (S2 extends Schema | undefined ? S2 : S) : S, O extends { sideEffect: infer M2 } ? (M2 extends boolean | undefined ? M2 : M) : M> {
    const current: Record<string, unknown> = {}
    for (const prop of Object.getOwnPropertyNames(this)) {
      if (!NOT_OPTIONS.has(prop)) current[prop] = (this as any)[prop]
    }
    const Ctor = this.constructor as new (fetch: F, options: object) => any
    return new Ctor(this.fetch, { ...current, ...options })
  }
}
