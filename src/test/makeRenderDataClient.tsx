'use client'
import { act as testingLibraryAct } from '@testing-library/react'
import * as React from 'react'
import { useState, type ComponentType, type PropsWithChildren, type ReactNode } from 'react'
import { Controller, type ControllerOptions } from '../store/Controller'
import { getDefaultManagers } from '../store/getDefaultManagers'
import type { Manager } from '../store/Manager'
import type { State } from '../store/state'
import type { Fixture, Interceptor } from './fixtureTypes'
import { interceptController } from './interceptController'
import { mockInitialState } from './mockInitialState'
import { ProvideController } from './ProvideController'
import { renderHook, type RenderHookResult } from './renderHook'

/** The props makeRenderDataClient renders its Provider with (those of data-client's CacheProvider). */
export interface TestProviderProps {
  children: ReactNode
  managers: Manager[]
  initialState: State
  Controller: new (options: ControllerOptions) => Controller
  devButton: null
}

/** Options of a renderDataClient call. */
export interface RenderDataClientOptions<P, T = any> {
  /** The props the hook callback (and `wrapper`) first renders with; `rerender(props)` changes them. */
  readonly initialProps?: P
  /** Responses (and errors) in the cache before the first render, as if already fetched (see mockInitialState). */
  readonly initialFixtures?: readonly Fixture[]
  /** Fixtures and interceptors that answer the requests made while the test runs (see MockResolver). */
  readonly resolverFixtures?: readonly (Fixture | Interceptor<T>)[]
  /** The `this` of the interceptors in `resolverFixtures`. */
  readonly getInitialInterceptorData?: () => T
  /** A component placed between the provider and the hook (a router, a theme); gets the hook's props too. */
  readonly wrapper?: ComponentType<PropsWithChildren<P>>
}

/** What renderDataClient returns: the hook's latest value, ways to drive it, and the store's controller. */
export interface RenderDataClientResult<R, P> extends RenderHookResult<R, P> {
  /**
   * The store's controller (answering from `resolverFixtures` when there are any). Every change
   * it makes to the cache, a response landing included, is applied inside React's `act`, so the
   * hook has rendered it by the time the call (or the awaited fetch) returns.
   */
  readonly controller: Controller
}

/** The function makeRenderDataClient returns. */
export interface RenderDataClient {
  <P, R, T = any>(callback: (props: P) => R, options?: RenderDataClientOptions<P, T>): RenderDataClientResult<R, P>
  /** Stops the last render's requests (their answers are dropped) and its polling timers. */
  cleanup(): void
  /** Settles once every request the last render's store has in flight now (the fetches of reads that just suspended included) has settled. */
  allSettled(): Promise<PromiseSettledResult<unknown>[]>
}

/**
 * Makes `renderDataClient(hookCallback, options)` for testing hooks against a fresh store per
 * call: `Provider` (normally `CacheProvider`) is rendered with `initialState` from
 * `initialFixtures`, new default managers, and a Controller subclass that applies every change
 * inside `act`; `resolverFixtures` answer requests as MockResolver does. The
 * hook renders under Suspense (result.current stays undefined while it suspends) and an error
 * boundary (result.error). Needs `@testing-library/react` (an optional peer dependency).
 */
export function makeRenderDataClient(Provider: ComponentType<TestProviderProps>): RenderDataClient {
  const renderDataClient = (<P, R, T = any>(callback: (props: P) => R, options: RenderDataClientOptions<P, T> = {}): RenderDataClientResult<R, P> => {
    if (typeof document === 'undefined') {
      throw new Error("renderDataClient renders into a DOM: run this test with jest's testEnvironment 'jsdom' (or another DOM).")
    }
    // Fresh managers (and so a fresh network and poller) for every render.
    const managers = getDefaultManagers()
    const render: RenderLog = { made: undefined, inflight: new Set(), kick: () => undefined }

    renderDataClient.cleanup = () => {
      for (const manager of managers) manager.cleanup?.()
    }
    renderDataClient.allSettled = async () => {
      // A suspending read starts its fetch a microtask after its render (see useSuspense): a test
      // that renders and at once awaits allSettled means to wait for that fetch too.
      await Promise.resolve()
      return Promise.allSettled([...render.inflight])
    }

    const fixtures = options.resolverFixtures ?? []
    // One intercepting controller for the hooks and for the test's `controller`, so interceptors
    // share their data whichever side made the request.
    let intercepted: Controller | undefined
    const intercept = (controller: Controller) =>
      (intercepted ??= interceptController(controller, fixtures, { getInitialInterceptorData: options.getInitialInterceptorData }))
    const Root = rootOf<P>(render, {
      Provider,
      props: { initialState: mockInitialState(options.initialFixtures), Controller: actController(render), managers, devButton: null },
      intercept: fixtures.length > 0 ? intercept : undefined,
      Wrapper: options.wrapper,
    })

    const rendered = renderHook(callback, { initialProps: options.initialProps as P, wrapper: Root })
    if (render.made === undefined) {
      throw new TypeError(
        "makeRenderDataClient: the Provider did not construct the Controller class it was given. Pass CacheProvider (or DataProvider) from 'tessera', " +
          'or a component that passes its initialState, managers and Controller props on to one.',
      )
    }
    const controller = fixtures.length > 0 ? intercept(render.made) : render.made
    return {
      ...rendered,
      controller,
    }
  }) as RenderDataClient
  renderDataClient.cleanup = () => {}
  renderDataClient.allSettled = () => Promise.allSettled([])
  return renderDataClient
}

/** What one renderDataClient call's controller reports back, and how it re-renders the tree. */
interface RenderLog {
  /** The controller the Provider made (with the class actController gave it). */
  made: Controller | undefined
  /** Requests in flight: what allSettled waits for. */
  readonly inflight: Set<Promise<unknown>>
  /** Re-renders the tree's Kick (set when it renders). */
  kick: () => void
}

/** A Controller class that applies every change inside `act` and records itself and its requests in `render`. */
function actController(render: RenderLog): new (options: ControllerOptions) => Controller {
  return class ActController extends Controller {
    constructor(controllerOptions: ControllerOptions) {
      super(controllerOptions)
      render.made = this
      // Every change to the cache (a response landing, a poll, the test's setResponse) renders
      // inside act, so React renders its outcome before the call returns and never warns of an
      // update outside act. Actions dispatched inside an act scope (an effect React runs while
      // it flushes one, a test's own act) join it: an act opened there would end the enclosing
      // scope early, and React, flushing the rest of its queue outside any scope, would wait
      // for a scheduler that fake timers never run (the test hangs).
      const dispatch = this.dispatch
      this.dispatch = (action) => {
        if (insideAct()) dispatch(action)
        else
          testingLibraryAct(() => {
            dispatch(action)
            // An update of the tree inside this act: React leaves the retry of a render that
            // `use()` suspended inside the synchronous act of the first render unscheduled
            // until one comes (an update outside act does not), so the promise the dispatch
            // just settled would never be read.
            render.kick()
          })
      }
      // A store batch (LiveManager's frames, the test's own) applies its changes when `run`
      // returns, past the dispatch above: that one update renders inside act too.
      const batch = this.batch
      ;(this as { batch: Controller['batch'] }).batch = (run) => {
        if (insideAct()) return batch(run)
        let result!: ReturnType<typeof run>
        testingLibraryAct(() => {
          result = batch(run)
          render.kick()
        })
        return result
      }
      const fetch = this.fetch
      // Every request goes through here (hooks, interceptors, polling): what allSettled waits for.
      this.fetch = ((...args: Parameters<Controller['fetch']>) => {
        const promise = fetch(...args)
        const done = () => void render.inflight.delete(promise)
        render.inflight.add(promise)
        Promise.resolve(promise).then(done, done)
        return promise
      }) as Controller['fetch']
    }
  }
}

interface RootOptions<P> {
  readonly Provider: ComponentType<TestProviderProps>
  readonly props: Omit<TestProviderProps, 'children'>
  /** The interceptors' controller, when there are resolver fixtures. */
  readonly intercept: ((controller: Controller) => Controller) | undefined
  readonly Wrapper: ComponentType<PropsWithChildren<P>> | undefined
}

/** What renderHook wraps its Suspense and error boundary in: the provider, the interceptors, the test's wrapper. */
function rootOf<P>(render: RenderLog, { Provider, props: providerProps, intercept, Wrapper }: RootOptions<P>): ComponentType<PropsWithChildren<P>> {
  /** Renders nothing; re-rendered inside the act of each change to the cache (see actController). */
  function Kick() {
    const [, setCount] = useState(0)
    render.kick = () => setCount((count) => count + 1)
    return null
  }
  return function Root({ children, ...props }: PropsWithChildren<P>) {
    let tree: ReactNode = children
    if (Wrapper) tree = <Wrapper {...(props as PropsWithChildren<P>)}>{tree}</Wrapper>
    if (intercept) tree = <ProvideController intercept={intercept}>{tree}</ProvideController>
    return (
      <>
        <Kick />
        <Provider {...providerProps}>{tree}</Provider>
      </>
    )
  }
}

/**
 * Whether React is inside an `act` scope now (its queue of work to flush is open). React has no
 * public way to ask; its internals say so in 18 and 19. Unknown internals answer no: a nested act
 * is what the tests did before.
 */
function insideAct(): boolean {
  const internals = React as unknown as {
    __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: { actQueue?: unknown }
    __SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED?: { ReactCurrentActQueue?: { current?: unknown } }
  }
  const queue =
    internals.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?.actQueue ??
    internals.__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED?.ReactCurrentActQueue?.current
  return queue != null
}

/**
 * Testing Library's `act` (React's), for what a test does outside `renderDataClient`. A binding of
 * this module, not a re-export, which the build would send straight to Testing Library, out of
 * this client module.
 */
export const act: typeof testingLibraryAct = testingLibraryAct
