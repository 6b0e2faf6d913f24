/**
 * What `tessera openapi` refuses: an unreadable file, a document that is not OpenAPI, a broken or
 * external `$ref`, an output folder it must not replace. The message is one line that says what
 * and where, because the CLI prints it as it is and exits non-zero without writing anything.
 * (The CLI runs in Node at build time, never in an app, so its messages carry no production codes.)
 */
export class OpenApiError extends Error {
  override name = 'OpenApiError'

  constructor(message: string) {
    // One line whatever the cause says (a YAML parser's message spans several).
    super(message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' '))
  }
}
