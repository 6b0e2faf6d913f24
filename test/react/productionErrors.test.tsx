/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * Production builds replace the prose of React-layer errors with a code and the facts that vary
 * (E400–E499); development builds (these tests) keep the sentences.
 */
import { render } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { RestEndpoint, useSuspense } from '../../src/index'

const getBook = new RestEndpoint({ path: '/books/:id' })

function Reader() {
  useSuspense(getBook, { id: '1' })
  return null
}

/** Shows the message of what its children threw. */
class Catch extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {}
  static getDerivedStateFromError(error: Error) {
    return { message: error.message }
  }
  override render() {
    return this.state.message !== undefined ? <p role="alert">{this.state.message}</p> : this.props.children
  }
}

let consoleError: jest.SpyInstance
beforeEach(() => {
  // React reports the error the boundary caught.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => consoleError.mockRestore())

describe('a hook outside <DataProvider>', () => {
  it('names the hook in production', () => {
    const before = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      const { getByRole } = render(
        <Catch>
          <Reader />
        </Catch>,
      )
      expect(getByRole('alert').textContent).toBe('Tessera E401: useSuspense')
    } finally {
      process.env.NODE_ENV = before
    }
  })

  it('says what to do in development', () => {
    const { getByRole } = render(
      <Catch>
        <Reader />
      </Catch>,
    )
    expect(getByRole('alert').textContent).toBe('useSuspense must be used inside <DataProvider>: wrap your app (or test) in one')
  })
})
