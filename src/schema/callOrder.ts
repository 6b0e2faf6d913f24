/**
 * How deep `holdsSchema` looks through plain objects and arrays. A schema's first Entity is
 * rarely more than two or three levels down (`{ data: { results: [Article] } }`); the bound keeps
 * a cyclic or very deep input from costing more than a glance.
 */
import { isArray } from './isArray'
const DEPTH = 6

/**
 * True when `value` is a schema or holds one: an Entity class (any function: a value type such as
 * `Date` is a schema too), an object with a `normalize` method (`schema.*` instances), or an array
 * of one such item or a plain object with such members, looked into a few levels deep. A response
 * is JSON, so it never does: that is what tells `(schema, input)` calls from `(input, schema)` ones.
 * Arrays of more than one item are never schemas, so a long response list is not walked.
 */
export function holdsSchema(value: unknown, depth = DEPTH): boolean {
  if (typeof value === 'function') return true
  if (typeof value !== 'object' || value === null) return false
  if (typeof (value as { normalize?: unknown }).normalize === 'function') return true
  if (depth === 0) return false
  if (isArray(value)) return value.length === 1 && holdsSchema(value[0], depth - 1)
  const proto = Object.getPrototypeOf(value)
  // Class instances (entities, dates, immutable collections) are data, not schema definitions.
  if (proto !== Object.prototype && proto !== null) return false
  for (const key in value) if (holdsSchema((value as Record<string, unknown>)[key], depth - 1)) return true
  return false
}

/**
 * True when a `normalize` / `denormalize` call is in data-client 0.10's order, `(input, schema,
 * …)`, rather than Tessera's `(schema, input, …)`: the second argument holds a schema and the first
 * does not. When neither does, nothing gets normalized and the call only decides which argument
 * passes through: a first argument that is set, with a second one that is not an object (missing,
 * null, a string…), is 0.10's "input without a schema" (`normalize(text, null)`); anything else
 * keeps Tessera's order.
 */
export function isInputFirst(first: unknown, second: unknown): boolean {
  if (holdsSchema(first)) return false
  if (holdsSchema(second)) return true
  return first != null && (typeof second !== 'object' || second === null)
}

/**
 * `true` when the type `T` is a schema or holds one (the type-level `holdsSchema`, as deep); `any`
 * and `unknown` do not count, so a response typed `any` never selects the 0.10 call order.
 */
export type HoldsSchema<T, Depth extends unknown[] = []> = Depth['length'] extends 6
  ? false
  : 0 extends 1 & T
    ? false
    : unknown extends T
      ? false
      : T extends Primitive // before the next test: strings have a `normalize` method
        ? false
        : T extends ((...args: any[]) => any) | (abstract new (...args: any[]) => any) | { normalize(...args: any[]): any }
          ? true
          : T extends readonly (infer Item)[]
            ? HoldsSchema<Item, [...Depth, 0]>
            : T extends object
              ? true extends { [K in keyof T]-?: HoldsSchema<T[K], [...Depth, 0]> }[keyof T] ? true : false
              : false

type Primitive = string | number | boolean | bigint | symbol | null | undefined

/** `S` where the argument must hold a schema (an overload of data-client 0.10's order), `never` otherwise. */
export type SchemaArgument<S> = HoldsSchema<S> extends true ? S : never
