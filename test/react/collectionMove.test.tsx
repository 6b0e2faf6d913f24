/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// A kanban move as data-client's docs show it: two columns read with useSuspense, a button that
// fetches getList.move; the card leaves one column and shows in the other, with no refetch.
import { screen } from '@testing-library/react'
import { Entity, createResource, useController, useSuspense } from '../../src/index'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { renderWithStore, settle } from '../helpers/renderWithStore'

class Task extends Entity {
  id = ''
  title = ''
  status = 'backlog'
  static override key = 'Task'
}
const TaskResource = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, searchParams: {} as { status: string } })

function Column({ status }: { status: string }) {
  const tasks = useSuspense(TaskResource.getList, { status })
  const controller = useController()
  return (
    <ul aria-label={status}>
      {tasks.map((task) => (
        <li key={task.id}>
          {task.title}
          <button onClick={() => void controller.fetch(TaskResource.getList.move, { id: task.id }, { status: status === 'backlog' ? 'active' : 'backlog' })}>
            move {task.title}
          </button>
        </li>
      ))}
    </ul>
  )
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

it('moves a card from one column to the other with the PATCH answer', async () => {
  fake.route(`GET ${API}/tasks?status=backlog`, { json: [{ id: '1', title: 'Write', status: 'backlog' }, { id: '2', title: 'Test', status: 'backlog' }] })
  fake.route(`GET ${API}/tasks?status=active`, { json: [{ id: '3', title: 'Ship', status: 'active' }] })
  fake.route(`PATCH ${API}/tasks/2`, (request) => ({ json: { id: '2', title: 'Test', ...(request.json() as object) } }))
  renderWithStore(
    <>
      <Column status="backlog" />
      <Column status="active" />
    </>,
  )
  await settle()
  const column = (name: string) => [...screen.getByRole('list', { name }).querySelectorAll('li')].map((li) => li.firstChild?.textContent)
  expect(column('backlog')).toEqual(['Write', 'Test'])
  await settle(() => screen.getByRole('button', { name: 'move Test' }).click())
  expect(column('backlog')).toEqual(['Write'])
  expect(column('active')).toEqual(['Ship', 'Test'])
  expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}/tasks?status=backlog`, `GET ${API}/tasks?status=active`, `PATCH ${API}/tasks/2`])
})
