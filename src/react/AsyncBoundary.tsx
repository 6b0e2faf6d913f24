import { Component, Suspense, type ComponentType, type ReactNode } from 'react'

/** What an error fallback receives. */
export interface ErrorFallbackProps {
  error: Error
  /** Clears the error and renders the children again (which refetch what failed). */
  resetErrorBoundary: () => void
}

/** Props of ErrorBoundary. */
export interface ErrorBoundaryProps {
  fallbackComponent?: ComponentType<ErrorFallbackProps>
  children?: ReactNode
}

/** Catches errors thrown while rendering (hard fetch errors from useSuspense) and shows a fallback with a retry. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error }
  }

  resetErrorBoundary = (): void => this.setState({ error: null })

  override render(): ReactNode {
    const { error } = this.state
    if (error === null) return this.props.children
    const Fallback = this.props.fallbackComponent ?? DefaultError
    return <Fallback error={error} resetErrorBoundary={this.resetErrorBoundary} />
  }
}

function DefaultError({ error, resetErrorBoundary }: ErrorFallbackProps) {
  return (
    <div role="alert">
      <p>{error.message}</p>
      <button onClick={resetErrorBoundary}>Retry</button>
    </div>
  )
}

/** Props of AsyncBoundary. */
export interface AsyncBoundaryProps {
  /** Shown while anything below suspends. */
  fallback?: ReactNode
  /** Shown when anything below throws; gets the error and a retry function. */
  errorComponent?: ComponentType<ErrorFallbackProps>
  children?: ReactNode
}

/** Loading and error handling for everything below it, in one place: Suspense inside an error boundary. */
export function AsyncBoundary({ fallback = null, errorComponent, children }: AsyncBoundaryProps) {
  return (
    <ErrorBoundary fallbackComponent={errorComponent}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  )
}
