/**
 * Writing the document's text into generated code as data, never as code: string literals, the
 * keys of object literals and types, and comments. Every piece of the document that reaches the
 * output goes through one of these.
 */
import { isIdentifierName } from './names'

/**
 * A single-quoted string literal (the house style) built from `JSON.stringify`, which escapes
 * backslashes, control characters and lone surrogates; single quotes are then escaped and the
 * escaped double quotes unescaped, escape by escape so a `\\"` pair is never split.
 */
export function stringLiteral(text: string): string {
  const body = JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\.|'/g, (match) => (match === '\\"' ? '"' : match === "'" ? "\\'" : match))
  return `'${body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}'`
}

/**
 * A property name in a type literal or a class body: as it is when it is an identifier, else a
 * quoted string. (`__proto__` quoted in a type is only a type; class bodies never get it, see
 * the entity writer, and object literals use {@link objectKey}.)
 */
export function propertyName(name: string): string {
  return isIdentifierName(name) ? name : stringLiteral(name)
}

/**
 * A key of an object literal that runs: `__proto__` as a key (quoted or not) would set the
 * object's prototype instead of adding a member, so it is written computed (`['__proto__']`),
 * which defines an own property like any other key.
 */
export function objectKey(name: string): string {
  if (name === '__proto__') return `[${stringLiteral(name)}]`
  return propertyName(name)
}

/**
 * Text for a `/** … *\/` comment, one string per line: a `*\/` in the text cannot end the comment
 * (it becomes `*\/`), every kind of line break (`\r`, `\u2028`, `\u2029`) becomes a line of its
 * own (a line break inside a `//` comment would end it; these go in block comments only), and
 * control characters are dropped.
 */
export function commentLines(text: string): string[] {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => line.trimEnd())
}

/** A `/** … *\/` block from lines of text (nothing when they are all empty), indented by `indent`. */
export function docComment(lines: readonly string[], indent = ''): string {
  const kept = lines.flatMap((line) => commentLines(line))
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop()
  while (kept.length > 0 && kept[0] === '') kept.shift()
  if (kept.length === 0) return ''
  if (kept.length === 1) return `${indent}/** ${kept[0]} */\n`
  return `${indent}/**\n${kept.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`).join('\n')}\n${indent} */\n`
}

/** Text for a one-line comment or message: every line break and control character a space. */
export function oneLine(text: string): string {
  return commentLines(text).join(' ').replace(/\s+/g, ' ').trim()
}
