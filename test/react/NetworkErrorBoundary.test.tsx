/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * NetworkErrorBoundary (data-client's name): catches data errors only, shows their status, and
 * lets a bug in rendering code through to the app's own boundary.
 */
import { render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { NetworkErrorBoundary, type NetworkErrorFallbackProps } from '../../src/index'
import { allowConsoleErrors } from '../helpers/renderWithStore'

function Throws({ error }: { error: Error }): ReactNode {
  throw error
}

function withStatus(message: string, status: number, statusText?: string): Error {
  return Object.assign(new Error(message), { status, response: statusText === undefined ? undefined : { statusText } })
}

class AppBoundary extends Component<{ children?: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>app caught {this.state.error.message}</p> : this.props.children
  }
}

beforeEach(() => allowConsoleErrors())

describe('NetworkErrorBoundary', () => {
  it('renders its children while nothing fails', () => {
    render(<NetworkErrorBoundary>hi</NetworkErrorBoundary>)
    expect(screen.getByText('hi')).toBeTruthy()
  })

  it('shows an error with a status, with its status text, on an element with its className', () => {
    const { container } = render(
      <NetworkErrorBoundary className="failed">
        <Throws error={withStatus('Not Found', 404, 'Not Found here')} />
      </NetworkErrorBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toBe('404 Not Found here')
    expect((container.firstChild as HTMLElement).className).toBe('failed')
  })

  it('gives a fallback component the error and the className', () => {
    const Fallback = ({ error, className }: NetworkErrorFallbackProps) => <p className={className}>{`${(error as Error & { status: number }).status}: ${error.message}`}</p>
    render(
      <NetworkErrorBoundary fallbackComponent={Fallback} className="x">
        <Throws error={withStatus('down', 503)} />
      </NetworkErrorBoundary>,
    )
    expect(screen.getByText('503: down').className).toBe('x')
  })

  it('lets an error without a status through to the app’s boundary', () => {
    render(
      <AppBoundary>
        <NetworkErrorBoundary>
          <Throws error={new TypeError('undefined is not a function')} />
        </NetworkErrorBoundary>
      </AppBoundary>,
    )
    expect(screen.getByText('app caught undefined is not a function')).toBeTruthy()
  })
})
