'use client'
import { Component, Suspense, useCallback, useState, type ComponentType, type ContextType, type ReactNode } from 'react'
import { DataContext, RevealContext } from './context'

/** What an error fallback receives. */
export interface ErrorFallbackProps {
  error: Error
  /** The boundary's `className`, for the element the fallback renders. */
  className?: string
  /** Clears the error and renders the children again (which refetch what failed). */
  resetErrorBoundary: () => void
}

/** Props of ErrorBoundary. */
export interface ErrorBoundaryProps {
  fallbackComponent?: ComponentType<ErrorFallbackProps>
  children?: ReactNode
  /** Given to the fallback (the default one puts it on its element), as data-client's ErrorBoundary does. */
  className?: string
  /**
   * Subscribes to events that should clear the error (data-client's `listen`), typically a
   * router's history: `listen={history.listen}`. Called on mount (and again when it changes) with
   * a function that clears the error shown; what it returns is called to unsubscribe. So moving to
   * another page leaves an error page behind without the user pressing Retry.
   */
  listen?: (resetListener: () => void) => () => void
}

/**
 * Catches errors thrown while rendering (hard fetch errors from useSuspense) and shows a fallback
 * with a retry. Retrying an error a read threw refetches that read at once, whatever its
 * `errorExpiryLength`: the children show the loading fallback, then the data or the new error.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  static override contextType = DataContext
  declare context: ContextType<typeof DataContext>
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error }
  }

  resetErrorBoundary = (): void => {
    const error = this.state.error
    if (error !== null) this.context?.retries.get(error)?.()
    this.setState({ error: null })
  }

  #unlisten: (() => void) | undefined

  override componentDidMount(): void {
    // Navigation clears the error, as in data-client: the next page renders (no retry is sent).
    this.#unlisten = this.props.listen?.(() => this.state.error !== null && this.setState({ error: null }))
  }

  override componentDidUpdate(previous: Readonly<ErrorBoundaryProps>): void {
    if (previous.listen === this.props.listen) return
    this.componentWillUnmount()
    this.componentDidMount()
  }

  override componentWillUnmount(): void {
    this.#unlisten?.()
    this.#unlisten = undefined
  }

  override render(): ReactNode {
    const { error } = this.state
    if (error === null) return this.props.children
    const Fallback = this.props.fallbackComponent ?? DefaultError
    return <Fallback error={error} className={this.props.className} resetErrorBoundary={this.resetErrorBoundary} />
  }
}

function DefaultError({ error, className, resetErrorBoundary }: ErrorFallbackProps) {
  // The status line data-client's default shows (`500 Internal Server Error`), unless the message
  // already starts with it, as a NetworkError's does.
  const { status, response } = error as Error & { status?: unknown; response?: { statusText?: unknown } }
  const heading = status === undefined ? '' : `${String(status)} ${String(response?.statusText ?? '')}`.trim()
  return (
    <div className={className} role="alert">
      {heading !== '' && !String(error.message).startsWith(heading) && <p>{heading}</p>}
      <p>{error.message}</p>
      <button onClick={resetErrorBoundary}>Retry</button>
    </div>
  )
}

/**
 * The ErrorBoundary of AsyncBoundary: it shows the errors data reads raise and lets the others
 * (bugs in rendering code: a TypeError, a failed assertion) through to an error boundary of the
 * app's, as data-client's AsyncBoundary does. A data error is one with a `status` (data-client's
 * test for a NetworkError: HTTP failures, bad arguments, GraphQL errors), or any error a read of
 * this store threw (a network failure, a response that does not fit the schema).
 */
class NetworkErrorBoundary extends ErrorBoundary {
  override render(): ReactNode {
    const { error } = this.state
    // Thrown from render, the error goes on to the next boundary up.
    if (error !== null && !isDataError(error, this.context)) throw error
    return super.render()
  }
}

/** True for the errors data boundaries catch: with a `status`, or thrown by a read of this store. */
export function isDataError(error: unknown, context: ContextType<typeof DataContext>): boolean {
  if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return false
  return 'status' in error || context?.retries.has(error as Error) === true
}

/** Props of AsyncBoundary. */
export interface AsyncBoundaryProps {
  /** Shown while anything below suspends. */
  fallback?: ReactNode
  /**
   * Shown when a data read below fails (an error with a `status`, or any a read threw); gets the
   * error and a retry function. Other errors are not caught here.
   */
  errorComponent?: ComponentType<ErrorFallbackProps>
  children?: ReactNode
  /** Clears the error shown on events such as navigation: `listen={history.listen}` (see ErrorBoundaryProps). */
  listen?: ErrorBoundaryProps['listen']
}

/**
 * Loading and error handling for the data reads below it, in one place: Suspense inside an error
 * boundary. As in data-client, only data errors are caught (see `errorComponent`); an error in
 * rendering code reaches the app's own error boundary.
 */
export function AsyncBoundary({ fallback = null, errorComponent, listen, children }: AsyncBoundaryProps) {
  const [, setRevealed] = useState(0)
  const reveal = useCallback((promise: Promise<unknown>) => {
    const rerender = () => setRevealed((n) => n + 1)
    promise.then(rerender, rerender)
  }, [])
  return (
    <NetworkErrorBoundary fallbackComponent={errorComponent} listen={listen}>
      <RevealContext.Provider value={reveal}>
        <Suspense fallback={fallback}>{children}</Suspense>
      </RevealContext.Provider>
    </NetworkErrorBoundary>
  )
}
