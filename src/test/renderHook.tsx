'use client'
import { renderHook as testingLibraryRenderHook, waitFor, type RenderHookOptions as TestingLibraryOptions, type waitForOptions } from '@testing-library/react'
import { Component, Suspense, type ComponentType, type PropsWithChildren, type ReactNode } from 'react'

/** Options of `renderHook`: Testing Library's, whose `wrapper` also gets the hook's props. */
export interface RenderHookOptions<P> extends Omit<TestingLibraryOptions<P>, 'wrapper'> {
  /** A component around the hook (a provider, a router); gets the hook's current props too. */
  readonly wrapper?: ComponentType<PropsWithChildren<P>>
}

/** What renderHook returns: the hook's latest value or error, and ways to drive it. */
export interface RenderHookResult<R, P> {
  readonly result: {
    /** The hook's value at the last commit; undefined until the first one (while the first read suspends). */
    readonly current: R
    /** What the hook threw to the error boundary around it, until a `rerender` gives it another try. */
    readonly error?: Error
  }
  /** Renders the hook again, with new props if given. */
  rerender(props?: P): void
  unmount(): void
  /** Retries `callback` until it stops throwing (Testing Library's waitFor). */
  waitFor<W>(callback: () => W | Promise<W>, options?: waitForOptions): Promise<W>
  /** Resolves once the hook commits a new value or throws a new error. @throws after `options.timeout` (1 s). */
  waitForNextUpdate(options?: waitForOptions): Promise<void>
}

/**
 * data-client's `renderHook` (`@data-client/test` 0.14+): Testing Library's, with the hook under
 * Suspense and an error boundary, so a hook that suspends leaves `result.current` undefined
 * instead of failing the render, and one that throws puts its error in `result.error` (as the old
 * react-hooks-testing-library did, which tests written for data-client expect). No store: wrap
 * it in a provider yourself, or use `renderDataHook`.
 */
export function renderHook<R, P = undefined>(callback: (props: P) => R, options: RenderHookOptions<P> = {}): RenderHookResult<R, P> {
  const { wrapper: Wrapper, ...rest } = options
  let props = options.initialProps as P
  // What the hook threw, and in which attempt: a later attempt (a rerender) starts clean.
  let caught: { error: Error; attempt: number } | undefined
  let renders = 0
  function Root({ children }: { children?: ReactNode }) {
    // A new render from the top (rerender) gives a hook that threw another try.
    const attempt = ++renders
    const tree = (
      <Suspense fallback={null}>
        <Boundary attempt={attempt} onError={(error) => void (caught = { error, attempt })}>
          {children}
        </Boundary>
      </Suspense>
    )
    return Wrapper ? <Wrapper {...(props as PropsWithChildren<P>)}>{tree}</Wrapper> : tree
  }
  const rendered = testingLibraryRenderHook(callback, { ...rest, wrapper: Root } as TestingLibraryOptions<P>)
  const result = {
    // Testing Library's value is null until the first commit.
    get current(): R {
      const current = rendered.result.current
      return (current === null ? undefined : current) as R
    },
    get error() {
      return caught !== undefined && caught.attempt === renders ? caught.error : undefined
    },
  }
  return {
    result,
    rerender(next?: P) {
      props = next as P
      rendered.rerender(next as P)
    },
    unmount: rendered.unmount,
    waitFor,
    async waitForNextUpdate(waitOptions?: waitForOptions) {
      const before = result.current
      const errorBefore = result.error
      await waitFor(() => {
        if (result.current === before && result.error === errorBefore) throw new Error('waitForNextUpdate: the hook committed no new value and threw no new error')
      }, waitOptions)
    },
  }
}

interface BoundaryProps {
  attempt: number
  onError(error: Error): void
  children?: ReactNode
}

/** Catches what the hook throws (for result.error); renders nothing then, until the next attempt. */
class Boundary extends Component<BoundaryProps, { error: Error | undefined; attempt: number }> {
  override state = { error: undefined as Error | undefined, attempt: this.props.attempt }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | undefined; attempt: number }) {
    return props.attempt === state.attempt ? null : { error: undefined, attempt: props.attempt }
  }

  override componentDidCatch(error: Error) {
    this.props.onError(error)
  }

  override render() {
    return this.state.error === undefined ? this.props.children : null
  }
}
