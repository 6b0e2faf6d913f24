/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { AsyncBoundary, DataProvider, Entity, useSuspense, type ErrorFallbackProps } from '../../src/index'
import { TesseraDevtools, TesseraDevtoolsPanel } from '../../src/devtools/index'
import { STORAGE_KEY } from '../../src/devtools/TesseraDevtools'
import { OfflineManager } from '../../src/offline/index'
import { createFakeEndpoint, createTestStore, type TestStore, type TestStoreOptions } from '../helpers/createTestStore'
import { inProduction } from '../helpers/inProduction'

class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}

function ArticleTitle({ endpoint }: { endpoint: any }) {
  const article = useSuspense(endpoint, { id: '1' }) as Article
  return <h1>{article.title}</h1>
}

function ShowError({ error }: ErrorFallbackProps) {
  return <p role="alert">Boundary: {error.message}</p>
}

function setup(ui?: (test: TestStore) => ReactElement, options?: TestStoreOptions) {
  const test = createTestStore(options)
  const get = createFakeEndpoint('getArticle', { schema: Article, dataExpiryLength: 60_000 })
  test.controller.setResponse(get.endpoint, { id: '1' }, { id: '1', title: 'First title' })
  const result = render(
    <DataProvider store={test.store}>
      <AsyncBoundary fallback={<p>Loading…</p>} errorComponent={ShowError}>
        <ArticleTitle endpoint={get.endpoint} />
      </AsyncBoundary>
      {ui ? ui(test) : <TesseraDevtools />}
    </DataProvider>,
  )
  const key = get.endpoint.key({ id: '1' })
  return { ...test, ...result, get, key }
}

/** The devtools' shadow root, where everything the user sees of them is. */
async function devtools() {
  const root = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-tessera-devtools]')?.shadowRoot
    if (!found?.firstChild) throw new Error('no devtools rendered yet')
    return found
  })
  // The queries only need querySelectorAll, which a shadow root has.
  return within(root as unknown as HTMLElement)
}

/** The focused element inside the devtools' shadow root (the page's `activeElement` is then its host). */
function focused(): Element | null {
  const host = document.querySelector('[data-tessera-devtools]')
  return document.activeElement === host ? host!.shadowRoot!.activeElement : null
}

async function open() {
  const panel = await devtools()
  fireEvent.click(panel.getByRole('button', { name: 'Tessera devtools' }))
  // The first open compiles the lazily loaded panel (ts-jest): slow on a busy machine.
  await panel.findByRole('dialog', { name: 'Tessera devtools' }, { timeout: 10_000 })
  return panel
}

// The first open compiles the lazily loaded panel.
jest.setTimeout(20_000)

beforeEach(() => localStorage.clear())

describe('<TesseraDevtools />', () => {
  it('opens from its corner button on the Keys tab: the read key is fresh, counting down, with 1 reader', async () => {
    const { clock, key } = setup()
    const panel = await open()
    const row = panel.getByRole('button', { name: `Show ${key}` }).closest('tr')!
    expect(within(row).getByText('fresh')).toBeTruthy()
    expect(row.querySelector('[data-timer=stale]')!.textContent).toBe('1 min 00 s')
    expect(row.querySelector('[data-readers]')!.textContent).toBe('1')
    clock.advance(15_000)
    await waitFor(() => expect(row.querySelector('[data-timer=stale]')!.textContent).toBe('45 s'), { timeout: 3000 })
  })

  it('closes on Escape and remembers, across a remount, whether it was open and in which corner', async () => {
    const first = setup()
    const panel = await open()
    fireEvent.click(panel.getByRole('button', { name: 'Move to the next corner' }))
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toEqual({ open: true, corner: 'bottom-left' })
    first.unmount()
    setup()
    const again = await devtools()
    const dialog = await again.findByRole('dialog', { name: 'Tessera devtools' }, { timeout: 10_000 })
    expect(dialog.className).toContain('td-bottom-left')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(again.getByRole('button', { name: 'Tessera devtools' })).toBeTruthy()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).open).toBe(false)
  })

  it('filters keys and shows a key in detail: its data, and its requests with their causes once refetched', async () => {
    const { key, get, clock } = setup()
    const panel = await open()
    fireEvent.change(panel.getByRole('searchbox', { name: 'Filter keys' }), { target: { value: 'nothing like it' } })
    expect(panel.queryByRole('button', { name: `Show ${key}` })).toBeNull()
    fireEvent.change(panel.getByRole('searchbox', { name: 'Filter keys' }), { target: { value: 'getArticle' } })
    fireEvent.click(panel.getByRole('button', { name: `Show ${key}` }))
    const detail = panel.getByRole('region', { name: `Key ${key}` })
    expect(within(detail).getByRole('list', { name: 'data' }).textContent).toContain('"First title"')
    // The normalized record behind it, by type and pk.
    expect(within(detail).getByRole('list', { name: 'records' }).textContent).toMatch(/Article 1 \{2\}id: "1"title: "First title"/)
    fireEvent.click(within(detail).getByRole('button', { name: 'Refetch' }))
    clock.advance(80)
    await act(() => get.calls[0]!.resolve({ id: '1', title: 'Refetched title' }))
    const history = within(panel.getByRole('region', { name: `Key ${key}` })).getByRole('list', { name: 'Request history' })
    expect([...history.children].map((item) => item.textContent!.replace(/\d\d:\d\d:\d\d\.\d{3}/, 'TIME'))).toEqual(['#1 TIME fetch · cause: manual', '#2 TIME receive · 80 ms'])
  })

  it('draws a big result a hundred rows at a time, and finds a row by search', async () => {
    const { controller } = setup()
    const list = createFakeEndpoint('listNumbers')
    act(() => controller.setResponse(list.endpoint, Array.from({ length: 150 }, (_, i) => ({ n: i }))))
    const panel = await open()
    fireEvent.click(panel.getByRole('button', { name: `Show ${list.endpoint.key()}` }))
    const tree = panel.getByRole('list', { name: 'data' })
    expect(tree.querySelectorAll(':scope > li > details > ul > li').length).toBe(101)
    expect(tree.textContent).toContain('… 50 more (search to find one)')
    fireEvent.change(panel.getByRole('searchbox', { name: 'Search data' }), { target: { value: '149' } })
    expect(tree.textContent).toContain('n: 149')
    expect(tree.textContent).not.toContain('n: 148')
  })

  it('steps the app back to the state after an older action from the Timeline, then back to the present', async () => {
    const { controller, get } = setup()
    const panel = await open()
    act(() => controller.setResponse(get.endpoint, { id: '1' }, { id: '1', title: 'Second title' }))
    expect(screen.getByRole('heading', { name: 'Second title' })).toBeTruthy()
    fireEvent.click(panel.getByRole('tab', { name: 'Timeline' }))
    // The first receive happened before the devtools mounted; the recording starts with the second.
    act(() => controller.setResponse(get.endpoint, { id: '1' }, { id: '1', title: 'Third title' }))
    const timeline = panel.getByRole('list', { name: 'Timeline' })
    fireEvent.click(within(timeline).getAllByRole('button')[0]!)
    await screen.findByRole('heading', { name: 'Second title' })
    expect(panel.getByText(/showing the state after #1/)).toBeTruthy()
    fireEvent.click(panel.getByRole('button', { name: 'Back to the present' }))
    await screen.findByRole('heading', { name: 'Third title' })
    expect(get.calls).toHaveLength(0)
  })

  it("forces an error the app's boundary shows", async () => {
    const { key } = setup()
    const panel = await open()
    // React reports the error the boundary caught.
    const report = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    fireEvent.click(panel.getByRole('button', { name: `Show ${key}` }))
    fireEvent.click(panel.getByRole('button', { name: 'Force error' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Boundary: Forced by Tessera devtools')
    report.mockRestore()
  })

  it('shows a refused mutation in the Timeline as its guess rolled back', async () => {
    const { controller } = setup()
    const rename = createFakeEndpoint('renameArticle', {
      schema: Article,
      sideEffect: true,
      getOptimisticResponse: (_snapshot: unknown, params: { id: string }) => ({ id: params.id, title: 'Guessed title' }),
    })
    const panel = await open()
    fireEvent.click(panel.getByRole('tab', { name: 'Timeline' }))
    let renaming: Promise<unknown> | undefined
    act(() => void (renaming = controller.fetch(rename.endpoint, { id: '1' }).catch(() => undefined)))
    await screen.findByRole('heading', { name: 'Guessed title' })
    await act(() => rename.calls[0]!.reject(Object.assign(new Error('Conflict'), { status: 409 })))
    await renaming
    await screen.findByRole('heading', { name: 'First title' })
    const items = within(panel.getByRole('list', { name: 'Timeline' })).getAllByRole('button').map((item) => item.textContent!.replace(/\d\d:\d\d:\d\d\.\d{3}/, 'TIME'))
    const mutation = rename.endpoint.key({ id: '1' })
    expect(items).toEqual([`#1 TIME fetch ${mutation} · cause: manual`, `#2 TIME optimistic (guess) ${mutation}`, expect.stringMatching(new RegExp(`^#3 TIME receive error ${mutation.replace(/[[\]{}()"]/g, '\\$&')} · \\d+ ms · guess rolled back$`))])
  })

  it('refuses a hostile session file with a one-line message and keeps the timeline', async () => {
    const { controller, get } = setup()
    const panel = await open()
    act(() => controller.setResponse(get.endpoint, { id: '1' }, { id: '1', title: 'Second title' }))
    fireEvent.click(panel.getByRole('tab', { name: 'Session' }))
    const file = new File(['{"format":"tessera-devtools-session","version":1,"__proto__":{"x":1}}'], 'evil.json', { type: 'application/json' })
    fireEvent.change(panel.getByLabelText('Import a session file'), { target: { files: [file] } })
    expect((await panel.findByRole('alert')).textContent).toBe('This session file holds a "__proto__" key, which no session has: refused.')
    expect(screen.getByRole('heading', { name: 'Second title' })).toBeTruthy()
  })

  it('is usable from the keyboard: focus moves into the panel, arrow keys change tabs, Escape returns to the button', async () => {
    setup()
    const panel = await open()
    const dialog = panel.getByRole('dialog', { name: 'Tessera devtools' })
    await waitFor(() => expect(focused()).toBe(dialog))
    const keysTab = panel.getByRole('tab', { name: 'Keys' })
    keysTab.focus()
    fireEvent.keyDown(keysTab, { key: 'ArrowRight' })
    expect(panel.getByRole('tab', { name: 'Entities' }).getAttribute('aria-selected')).toBe('true')
    expect(focused()).toBe(panel.getByRole('tab', { name: 'Entities' }))
    fireEvent.keyDown(focused()!, { key: 'End' })
    expect(focused()).toBe(panel.getByRole('tab', { name: 'Session' }))
    // Only the selected tab is in the tab order.
    expect(panel.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, 0])
    fireEvent.keyDown(focused()!, { key: 'Escape' })
    await waitFor(() => expect(focused()).toBe(panel.getByRole('button', { name: 'Tessera devtools' })))
  })

  it("forces a key's loading state, which the app's Suspense fallback shows until released", async () => {
    const { key, get } = setup()
    const panel = await open()
    fireEvent.click(panel.getByRole('button', { name: `Show ${key}` }))
    fireEvent.click(panel.getByRole('button', { name: 'Force loading' }))
    await screen.findByText('Loading…')
    expect(get.calls).toHaveLength(0)
    fireEvent.click(panel.getByRole('button', { name: 'Release loading' }))
    await waitFor(() => expect(get.calls).toHaveLength(1))
    await act(() => get.calls[0]!.resolve({ id: '1', title: 'Loaded again' }))
    await screen.findByRole('heading', { name: 'Loaded again' })
  })

  it('lists entity records with the keys that hold them, and tombstones', async () => {
    const { controller, key } = setup()
    const panel = await open()
    const remove = createFakeEndpoint('deleteArticle', { schema: new (require('../../src/index').schema.Invalidate)(Article), sideEffect: true })
    let deleting: Promise<unknown> | undefined
    act(() => void (deleting = controller.fetch(remove.endpoint, { id: '2' })))
    await act(() => remove.calls[0]!.resolve({ id: '2' }))
    await deleting
    fireEvent.click(panel.getByRole('tab', { name: 'Entities' }))
    const records = panel.getByRole('region', { name: 'Entity Article' })
    expect([...records.querySelectorAll(':scope > ul > li > details > summary')].map((summary) => summary.textContent)).toEqual([
      `Article 1 · held by ${key}`,
      `Article 2 · deleted (tombstone) · held by ${remove.endpoint.key({ id: '2' })}`,
    ])
  })

  it('shows several stores by name', async () => {
    const other = createTestStore()
    setup((test) => <TesseraDevtools stores={{ blog: test.store, admin: other.store }} />)
    const panel = await open()
    const picker = panel.getByRole('combobox', { name: 'Store' }) as HTMLSelectElement
    expect([...picker.options].map((option) => option.textContent)).toEqual(['blog', 'admin'])
    fireEvent.change(picker, { target: { value: '1' } })
    expect(panel.getByText('No keys.')).toBeTruthy()
  })

  it("draws in a shadow root: the page holds only the empty host, and none of the devtools' styles", async () => {
    setup()
    await open()
    const host = document.querySelector<HTMLElement>('[data-tessera-devtools]')!
    expect(host.childNodes).toHaveLength(0)
    expect(host.shadowRoot!.querySelector('[role=dialog]')).toBeTruthy()
    // Every stylesheet of the devtools is inside the shadow root, so none can reach an app element.
    expect(document.querySelectorAll('style')).toHaveLength(0)
    expect(host.shadowRoot!.querySelectorAll('style').length).toBeGreaterThan(0)
  })

  it("counts down to the next retry of a failed read, from the store's OfflineManager", async () => {
    const offline = new OfflineManager({ online: () => true, retryDelay: () => 5_000 })
    const { controller, clock, store } = setup(undefined, { managers: [offline] })
    const feed = createFakeEndpoint('getFeed', { dataExpiryLength: 60_000 })
    const panel = await open()
    let loading: Promise<unknown> | undefined
    act(() => void (loading = controller.fetch(feed.endpoint).catch(() => undefined)))
    await act(() => feed.calls[0]!.reject(Object.assign(new Error('Unavailable'), { status: 503 })))
    const row = (await panel.findByRole('button', { name: `Show ${feed.endpoint.key()}` })).closest('tr')!
    await waitFor(() => expect(row.querySelector('[data-timer=retry]')?.textContent).toBe('retry 1 in 5 s'))
    clock.advance(2_000)
    await waitFor(() => expect(row.querySelector('[data-timer=retry]')?.textContent).toBe('retry 1 in 3 s'), { timeout: 3000 })
    store.cleanup()
    await loading
  })

  it('lists a mutation queued offline without a guess in the Timeline, queued (offline)', async () => {
    const offline = new OfflineManager({ online: () => false })
    const { controller, store } = setup(undefined, { managers: [offline] })
    const save = createFakeEndpoint('saveNote', { sideEffect: true })
    const panel = await open()
    fireEvent.click(panel.getByRole('tab', { name: 'Timeline' }))
    act(() => void controller.fetch(save.endpoint, { text: 'hi' }).catch(() => undefined))
    const waiting = await panel.findByRole('region', { name: 'Waiting mutations' })
    expect(within(waiting).getByRole('heading').textContent).toBe('Waiting mutations (1) · queued until back online')
    expect(within(waiting).getByRole('listitem').textContent).toMatch(
      new RegExp(`^${save.endpoint.key({ text: 'hi' }).replace(/[[\]{}()"]/g, '\\$&')} · made at \\d\\d:\\d\\d:\\d\\d\\.\\d{3}, no guess · queued \\(offline\\)$`),
    )
    expect(save.calls).toHaveLength(0)
    store.cleanup()
  })

  it("starts a key's countdown to collection the moment its last reader leaves", async () => {
    const test = createTestStore({ gcTime: 60_000 })
    const get = createFakeEndpoint('getArticle', { schema: Article, dataExpiryLength: 60_000 })
    test.controller.setResponse(get.endpoint, { id: '1' }, { id: '1', title: 'First title' })
    let hide: () => void = () => undefined
    function Page() {
      const [shown, setShown] = useState(true)
      hide = () => setShown(false)
      return shown ? <ArticleTitle endpoint={get.endpoint} /> : null
    }
    render(
      <DataProvider store={test.store}>
        <AsyncBoundary fallback={<p>Loading…</p>}>
          <Page />
        </AsyncBoundary>
        <TesseraDevtools />
      </DataProvider>,
    )
    const panel = await open()
    const row = panel.getByRole('button', { name: `Show ${get.endpoint.key({ id: '1' })}` }).closest('tr')!
    expect(row.querySelector('[data-readers]')!.textContent).toBe('1')
    test.clock.advance(10_000)
    act(() => hide())
    // At once, not on the panel's next tick: the gcTime counts from this moment.
    expect(row.querySelector('[data-readers]')!.textContent).toBe('0')
    expect(row.querySelector('[data-timer=gc]')!.textContent).toBe('1 min 00 s')
  })

  it('renders nothing in a production build', async () => {
    let production: typeof import('../../src/devtools/index') | undefined
    // A module of its own, evaluated as a production build evaluates it.
    await inProduction(() => jest.isolateModules(() => void (production = require('../../src/devtools/index'))))
    const Devtools = production!.TesseraDevtools
    const { container } = render(<Devtools store={createTestStore().store} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('<TesseraDevtoolsPanel />', () => {
  it('is shown while the app says it is open, and closes through onClose', async () => {
    const onClose = jest.fn()
    const { rerender, store } = setup((test) => <TesseraDevtoolsPanel store={test.store} onClose={onClose} />)
    const panel = await devtools()
    const dialog = await panel.findByRole('dialog', { name: 'Tessera devtools' }, { timeout: 10_000 })
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    rerender(
      <DataProvider store={store}>
        <TesseraDevtoolsPanel store={store} open={false} />
      </DataProvider>,
    )
    const after = await devtools()
    await waitFor(() => expect(after.queryByRole('dialog')).toBeNull())
  })
})
