import type { ErrorFallbackProps } from 'tessera'
import { describeError } from '../errors'

/** What an AsyncBoundary shows when a read fails: the status, the server's reason and a Retry. */
export function ErrorPanel({ error, resetErrorBoundary }: ErrorFallbackProps) {
  const { title, detail } = describeError(error)
  return (
    <div role="alert" className="error-panel">
      <h2>{title}</h2>
      <p>{detail}</p>
      <button type="button" onClick={resetErrorBoundary}>
        Retry
      </button>
    </div>
  )
}
