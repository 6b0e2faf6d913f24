/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { act, screen } from '@testing-library/react'
import { Entity, PollingManager, useCache, useLive, useSubscription, type EndpointInterface } from '../../src/index'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { renderWithStore, settle } from '../helpers/renderWithStore'

class Score extends Entity {
  id = ''
  points = 0
  pk() {
    return this.id
  }
  static override key = 'Score'
}

const score = (id: string, points: number) => ({ id, points })
const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms))

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function Subscribed({ endpoint, id }: { endpoint: EndpointInterface; id: string | null }) {
  useSubscription(endpoint, id === null ? null : { id })
  const value = useCache(endpoint, id === null ? null : { id }) as Score | undefined
  return <p role="status">{value ? `${value.id}: ${value.points}` : 'nothing yet'}</p>
}

function Live({ endpoint, id }: { endpoint: EndpointInterface<any, any, undefined>; id: string }) {
  const value = useLive(endpoint, { id }) as Score
  return <p role="status">{`${value.id}: ${value.points}`}</p>
}

describe('useSubscription', () => {
  it('polls while mounted without reading or suspending, moves with its arguments, and stops when unmounted', async () => {
    const getScore = createFakeEndpoint('getScore', { schema: Score, pollFrequency: 1_000 })
    const test = createTestStore({ managers: [new PollingManager()] })
    const { rerender, unmount } = renderWithStore(<Subscribed endpoint={getScore.endpoint} id="a" />, { store: test })
    expect(screen.getByRole('status').textContent).toBe('nothing yet')
    expect(getScore.calls).toHaveLength(0)
    tick(1_000)
    expect(getScore.calls.map((call) => call.args)).toEqual([[{ id: 'a' }]])
    await settle(() => getScore.calls[0]!.resolve(score('a', 3)))
    expect(screen.getByRole('status').textContent).toBe('a: 3')

    rerender(<Subscribed endpoint={getScore.endpoint} id="b" />)
    tick(1_000)
    expect(getScore.calls.map((call) => call.args)).toEqual([[{ id: 'a' }], [{ id: 'b' }]])
    await settle(() => getScore.calls[1]!.resolve(score('b', 7)))
    expect(screen.getByRole('status').textContent).toBe('b: 7')

    unmount()
    tick(5_000)
    expect(getScore.calls).toHaveLength(2)
  })

  it('subscribes to nothing with null arguments', () => {
    const getScore = createFakeEndpoint('getScore', { schema: Score, pollFrequency: 1_000 })
    const test = createTestStore({ managers: [new PollingManager()] })
    renderWithStore(<Subscribed endpoint={getScore.endpoint} id={null} />, { store: test })
    tick(5_000)
    expect(getScore.calls).toHaveLength(0)
  })
})

describe('useLive', () => {
  it('suspends for the first answer, then shows every poll', async () => {
    const getScore = createFakeEndpoint('getScore', { schema: Score, pollFrequency: 1_000 })
    const test = createTestStore({ managers: [new PollingManager()] })
    renderWithStore(<Live endpoint={getScore.endpoint} id="a" />, { store: test })
    await settle()
    expect(screen.getByText('Loading…')).toBeTruthy()
    expect(getScore.calls).toHaveLength(1)
    await settle(() => getScore.calls[0]!.resolve(score('a', 1)))
    expect(screen.getByRole('status').textContent).toBe('a: 1')
    tick(1_000)
    expect(getScore.calls).toHaveLength(2)
    await settle(() => getScore.calls[1]!.resolve(score('a', 2)))
    expect(screen.getByRole('status').textContent).toBe('a: 2')
  })
})
