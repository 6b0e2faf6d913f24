/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { screen } from '@testing-library/react'
import { RestEndpoint, useError, useSuspense } from '../../src/index'
import { User } from '../fixtures/blog'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { allowConsoleErrors, renderWithStore, settle } from '../helpers/renderWithStore'

const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

function Status({ id }: { id: string | null }) {
  const error = useError(getUser, id === null ? null : { id })
  return <p role="status">{error ? `${error.name} ${(error as { status?: number }).status}: ${error.message}` : 'no error'}</p>
}

function Profile({ id }: { id: string }) {
  const user = useSuspense(getUser, { id })
  return <p>{user.name}</p>
}

describe('useError', () => {
  it('shows the error a read failed with, beside it, without fetching or suspending itself', async () => {
    allowConsoleErrors()
    fake.route(`GET ${API}/users/1`, { status: 404, json: { error: 'gone' } })
    const { controller } = renderWithStore(<Status id="1" />)
    expect(screen.getByRole('status').textContent).toBe('no error')
    await settle()
    expect(fake.requests).toHaveLength(0)
    await settle(() => controller.fetch(getUser, { id: '1' }).catch(() => undefined))
    expect(screen.getByRole('status').textContent).toMatch(/^NetworkError 404: /)
  })

  it('is undefined once the read succeeds, and with null arguments', async () => {
    fake.route(`GET ${API}/users/2`, { json: { id: '2', name: 'Ada' } })
    renderWithStore(
      <>
        <Status id="2" />
        <Status id={null} />
        <Profile id="2" />
      </>,
    )
    expect(await screen.findByText('Ada')).toBeTruthy()
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual(['no error', 'no error'])
  })
})
