'use client'
import type { ErrorFallbackProps } from 'tessera'
import { describeError } from '../../demo/src/errors'

/** What a boundary shows when a read failed, with a way to try again. */
export function ErrorMessage({ error, resetErrorBoundary }: ErrorFallbackProps) {
  const { title, detail } = describeError(error)
  return (
    <div className="error-panel" role="alert">
      <h2>{title}</h2>
      <p>{detail}</p>
      <button type="button" onClick={resetErrorBoundary}>
        Try again
      </button>
    </div>
  )
}
