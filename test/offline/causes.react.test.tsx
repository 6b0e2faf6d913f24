/**
 * @jest-environment ./test/helpers/jsdomEnvironment.ts
 */
// Why this fetch, from components: a reader moving to new arguments says 'args-changed', the
// page coming back says 'focus', the network coming back 'reconnect'. Read from the fetch actions
// the store saw while a component was rendered.
import { act, screen } from '@testing-library/react'
import { FETCH, useDLE, useFetch, useSuspense, type Action, type FetchAction } from '../../src/index'
import { flush } from '../helpers/createTestStore'
import { renderWithStore } from '../helpers/renderWithStore'
import { createServer } from './server'

const causes = (actions: Action[]) => actions.filter((action): action is FetchAction => action.type === FETCH).map((action) => action.cause)

function setup() {
  const server = createServer()
  server.items.set('1', 'one')
  server.items.set('2', 'two')
  function Row({ id }: { id: string }) {
    const item = useSuspense(server.getItem, { id })
    return <p>{item.text}</p>
  }
  return { server, Row }
}

describe('fetch causes from components', () => {
  it("says 'first-read' on mount and 'args-changed' when the arguments change, for missing and for stale data", async () => {
    const { server, Row } = setup()
    const view = renderWithStore(<Row id="1" />)
    await act(flush)
    expect(screen.getByText('one')).toBeTruthy()

    view.rerender(<Row id="2" />)
    await act(flush)
    expect(screen.getByText('two')).toBeTruthy()

    // Back to 1, now stale: shown at once, refreshed in the background because the arguments changed.
    view.clock.advance(120_000)
    view.controller.setResponse(server.getItem, { id: '2' }, { id: '2', text: 'two' })
    view.rerender(<Row id="1" />)
    await act(flush)
    expect(causes(view.actions)).toEqual(['first-read', 'args-changed', 'args-changed'])
  })

  it("says why for reads that do not suspend too: useDLE and useFetch", async () => {
    const { server } = setup()
    function Loose({ id }: { id: string }) {
      const { data } = useDLE(server.getItem, { id })
      useFetch(server.getItem, { id: '2' })
      return <p>{data?.text ?? 'loading'}</p>
    }
    const view = renderWithStore(<Loose id="1" />)
    await act(flush)
    expect(screen.getByText('one')).toBeTruthy()
    await act(async () => {
      view.controller.invalidate(server.getItem, { id: '1' })
      await flush()
    })
    expect(causes(view.actions)).toEqual(['first-read', 'first-read', 'invalidated'])
  })

  it("says 'stale' for a stale read on mount", async () => {
    const { server, Row } = setup()
    const view = renderWithStore(<p />)
    view.controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'cached' })
    view.clock.advance(120_000)
    view.rerender(<Row id="1" />)
    await act(flush)
    expect(causes(view.actions)).toEqual(['stale'])
  })

  it("says 'focus' when the page becomes visible and 'reconnect' when the browser is back online", async () => {
    const { Row } = setup()
    const view = renderWithStore(<Row id="1" />)
    await act(flush)
    view.clock.advance(120_000)
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
      await flush()
    })
    view.clock.advance(120_000)
    await act(async () => {
      window.dispatchEvent(new Event('online'))
      await flush()
    })
    expect(causes(view.actions)).toEqual(['first-read', 'focus', 'reconnect'])
  })
})
