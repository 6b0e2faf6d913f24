import type { EndpointInterface } from '../endpoint/types'

/**
 * What an action was made from that the action itself does not carry, since it is plain JSON: the
 * endpoint (or, for `controller.set`, the schema) and the value written or the error thrown. Kept
 * beside the action, never in it, for as long as the action object lives: the store's registry of
 * mounted reads finds a subscription's endpoint here, and the data-client view of an action
 * (for managers written on data-client's protocol) its `endpoint`, `response` and `schema`.
 */
export interface Origin {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
  /** The response, the error (for an error action), or `controller.set`'s value. */
  readonly value?: unknown
  /** `controller.set`'s schema: its action is a response of the schema's query endpoint. */
  readonly schema?: unknown
}

/** Origins by action. A WeakMap, so a logged or replayed action is the same object without one. */
export const origins = new WeakMap<object, Origin>()
