/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { RestEndpoint, createStore, useCache, useController, useDLE, useSuspense, type Controller } from '../../src/index'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { LOADING, renderWithStore, settle } from '../helpers/renderWithStore'
import { Note, NoteResource } from '../fixtures/notes'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('useController()', () => {
  it('returns bound methods that stay the same across renders: destructuring works', async () => {
    fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'first' } })
    const seen: Controller['fetch'][] = []
    function Notes() {
      const { fetch, invalidate } = useController()
      const [, setCount] = useState(0)
      const note = useSuspense(NoteResource.get, { id: '1' })
      seen.push(fetch)
      return (
        <>
          <p>{note.text}</p>
          <button onClick={() => setCount((n) => n + 1)}>Render again</button>
          <button onClick={() => invalidate(NoteResource.get, { id: '1' })}>Reload</button>
          <button onClick={() => void fetch(NoteResource.get, { id: '1' })}>Fetch</button>
        </>
      )
    }
    renderWithStore(<Notes />)
    expect(await screen.findByText('first')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }))
    expect(new Set(seen).size).toBe(1)

    fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'second' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    await settle()
    expect(screen.getByText('second')).toBeTruthy()
    fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'third' } })
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }))
    await settle()
    expect(screen.getByText('third')).toBeTruthy()
    expect(fake.requests).toHaveLength(3)
  })

  it('is bound on createStore().controller too', async () => {
    fake.route(`GET ${API}/notes/2`, { json: { id: '2', text: 'headless' } })
    const store = createStore()
    const { fetch, getResponse, invalidate } = store.controller
    await fetch(NoteResource.get, { id: '2' })
    expect(getResponse(NoteResource.get, { id: '2' }, store.getState()).data?.text).toBe('headless')
    invalidate(NoteResource.get, { id: '2' })
    expect(getResponse(NoteResource.get, { id: '2' }, store.getState()).expiryStatus).toBe('Invalid')
  })
})

it('re-checks invalidIfStale data on the next render once its expiry passed, with no store change', async () => {
  const getNote = new RestEndpoint({ urlPrefix: API, path: '/notes/:id', schema: Note, invalidIfStale: true, dataExpiryLength: 1_000 })
  fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'fresh' } })
  function View({ tick }: { tick: number }) {
    const note = useSuspense(getNote, { id: '1' })
    return (
      <p>
        {note.text} {tick}
      </p>
    )
  }
  const { clock, rerender, store } = renderWithStore(<View tick={0} />)
  expect(await screen.findByText('fresh 0')).toBeTruthy()
  const state = store.getState()
  clock.advance(1_001)
  fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'refetched' } })
  rerender(<View tick={1} />)
  // The same state, a later clock: stale with invalidIfStale is Invalid, so it suspends and fetches.
  expect(store.getState()).toBe(state)
  expect(screen.getByText(LOADING)).toBeTruthy()
  await settle()
  expect(screen.getByText('refetched 1')).toBeTruthy()
  expect(fake.requests).toHaveLength(2)
})

describe('reads of an object schema when nothing is cached', () => {
  const getPage = new RestEndpoint({ urlPrefix: API, path: '/notes', schema: { results: [Note], nextPage: '' } })

  it('useCache and useDLE give the schema’s shape with its defaults, and so do null arguments', async () => {
    const held = fake.hold(`GET ${API}/notes`)
    const views: string[] = []
    function Probe() {
      const cached = useCache(getPage)
      const dle = useDLE(getPage)
      const skipped = useCache(getPage, null)
      views.push(JSON.stringify({ cached, dle: dle.data, loading: dle.loading, skipped }))
      return <p>{dle.data?.results?.length ?? 'no results'}</p>
    }
    renderWithStore(<Probe />)
    await settle()
    expect(JSON.parse(views[views.length - 1]!)).toEqual({ cached: { nextPage: '' }, dle: { nextPage: '' }, loading: true, skipped: { nextPage: '' } })
    await settle(() => held.answer({ json: { results: [{ id: '1', text: 'one' }], nextPage: '/notes?page=2' } }))
    expect(screen.getByText('1')).toBeTruthy()
    expect(JSON.parse(views[views.length - 1]!)).toMatchObject({ cached: { nextPage: '/notes?page=2' }, loading: false })
  })
})

describe('garbage collection and mounted components', () => {
  it('never collects what a mounted component shows; collects it gcTime after it unmounts', async () => {
    fake.route(`GET ${API}/notes/1`, { json: { id: '1', text: 'on screen' } })
    // Never stale: a render a day later (React may still retry the suspended tree then) must not
    // refetch, so the one request counted below says the sweep itself caused none.
    const getNote = NoteResource.get.extend({ dataExpiryLength: Infinity })
    function Show() {
      return <p>{useSuspense(getNote, { id: '1' }).text}</p>
    }
    const { clock, controller, unmount, store } = renderWithStore(<Show />)
    expect(await screen.findByText('on screen')).toBeTruthy()
    const key = getNote.key({ id: '1' })
    clock.advance(24 * 3600_000)
    await settle(() => controller.sweep())
    expect(screen.getByText('on screen')).toBeTruthy()
    expect(controller.getResponse(getNote, { id: '1' }, store.getState()).data?.text).toBe('on screen')

    unmount()
    clock.advance(5 * 60_000 - 1)
    controller.sweep()
    expect(controller.getResponse(getNote, { id: '1' }, store.getState()).data?.text).toBe('on screen')
    clock.advance(2)
    controller.sweep()
    expect(controller.getResponse(getNote, { id: '1' }, store.getState())).toMatchObject({ data: undefined, expiryStatus: 'Invalid' })
    expect(JSON.stringify(store.getState())).not.toContain(key)
    expect(fake.requests).toHaveLength(1)
  })
})
