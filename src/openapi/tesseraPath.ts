/**
 * An OpenAPI path (`/pets/{petId}`) in Tessera's path syntax (`/pets/:petId`). The document's
 * literal text is escaped where the syntax gives a character a meaning (`:`, `*`, `{`, `}`, `?`,
 * `+`, `(`, `)`, `[`, `]`, `\`), and a parameter whose name is not a plain identifier, or that
 * text continuing a name follows, is written quoted (`:"pet-id"`), so the path means what the
 * document says. Undefined when a parameter name holds a quote or a backslash (not writable).
 */
export function tesseraPath(path: string): string | undefined {
  let out = ''
  const pattern = /\{([^{}]*)\}/g
  let copied = 0
  for (let match = pattern.exec(path); match !== null; match = pattern.exec(path)) {
    out += escapeText(path.slice(copied, match.index))
    const name = match[1]!
    if (name === '' || /["\\]/.test(name)) return undefined
    const next = path[match.index + match[0].length] ?? ''
    out += /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !/[A-Za-z0-9_$]/.test(next) ? `:${name}` : `:"${name}"`
    copied = match.index + match[0].length
  }
  return out + escapeText(path.slice(copied))
}

function escapeText(text: string): string {
  return text.replace(/[:*{}?+()[\]\\]/g, '\\$&')
}

/** The path parameter names of an OpenAPI path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!)
}
