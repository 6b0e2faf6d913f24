/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { createRoot, type Root } from 'react-dom/client'
import { Suspense } from 'react'
import { AsyncBoundary, DataProvider, Endpoint, createStore, useSuspense } from '../../src/index'
import { Note } from '../fixtures/notes'

// Rendered outside act(), with React's own scheduling on real timers, as in a browser: that is
// where React 19 holds back a Suspense reveal caused only by a promise resolving, until 300 ms
// after the fallback appeared.
let root: Root | undefined
let container: HTMLElement
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  container = document.createElement('div')
  document.body.appendChild(container)
})
afterEach(async () => {
  root?.unmount()
  container.remove()
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => boolean, limit = 2_000): Promise<number> {
  const started = performance.now()
  while (!condition() && performance.now() - started < limit) await sleep(1)
  return performance.now() - started
}

function setup(Boundary: typeof AsyncBoundary | typeof Suspense = AsyncBoundary) {
  const answers: ((value: unknown) => void)[] = []
  const getNote = new Endpoint((_params: { id: string }) => new Promise<any>((resolve) => void answers.push(resolve)), { schema: Note, name: 'getNote' })
  function View() {
    return <p>{useSuspense(getNote, { id: '1' }).text}</p>
  }
  root = createRoot(container)
  root.render(
    <DataProvider store={createStore()}>
      <Boundary fallback={<p>loading</p>}>
        <View />
      </Boundary>
    </DataProvider>,
  )
  return { answers, text: () => container.textContent }
}

it.each([
  ['AsyncBoundary', AsyncBoundary],
  ['a plain Suspense', Suspense],
] as const)('commits a cold useSuspense read in %s as soon as its data arrives, not when React would throttle the reveal', async (_name, Boundary) => {
  const { answers, text } = setup(Boundary)
  await until(() => text() === 'loading' && answers.length === 1)
  expect(text()).toBe('loading')
  // A fast API: the data arrives shortly after the fallback appeared.
  await sleep(10)
  answers[0]!({ id: '1', text: 'hello' })
  const revealedAfter = await until(() => text() === 'hello')
  expect(text()).toBe('hello')
  // Throttled, this takes about 290 ms; committed at once, a few ms (generous for a loaded machine).
  expect(revealedAfter).toBeLessThan(150)
  expect(answers).toHaveLength(1)
})

it('still shows the fallback for as long as a slow request takes', async () => {
  const { answers, text } = setup()
  await sleep(400)
  expect(text()).toBe('loading')
  answers[0]!({ id: '1', text: 'slow' })
  await until(() => text() === 'slow')
  expect(text()).toBe('slow')
  expect(answers).toHaveLength(1)
})
