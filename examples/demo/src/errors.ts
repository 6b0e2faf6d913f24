import { NetworkError } from 'tessera'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** A heading (`404 Not Found`) and the server's own explanation, for showing an error to a user. */
export function describeError(error: unknown): { title: string; detail: string } {
  const message = error instanceof Error ? error.message : String(error)
  const status = (error as { status?: unknown } | null)?.status
  // Our API answers `{ "error": "…" }`; NetworkError's message ends with the body it got.
  const fromServer = /\{"error":"((?:[^"\\]|\\.)*)"\}\s*$/.exec(message)
  const detail = fromServer ? JSON.parse(`"${fromServer[1]}"`) : message
  if (error instanceof NetworkError || typeof status === 'number') {
    const code = Number(status)
    return { title: `${code} ${STATUS_TEXT[code] ?? 'Error'}`.trim(), detail }
  }
  return { title: 'Something went wrong', detail }
}
