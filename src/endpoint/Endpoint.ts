import type { Schema } from '../schema/index'
import { stableStringify } from './stableKey'
import type { EndpointExtraOptions } from './types'
import { EndpointBase, optionsOf } from './EndpointBase'


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

/**
 * The members of an options object that are not endpoint options (`{ token: 'x' }`): the endpoint
 * keeps them as its own members, typed as given, and `extend` carries them along. `extra` counts
 * as one, so that its type is the one given rather than `any`.
 */
export type EndpointExtraMembers<O> = 0 extends 1 & O ? {} : string extends keyof O ? {} : Omit<O, Exclude<keyof EndpointOptions, 'extra'> | 'fetch'>

type SchemaIn<O> = O extends { readonly schema: infer S extends Schema | undefined } ? S : undefined
type SideEffectIn<O> = O extends { readonly sideEffect: infer M extends boolean | undefined } ? M : undefined

/**
 * What `new Endpoint(fetchFunction, options)` is typed by. A call without type arguments picks the
 * first signature, whose endpoint also has the options' extra members (its last three type
 * parameters are only computed from the options); a subclass (`extends Endpoint<F, S>`, at most
 * three type arguments) gets the second, since a base class must have members known beforehand.
 */
export interface EndpointConstructor {
  new <
    F extends (...args: any) => Promise<any>,
    O extends EndpointOptions & { readonly [member: string]: unknown },
    S extends SchemaIn<O>,
    M extends SideEffectIn<O>,
  >(fetchFunction: F, options?: O): Endpoint<F, S, M> & EndpointExtraMembers<O>
  new <F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined>(
    fetchFunction: F | undefined,
    options?: EndpointOptions<S, M>,
  ): Endpoint<F, S, M>
}

/**
 * Wraps any promise-returning function as an endpoint: callable like the function, plus a
 * schema, a stable cache key and cache policy. Works with any protocol. Options it does not know
 * (`{ token: 'x' }`) become members of the endpoint, as in data-client.
 */
export interface Endpoint<F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined>
  extends EndpointClass<F, S, M> {
  (...args: Parameters<F>): ReturnType<F>
}

/** The class behind `Endpoint` (RestEndpoint extends its base, EndpointBase). Not exported from the package. */
export interface EndpointClass<F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined> {
  (...args: Parameters<F>): ReturnType<F>
}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class EndpointClass<F extends (...args: any) => Promise<any> = (...args: any[]) => Promise<any>, S extends Schema | undefined = undefined, M extends boolean | undefined = undefined>
  extends EndpointBase
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

  constructor(fetchFunction: F | undefined, options: EndpointOptions<S, M> = {}) {
    // The base returns the callable endpoint object, which becomes `this`.
    super(fetchFunction, options)
  }

  /**
   * True for every endpoint object, RestEndpoint's included (it extends the shared base, not this
   * class: see EndpointBase); a subclass of Endpoint tests its own instances as usual.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return this === EndpointClass ? value instanceof EndpointBase : Function.prototype[Symbol.hasInstance].call(this, value)
  }

  /** The cache key for one argument set: the name plus the arguments as key-sorted JSON. */
  key(...args: Parameters<F>): string {
    return `${this.name} ${stableStringify(args)}`
  }

  /**
   * True when a cache key is one this endpoint made (its name, a space, the arguments), so
   * `controller.invalidateAll(endpoint)` touches only its keys. With a custom `key` option it
   * still checks the name prefix only.
   */
  testKey(key: string): boolean {
    return key.startsWith(`${this.name} `)
  }

  /**
   * A new endpoint with these options layered over this one's. A new `fetch` replaces the wrapped
   * function, and (unless `name` is given too) the endpoint is then named after it, as in data-client.
   */
  // `E`, the endpoint extended, brings the extra members it was given; the index signature
  // admits new ones (`{ token }` alone shares nothing with the options).
  extend<E, O extends EndpointOptions<any, any> & { fetch?: (...args: any) => Promise<any>; readonly [member: string]: unknown }>(
    this: E & EndpointClass<F, S, M>,
    options: O,
  ): Endpoint<
    O extends { fetch: infer F2 extends (...args: any) => Promise<any> } ? F2 : F,
    O extends { schema: infer S2 } ? (S2 extends Schema | undefined ? S2 : S) : S,
    O extends { sideEffect: infer M2 } ? (M2 extends boolean | undefined ? M2 : M) : M
  > & Omit<E, keyof Endpoint<any, any, any> | keyof O> & EndpointExtraMembers<O> {
    const { fetch = this.fetch, ...rest } = options
    const base = { ...optionsOf(this) }
    // A new function names the endpoint after itself (an anonymous one keeps the current name).
    if (fetch !== this.fetch) base.name = fetch.name || this.name
    return new (this.constructor as new (fetch: (...args: any) => Promise<any>, options: object) => any)(fetch, { ...base, ...rest })
  }
}

// The class is exported under its interface's name with the constructor type above (the same
// object at run time, so `instanceof Endpoint` and subclasses work as before).
// eslint-disable-next-line @typescript-eslint/no-redeclare
export const Endpoint = EndpointClass as unknown as EndpointConstructor
