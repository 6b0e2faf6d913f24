/**
 * Parameter names in a path template: `'/users/:id/posts/:postId?'` → `'id' | 'postId?'`. A name
 * is read as `compilePath` reads it at run time (a letter, `_` or `$`, then letters, digits, `_`
 * or `$`), so `:id.json` names `id` and `:8080` or `http://` name nothing. A backslash makes the
 * next character literal text, as at run time: `'http\\://host\\:8080/…'` names nothing, and
 * `'/search\\?q=:q'` names a required `q`.
 */
type RawKeys<P extends string> = P extends `${infer Before}\\${string}${infer After}`
  ? RawKeys<Before> | RawKeys<After>
  : P extends `${string}:${infer Rest}`
    ? KeyAt<ReadName<Rest>>
    : never

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
type NameChar = Lower | Uppercase<Lower> | Digit | '_' | '$'

/**
 * `[name, rest]`: the longest run of name characters at the start of S, and what follows it. Past
 * a `${string}` in a template literal type the name cannot be known: it is `string`.
 */
type ReadName<S extends string, Name extends string = ''> = string extends S
  ? [string, '']
  : S extends `${infer C}${infer Rest}`
    ? C extends NameChar ? ReadName<Rest, `${Name}${C}`> : [Name, S]
    : [Name, S]

/** The key a `:` followed by `[name, rest]` gives (none when the name is empty or starts with a digit), plus those later in the path. */
type KeyAt<Read> = Read extends [infer Name extends string, infer Rest extends string]
  ? Name extends '' | `${Digit}${string}`
    ? RawKeys<Rest>
    : Rest extends `?${infer After}` ? `${Name}?` | RawKeys<After> : Name | RawKeys<Rest>
  : never

/** Required parameter names of a path template. */
export type RequiredPathKeys<P extends string> = Exclude<RawKeys<P>, `${string}?`>
/** Optional (`:name?`) parameter names of a path template. */
export type OptionalPathKeys<P extends string> = RawKeys<P> extends infer K ? (K extends `${infer N}?` ? N : never) : never

/**
 * Every parameter name of a path template, optional ones with their `?` (`'id' | 'page?'`), as
 * data-client's `PathKeys` gives them; `string` when the names cannot be known (a path typed
 * `string`, or a template literal type such as `` `${string}:${string}` ``).
 */
export type PathKeys<P extends string> = string extends P ? string : string extends RawKeys<P> ? string : RawKeys<P>

/** True when a path's parameter names cannot be known from its type. */
export type IsOpenPath<P extends string> = string extends PathKeys<P> ? true : false

/** A path parameter's value: anything that prints into a URL segment. */
export type PathValue = string | number

/**
 * The object of path parameters a template needs, inferred from its `:name` segments. A path
 * whose names cannot be known (typed `string`) could name anything, so it takes any parameters,
 * optional.
 */
export type PathArgs<P extends string> = IsOpenPath<P> extends true
  ? { readonly [name: string]: SearchValue }
  : Flatten<{ [K in RequiredPathKeys<P>]: PathValue } & { [K in OptionalPathKeys<P>]?: PathValue }>

/**
 * One object type instead of an intersection: editors show `{ id: string | number }`, and a
 * non-object argument (`get(5)`) is refused, which TypeScript's weak-type check misses on an
 * intersection with an empty member.
 */
export type Flatten<T> = T extends object ? { [K in keyof T]: T[K] } : T

/** True when the template has no `:name` segments at all (false for a path typed `string`). */
export type HasNoPathParams<P extends string> = [PathKeys<P>] extends [never] ? true : false

/** Query parameter values the URL builder accepts. */
export type SearchValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** `path` with its last `:param` segment removed; `/` when nothing is left. */
export type ShortenPath<P extends string> = string extends P
  ? string
  : P extends `${infer Head}/:${infer Last}`
    ? Last extends `${string}/${string}`
      ? `${Head}/:${ShortenTail<Last>}`
      : Head extends '' ? '/' : Head
    : P

type ShortenTail<S extends string> = S extends `${infer A}/:${infer B}`
  ? B extends `${string}/${string}` ? `${A}/:${ShortenTail<B>}` : A
  : S
