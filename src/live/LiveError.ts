// What tessera/live reports: a dropped message, or a connection that could not be made, and the
// words for it.

/** A message that was dropped (`data` is what arrived), or a connection that could not be made. */
export class LiveError extends Error {
  override name = 'LiveError'
  constructor(
    message: string,
    /** The raw message, as it arrived (undefined for a connection error). */
    readonly data?: unknown,
    /** What was thrown: the JSON parse error, the schema's error, onMessage's throw. */
    override readonly cause?: unknown,
  ) {
    super(message)
  }
}

/** Tells `onError` of `error`, or the console when there is no `onError`. */
export function reportTo(onError: ((error: LiveError) => void) | undefined, error: LiveError): void {
  if (onError) onError(error)
  else if (typeof console !== 'undefined') console.error(error.message, error.cause)
}

/** What was thrown, as text (whatever it is: a throw may be anything). */
export function describe(error: unknown): string {
  if (typeof (error as Error | undefined)?.message === 'string') return (error as Error).message
  try {
    return String(error)
  } catch {
    return Object.prototype.toString.call(error)
  }
}

/** The start of a message, for a report (a flood of large messages must not flood the console). */
export function excerpt(data: unknown): string {
  const text = typeof data === 'string' ? data : describe(data)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
