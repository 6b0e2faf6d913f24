'use client'
import type { ComponentType, ReactNode } from 'react'
import { ErrorBoundary, isDataError, type ErrorFallbackProps } from './AsyncBoundary'

/** What NetworkErrorBoundary's fallback receives: ErrorBoundary's props, plus the boundary's `className`. */
export interface NetworkErrorFallbackProps extends ErrorFallbackProps {
  className?: string
}

/** Props of NetworkErrorBoundary. */
export interface NetworkErrorBoundaryProps {
  /** Shown in place of the children when a data error is caught (default: its status and status text). */
  fallbackComponent?: ComponentType<NetworkErrorFallbackProps>
  /** Passed to the fallback (the default one puts it on its element). */
  className?: string
  children?: ReactNode
}

/**
 * data-client's NetworkErrorBoundary: an error boundary for data errors only, without the Suspense
 * of AsyncBoundary. It catches what AsyncBoundary catches (an error with a `status`, such as a
 * `NetworkError`, or any error a read of this store threw) and lets every other error through to
 * the app's own boundary, so a bug in rendering code is not shown as a failed request. The
 * fallback's `resetErrorBoundary` refetches the failed read, as ErrorBoundary's does.
 */
export class NetworkErrorBoundary extends ErrorBoundary {
  declare props: Readonly<NetworkErrorBoundaryProps>

  override render(): ReactNode {
    const { error } = this.state
    if (error === null) return this.props.children
    // Thrown from render, the error goes on to the next boundary up.
    if (!isDataError(error, this.context)) throw error
    const Fallback = this.props.fallbackComponent ?? StatusFallback
    return <Fallback error={error} className={this.props.className} resetErrorBoundary={this.resetErrorBoundary} />
  }
}

function StatusFallback({ error, className }: NetworkErrorFallbackProps) {
  const { status, response } = error as Error & { status?: number; response?: { statusText?: string } }
  return (
    <div className={className} role="alert">
      {status} {response?.statusText || error.message}
    </div>
  )
}
