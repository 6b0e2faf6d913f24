/**
 * Parameter names in a path template, in the form {@link PathKeys} gives them: `'/users/:id'` →
 * `'id'`; optional ones (`:name?`, or anything inside a `{…}` group) with a `?`; wildcards with a
 * `*` (`'/files/*path'` → `'*path'`, `'/files{/*path}'` → `'*path?'`). A name is read as `template`
 * reads it at run time (a letter, `_` or `$`, then letters, digits, `_` or `$`, or any text in
 * double quotes), so `:id.json` names `id` and `:8080` or `http://` name nothing. A backslash makes
 * the next character literal text, as at run time: `'http\\://host\\:8080/…'` names nothing.
 */
type RawKeys<P extends string> = Outside<Unescape<P>>

/** The path with each escaped character (and its backslash) replaced by a `/`, which names nothing and ends a name. */
type Unescape<P extends string> = P extends `${infer Before}\\${string}${infer After}` ? `${Before}/${Unescape<After>}` : P

/** Keys of text outside any group: up to the next `{`, then the group. */
type Outside<S extends string> = S extends `${infer Text}{${infer Rest}` ? Keys<Text, ''> | Inside<Rest, []> : Keys<S, ''>

/**
 * Keys of text inside a group (everything there is optional), `Depth` holding one item for each
 * enclosing group beyond the first; past the group's `}`, back to the text around it.
 */
type Inside<S extends string, Depth extends unknown[]> = S extends `${infer Text}}${infer Rest}`
  ? Text extends `${infer Before}{${infer Nested}`
    ? Keys<Before, '?'> | Inside<`${Nested}}${Rest}`, [...Depth, 0]>
    : Keys<Text, '?'> | (Depth extends [unknown, ...infer Outer] ? Inside<Rest, Outer> : Outside<Rest>)
  : Keys<S, '?'>

/** Keys of text without braces: each `:name` and `*name`, with `Mark` (`'?'` inside a group). */
type Keys<S extends string, Mark extends string> = Marked<S, ':', Mark> | Marked<S, '*', Mark>

type Marked<S extends string, M extends ':' | '*', Mark extends string> = S extends `${string}${M}${infer Rest}`
  ? KeyAt<Rest extends `"${infer Quoted}"${infer After}` ? [Quoted, After] : ReadName<Rest>, M extends '*' ? '*' : '', Mark, M>
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

/**
 * The key a `:` or `*` followed by `[name, rest]` gives (none when the name is empty or starts with
 * a digit), `?` marked when it is in a group or followed by `?`, plus the keys later in the text.
 */
type KeyAt<Read, Star extends string, Mark extends string, M extends ':' | '*'> = Read extends [infer Name extends string, infer Rest extends string]
  ? Name extends '' | `${Digit}${string}`
    ? Marked<Rest, M, Mark>
    : Rest extends `?${infer After}` ? `${Star}${Name}?` | Marked<After, M, Mark> : `${Star}${Name}${Mark}` | Marked<Rest, M, Mark>
  : never

/** Keys (as {@link PathKeys} gives them) of the parameters a call must give: `'id' | '*path'`. */
export type RequiredPathKeys<P extends string> = Exclude<RawKeys<P>, `${string}?`>
/** Keys of the parameters a call may leave out, without their `?`: `'page' | '*path'`. */
type OptionalPathKeys<P extends string> = RawKeys<P> extends infer K ? (K extends `${infer N}?` ? N : never) : never

/** The property a key names: `*path` → `path`. */
type NameOf<K> = K extends `*${infer Name}` ? Name : K
/** The value a key takes: segments for a wildcard, one value otherwise. */
type ValueOf<K> = K extends `*${string}` ? readonly PathValue[] : PathValue

/**
 * Every parameter name of a path template, optional ones (`:page?`, or in a `{…}` group) with a
 * `?` and wildcards with a `*` (`'id' | 'page?' | '*path'`), as data-client 0.14's `PathKeys` gives
 * them (0.16 marks a group's names with a `}` instead); `string` when the names cannot be known (a path typed
 * `string`, or a template literal type such as `` `${string}:${string}` ``).
 */
export type PathKeys<P extends string> = string extends P ? string : string extends RawKeys<P> ? string : RawKeys<P>

/** True when a path's parameter names cannot be known from its type. */
export type IsOpenPath<P extends string> = string extends PathKeys<P> ? true : false

/** A path parameter's value: anything that prints into a URL segment. */
export type PathValue = string | number

/**
 * The object of path parameters a template needs, inferred from its `:name` and `*name` segments:
 * optional for a `:name?` and for anything in a `{…}` group, an array of segments for a `*name`
 * wildcard (as in data-client, which refuses a string there). A path whose names cannot be known
 * (typed `string`) could name anything, so it takes any parameters, optional.
 */
export type PathArgs<P extends string> = IsOpenPath<P> extends true
  ? { readonly [name: string]: SearchValue }
  : Flatten<
      { [K in RequiredPathKeys<P> as NameOf<K>]: ValueOf<K> } & { [K in OptionalPathKeys<P> as NameOf<K>]?: ValueOf<K> }
    >

/**
 * One object type instead of an intersection: editors show `{ id: string | number }`, and a
 * non-object argument (`get(5)`) is refused, which TypeScript's weak-type check misses on an
 * intersection with an empty member.
 */
export type Flatten<T> = T extends object ? { [K in keyof T]: T[K] } : T

/** True when the template has no `:name` or `*name` segments at all (false for a path typed `string`). */
export type HasNoPathParams<P extends string> = [PathKeys<P>] extends [never] ? true : false

/** Query parameter values the URL builder accepts. */
export type SearchValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/**
 * The list path `shortenPath` makes of `path`: without its last `{…}` group when it ends with one,
 * else without its last segment when that starts with `:` or `*`; `/` when nothing is left.
 */
export type ShortenPath<P extends string> = string extends P
  ? string
  : P extends `${string}}`
    ? DropGroup<P, ''> extends infer Short extends string ? (Short extends '' ? '/' : Short) : P
    : DropSegment<P, ''>

/** P without its last group (Head: the text before P already passed); P itself when the group nests. */
type DropGroup<P extends string, Head extends string> = P extends `${infer Before}{${infer Group}`
  ? Group extends `${string}{${string}`
    ? DropGroup<Group, `${Head}${Before}{`>
    : Group extends `${string}}${string}}` ? `${Head}${P}` : `${Head}${Before}`
  : `${Head}${P}`

/** P without its last segment when that is a parameter (and holds no brace). */
type DropSegment<P extends string, Head extends string> = P extends `${infer Segment}/${infer Rest}`
  ? DropSegment<Rest, `${Head}${Segment}/`>
  : P extends `${':' | '*'}${string}` ? (P extends `${string}${'{' | '}'}${string}` ? `${Head}${P}` : Head extends '/' | '' ? '/' : Head extends `${infer Short}/` ? Short : Head) : `${Head}${P}`
