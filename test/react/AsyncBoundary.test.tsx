/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * AsyncBoundary catches what data reads raise and, as data-client's does, lets other errors (bugs
 * in rendering code) through to an error boundary of the app's.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { AsyncBoundary, createResource, DataProvider, ErrorBoundary, useDLE, useSuspense, type ErrorFallbackProps } from '../../src/index'
import { Todo, API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { allowConsoleErrors, settle } from '../helpers/renderWithStore'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
const url = `${API}/todos/1`

/** An app's own error boundary, outside the AsyncBoundary. */
class AppBoundary extends Component<{ children?: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="status">app caught {this.state.error.name}</p> : this.props.children
  }
}

function Fallback({ error, resetErrorBoundary }: ErrorFallbackProps) {
  return (
    <div role="alert">
      boundary: {error.message}
      <button onClick={resetErrorBoundary}>Retry</button>
    </div>
  )
}

function TodoTitle() {
  return <h1>{useSuspense(TodoResource.get, { id: '1' }).title}</h1>
}

/** A rendering bug: a TypeError while showing data that did load. */
function BrokenTitle() {
  const todo = useSuspense(TodoResource.get, { id: '1' })
  return <h1>{(todo as unknown as { missing: { title: string } }).missing.title}</h1>
}

function renderApp(ui: ReactNode) {
  const { store } = createTestStore()
  return render(
    <DataProvider store={store}>
      <AppBoundary>
        <AsyncBoundary fallback={<p>loading</p>} errorComponent={Fallback}>
          {ui}
        </AsyncBoundary>
      </AppBoundary>
    </DataProvider>,
  )
}

/** AsyncBoundary with its own error fallback. */
function renderWithDefaultFallback(ui: ReactNode) {
  const { store } = createTestStore()
  return render(
    <DataProvider store={store}>
      <AsyncBoundary fallback={<p>loading</p>}>{ui}</AsyncBoundary>
    </DataProvider>,
  )
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  // React reports the errors its boundaries caught.
  allowConsoleErrors()
})
afterEach(() => fake.restore())

describe('AsyncBoundary', () => {
  it('shows its error fallback for a failed read (a 500), and retries it from there', async () => {
    fake.route(`GET ${url}`, { status: 500, statusText: 'Internal Server Error' })
    renderApp(<TodoTitle />)
    expect((await screen.findByRole('alert')).textContent).toContain('500 Internal Server Error')
    expect(screen.queryByRole('status')).toBeNull()

    fake.route(`GET ${url}`, { json: { id: '1', title: 'Back again' } })
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeTruthy()
  })

  it('lets a TypeError thrown while rendering reach the error boundary outside it', async () => {
    fake.route(`GET ${url}`, { json: { id: '1', title: 'Loaded' } })
    renderApp(<BrokenTitle />)
    expect((await screen.findByRole('status')).textContent).toBe('app caught TypeError')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('catches a read that failed without reaching the server (no status)', async () => {
    // No route: the fake fetch fails the way an offline fetch does, with a TypeError.
    renderApp(<TodoTitle />)
    expect((await screen.findByRole('alert')).textContent).toContain(`GET ${url} failed`)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('catches an error with a status that a component throws itself, as data-client does', async () => {
    fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found' })
    function DLETitle() {
      const { data, error } = useDLE(TodoResource.get, { id: '1' })
      if (error) throw error
      return <h1>{data?.title ?? 'waiting'}</h1>
    }
    renderApp(<DLETitle />)
    await settle()
    expect((await screen.findByRole('alert')).textContent).toContain('404 Not Found')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows the status and status text of an error whose message does not already start with them', async () => {
    function Thrower(): ReactNode {
      throw Object.assign(new Error('the export failed'), { status: 502, response: { statusText: 'Bad Gateway' } })
    }
    renderWithDefaultFallback(<Thrower />)
    const alert = await screen.findByRole('alert')
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['502 Bad Gateway', 'the export failed'])
  })

  it('gives ErrorBoundary\'s className to its fallback, whose default puts it on its element (data-client\'s prop)', () => {
    allowConsoleErrors()
    function Thrower(): ReactNode {
      throw Object.assign(new Error('the export failed'), { status: 500 })
    }
    const seen: (string | undefined)[] = []
    const { container } = render(
      <ErrorBoundary className="error">
        <Thrower />
      </ErrorBoundary>,
    )
    expect(container.firstElementChild?.classList.contains('error')).toBe(true)
    expect(container.textContent).toContain('500')
    render(
      <ErrorBoundary className="mine" fallbackComponent={({ className }) => (seen.push(className), null)}>
        <Thrower />
      </ErrorBoundary>,
    )
    expect(seen).toContain('mine')
  })

  it('shows a NetworkError status line once, in its message', async () => {
    fake.route(`GET ${url}`, { status: 500, statusText: 'Internal Server Error' })
    renderWithDefaultFallback(<TodoTitle />)
    const alert = await screen.findByRole('alert')
    expect(alert.querySelectorAll('p')).toHaveLength(1)
    expect(alert.textContent).toContain('500 Internal Server Error')
  })

  it('lets an error without a status that no read threw through, even one named like a network error', async () => {
    function Thrower(): ReactNode {
      throw Object.assign(new Error('not from a read'), { name: 'NetworkError' })
    }
    renderApp(<Thrower />)
    expect((await screen.findByRole('status')).textContent).toBe('app caught NetworkError')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('AsyncBoundary listen', () => {
  /** A history-like emitter: `listen` as react-router's and history's take it. */
  function createHistory() {
    const listeners = new Set<() => void>()
    return {
      listen: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
      navigate: () => act(() => listeners.forEach((listener) => listener())),
      get size() {
        return listeners.size
      },
    }
  }

  function Page({ id }: { id: string }) {
    return <h1>{useSuspense(TodoResource.get, { id }).title}</h1>
  }

  it('clears the error shown when the history it listens to moves, and stops listening when unmounted', async () => {
    fake.route(`GET ${url}`, { status: 500, statusText: 'Internal Server Error' })
    fake.route(`GET ${API}/todos/2`, { json: { id: '2', title: 'Another page' } })
    const history = createHistory()
    const { store } = createTestStore()
    const app = (id: string) => (
      <DataProvider store={store}>
        <AsyncBoundary fallback={<p>loading</p>} errorComponent={Fallback} listen={history.listen}>
          <Page id={id} />
        </AsyncBoundary>
      </DataProvider>
    )
    const { rerender, unmount } = render(app('1'))
    expect((await screen.findByRole('alert')).textContent).toContain('500')
    expect(history.size).toBe(1)
    // The app moves to another page: the same boundary shows it, with no Retry pressed.
    rerender(app('2'))
    expect(screen.getByRole('alert')).toBeTruthy()
    await history.navigate()
    expect(await screen.findByRole('heading', { name: 'Another page' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    unmount()
    expect(history.size).toBe(0)
  })
})
