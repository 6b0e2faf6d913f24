/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * The GitHub example's provider: `managers={[new LogoutManager({ handleLogout }), ...getDefaultManagers()]}`.
 * A 401 logs the user out and empties the cache; the default managers run once, not twice.
 */
import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import {
  AsyncBoundary,
  Controller,
  createResource,
  DataProvider,
  Entity,
  getDefaultManagers,
  LogoutManager,
  useCache,
  useSuspense,
  type ErrorFallbackProps,
} from '../../src/index'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { allowConsoleErrors, settle } from '../helpers/renderWithStore'

class User extends Entity {
  id = ''
  login = ''
  pk() {
    return this.id
  }
  static override key = 'User'
}

const UserResource = createResource({ urlPrefix: API, path: '/users/:id', schema: User })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  allowConsoleErrors()
})
afterEach(() => fake.restore())

function Fallback({ error }: ErrorFallbackProps) {
  return <p role="alert">{error.message}</p>
}

describe('DataProvider with LogoutManager and the default managers', () => {
  it('logs out on a 401: handleLogout runs once, and the cache is emptied', async () => {
    fake.route(`GET ${API}/users/me`, { json: { id: 'me', login: 'octocat' } })
    const privateRead = fake.hold(`GET ${API}/users/private`)
    const logouts: unknown[] = []
    let unAuth = () => {}
    const managers = [
      new LogoutManager({
        handleLogout(controller) {
          logouts.push(controller)
          unAuth()
          controller.resetEntireStore()
        },
      }),
      ...getDefaultManagers(),
    ]
    function Me() {
      const me = useCache(UserResource.get, { id: 'me' })
      return <p>{me ? `signed in as ${me.login}` : 'signed out'}</p>
    }
    function Private() {
      return <p>{useSuspense(UserResource.get, { id: 'private' }).login}</p>
    }
    function Load() {
      useSuspense(UserResource.get, { id: 'me' })
      return <Private />
    }
    function App() {
      const [authed, setAuthed] = useState(true)
      unAuth = () => setAuthed(false)
      return (
        <>
          <Me />
          {authed ? (
            <AsyncBoundary fallback={<p>loading</p>} errorComponent={Fallback}>
              <Load />
            </AsyncBoundary>
          ) : (
            <p>please log in</p>
          )}
        </>
      )
    }
    render(
      <DataProvider managers={managers}>
        <App />
      </DataProvider>,
    )
    expect(await screen.findByText('signed in as octocat')).toBeTruthy()
    await settle(() => privateRead.answer({ status: 401, statusText: 'Unauthorized' }))
    expect(await screen.findByText('please log in')).toBeTruthy()
    await settle()
    expect(logouts).toHaveLength(1)
    expect(logouts[0]).toBeInstanceOf(Controller)
    expect(screen.getByText('signed out')).toBeTruthy()
    // One NetworkManager: each read went out once.
    expect(fake.requests.map((request) => request.url)).toEqual([`${API}/users/me`, `${API}/users/private`])
  })
})
