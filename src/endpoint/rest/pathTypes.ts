/**
 * Parameter names in a path template: `'/users/:id/posts/:postId?'` → `'id' | 'postId?'`. An
 * escaped colon (`'http\\://host\\:8080/…'`, a backslash before the colon) is literal text.
 */
type RawKeys<P extends string> = P extends `${infer Before}\\:${infer After}`
  ? RawKeys<Before> | RawKeys<After>
  : P extends `${string}:${infer Rest}`
    ? Rest extends `${infer Name}/${infer Tail}`
      ? CleanName<Name> | RawKeys<`/${Tail}`>
      : CleanName<Rest>
    : never

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

/**
 * Cuts a name at the first character that cannot be part of it (`:id.json` → `id`); a colon not
 * followed by a name (`http://`, `:8080`) is no parameter, as at run time.
 */
type CleanName<S extends string> = S extends `${infer A}.${string}` ? ValidName<A> : S extends `${infer A}-${string}` ? ValidName<A> : ValidName<S>
type ValidName<S extends string> = S extends '' | '?' | `${Digit}${string}` ? never : S

/** Required parameter names of a path template. */
export type RequiredPathKeys<P extends string> = Exclude<RawKeys<P>, `${string}?`>
/** Optional (`:name?`) parameter names of a path template. */
export type OptionalPathKeys<P extends string> = RawKeys<P> extends infer K ? (K extends `${infer N}?` ? N : never) : never

/** A path parameter's value: anything that prints into a URL segment. */
export type PathValue = string | number

/** The object of path parameters a template needs, inferred from its `:name` segments. */
export type PathArgs<P extends string> = { [K in RequiredPathKeys<P>]: PathValue } & { [K in OptionalPathKeys<P>]?: PathValue }

/** True when the template has no `:name` segments at all. */
export type HasNoPathParams<P extends string> = [RawKeys<P>] extends [never] ? true : false

/** Query parameter values the URL builder accepts. */
export type SearchValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** `path` with its last `:param` segment removed; `/` when nothing is left. */
export type ShortenPath<P extends string> = P extends `${infer Head}/:${infer Last}`
  ? Last extends `${string}/${string}`
    ? `${Head}/:${ShortenTail<Last>}`
    : Head extends '' ? '/' : Head
  : P

type ShortenTail<S extends string> = S extends `${infer A}/:${infer B}`
  ? B extends `${string}/${string}` ? `${A}/:${ShortenTail<B>}` : A
  : S
