// The in-page half of the benchmark: renders the app, then runs one scenario when the runner
// (run.mjs, through Playwright) calls `window.__bench.run(name)`, and answers with its samples.
//
// A sample is one trigger (a click on one of the app's controls) timed to the DOM change it
// causes: `performance.now()` just before the click, and again at the start of the
// MutationObserver callback that first sees the expected DOM (rows in place, the new title...).
// MutationObserver callbacks run right after the commit that made the change, so this is
// "JavaScript work until the DOM is right": event, library, React render and commit. The frame
// time (a requestAnimationFrame, then a message, so after that frame's style, layout and paint)
// is recorded beside it. Row renders are counted from the click until things settle. Every
// scenario checks the whole list in the DOM against the data it should show, and the requests
// the app made against those it should have made; a mismatch fails the run.
import { createRoot } from 'react-dom/client'
import { App, registry, type Actions, type Adapter } from './App'
import { makeItems, serveList, server, type ItemData } from './network'
import { probe, type Marks, type View } from './probe'

export interface Sample {
  /** Trigger to the DOM change, ms. */
  ms: number
  /** Trigger to the end of the next frame, ms. */
  frameMs: number
  rowRenders: number
  /** The app's time marks, ms after the trigger. */
  marks: Marks
}

declare global {
  interface Window {
    __bench: { name: string; ready: Promise<void>; run(scenario: string): Promise<Sample[]> }
    gc?: () => void
    /** Set by profile.mjs to a control's id: the timed windows of its clicks are recorded with console.profile(). */
    __profile?: string
  }
}

/** Renders the app with this library's adapter and exposes the scenarios to the runner. */
export function start(name: string, adapter: Adapter): void {
  createRoot(document.getElementById('root')!).render(<App adapter={adapter} />)
  const ready = until(() => registry.actions !== undefined, 'the app to start')
  window.__bench = { name, ready, run: (scenario) => run(name, scenario) }
}

// Authors per list: each author's name shows in count / AUTHORS rows (100 in a 10k list). The
// runner's BENCH_AUTHORS sets it through the page's address (?authors=20: 500 rows per author).
const AUTHORS = Number(new URLSearchParams(location.search).get('authors')) || 100

/** Each scenario: warm-ups first (same work, other data, untimed), then the timed samples. */
const scenarios: Record<string, (library: string) => Promise<Sample[]>> = {
  'mount-1k': () => mount(1_000, 5),
  'mount-10k': () => mount(10_000, 3),
  'fetch-1k': () => load('dle', 1_000, 5),
  'fetch-10k': () => load('dle', 10_000, 3),
  'load-suspense': () => load('suspense', 1_000, 3),
  'load-plain-suspense': () => load('plain', 1_000, 3),
  'update-item-10k': () => updateItem(10_000),
  'update-author-10k': () => updateAuthor(10_000),
  'create-1k': () => create(1_000),
}

async function run(library: string, scenario: string): Promise<Sample[]> {
  const body = scenarios[scenario]
  if (body === undefined) throw new Error(`unknown scenario ${scenario}`)
  await window.__bench.ready
  server.log.length = 0
  return body(library)
}

function actions(): Actions {
  return registry.actions!
}

/** Mounts a list already in the cache (nothing is fetched): `timed` samples, each a list never shown before. */
async function mount(count: number, timed: number): Promise<Sample[]> {
  const warm = makeItems('w', 1_000, AUTHORS)
  const mains = Array.from({ length: timed }, (_, i) => makeItems(`m${i}-`, count, AUTHORS))
  actions().fill('warm', warm)
  mains.forEach((items, i) => actions().fill(`main${i}`, items))
  await settle()
  for (let i = 0; i < 2; i++) {
    await showList({ list: 'warm', mode: 'suspense' }, warm.length, false)
    await hideList()
  }
  const samples: Sample[] = []
  for (const [i, items] of mains.entries()) {
    samples.push(await showList({ list: `main${i}`, mode: 'suspense' }, count))
    checkRows(items)
    await hideList()
  }
  checkRequests([])
  return samples
}

/**
 * Shows a list of `count` rows that is not cached, fetched through the fake network (20 ms):
 * two warm-up loads of other 1k lists, then `count`-row lists never shown before, one per sample.
 * The runner reads each sample both from the click and from the response (the `response` mark).
 */
async function load(mode: View['mode'], count: number, timed: number): Promise<Sample[]> {
  server.delayMs = 20
  const samples: Sample[] = []
  for (let i = 0; i < 2 + timed; i++) {
    const size = i < 2 ? 1_000 : count
    const items = makeItems(`l${i}-`, size, AUTHORS)
    serveList(`list${i}`, items)
    server.log.length = 0
    const sample = await showList({ list: `list${i}`, mode }, size, i >= 2)
    checkRows(items)
    checkRequests([`GET /api/items?list=list${i}`])
    await hideList()
    if (i >= 2) samples.push(sample)
  }
  return samples
}

/** Renames one item (a full row as the server returns it) in a list of `count`. */
async function updateItem(count: number): Promise<Sample[]> {
  const items = await mountMain(count)
  const rows = rowsElement()
  const samples: Sample[] = []
  for (let k = 0; k < 3 + 5; k++) {
    const at = (k * 7_919 + 123) % count
    const item: ItemData = { ...items[at], title: `Renamed ${k}`, author: { ...items[at].author } }
    probe.next.item = item
    const sample = await measure('update-item', () => rows.children[at]?.firstElementChild?.textContent === item.title, k >= 3)
    items[at] = item
    checkRow(rows, at, item)
    if (k >= 3) samples.push(sample)
  }
  checkRows(items)
  checkRequests([])
  return samples
}

/** Renames one author shared by count / AUTHORS rows of a list of `count`. */
async function updateAuthor(count: number): Promise<Sample[]> {
  const items = await mountMain(count)
  const rows = rowsElement()
  const samples: Sample[] = []
  for (let k = 0; k < 3 + 5; k++) {
    const first = (k * 37 + 11) % AUTHORS
    const last = first + AUTHORS * Math.floor((count - 1 - first) / AUTHORS)
    const author = { id: items[first].author.id, name: `Renamed author ${k}` }
    probe.next.author = author
    const shows = (at: number) => rows.children[at]?.lastElementChild?.textContent === author.name
    const sample = await measure('update-author', () => shows(first) && shows(last), k >= 3)
    for (let at = first; at < count; at += AUTHORS) items[at] = { ...items[at], author }
    if (k >= 3) samples.push(sample)
  }
  checkRows(items)
  checkRequests([])
  return samples
}

/** Creates an item through the fake network (40 ms) and waits for it at the end of a list of `count`. */
async function create(count: number): Promise<Sample[]> {
  server.delayMs = 40
  const items = await mountMain(count)
  const rows = rowsElement()
  const samples: Sample[] = []
  for (let k = 0; k < 2 + 3; k++) {
    const author = items[k].author
    probe.next.create = { title: `Created ${k}`, authorId: author.id }
    const length = items.length + 1
    const sample = await measure('create', () => rows.childElementCount === length && rows.lastElementChild?.firstElementChild?.textContent === `Created ${k}`, k >= 2)
    items.push({ id: `new${server.created}`, title: `Created ${k}`, author })
    if (k >= 2) samples.push(sample)
  }
  checkRows(items)
  checkRequests(items.slice(count).map(() => 'POST /api/items?list=main'))
  return samples
}

/** Fills the cache with list "main" and shows it (untimed); returns the rows it shows. */
async function mountMain(count: number): Promise<ItemData[]> {
  const items = makeItems('m', count, AUTHORS)
  serveList('main', items)
  actions().fill('main', items)
  await settle()
  await showList({ list: 'main', mode: 'suspense' }, count, false)
  checkRows(items)
  return items
}

function showList(view: View, count: number, timed = true): Promise<Sample> {
  probe.next.view = view
  return measure('show', () => rowsElement(false)?.childElementCount === count, timed)
}

async function hideList(): Promise<void> {
  document.getElementById('hide')!.click()
  await until(() => rowsElement(false) === null && document.getElementById('loading') === null, 'the list to go')
  await settle()
}

/**
 * Clicks the control `id` and times it until `done()` holds: see the header. Starts from a quiet
 * page (after a GC, when the browser runs with --expose-gc, and a frame). `timed` is false for
 * warm-ups, which profile.mjs leaves out of its profiles.
 */
async function measure(id: string, done: () => boolean, timed: boolean): Promise<Sample> {
  window.gc?.()
  const button = document.getElementById(id)!
  const root = document.getElementById('root')!
  const seen = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error(`after clicking #${id}, the DOM never showed what it should within 10 s`))
    }, 10_000)
    const observer = new MutationObserver(() => {
      const now = performance.now()
      if (!done()) return
      observer.disconnect()
      clearTimeout(timer)
      resolve(now)
    })
    observer.observe(root, { childList: true, subtree: true, characterData: true })
  })
  // Start in a task of its own, after the last frame was drawn: work a library schedules for
  // later (a timer, React's scheduler) must not wait behind a frame that was already due.
  await frame()
  await message()
  const profiled = timed && window.__profile === id
  if (profiled) devConsole.profile(id)
  probe.arm()
  const t0 = performance.now()
  button.click()
  const t1 = await seen
  if (profiled) devConsole.profileEnd(id)
  await frame()
  const t2 = await message()
  await settle()
  const marks: Marks = {}
  for (const [name, at] of Object.entries(probe.marks)) marks[name as keyof Marks] = at - t0
  return { ms: t1 - t0, frameMs: t2 - t0, rowRenders: probe.rowRenders, marks }
}

/** Chromium's console.profile(), which TypeScript's DOM types leave out; profile.mjs collects what it records. */
const devConsole = console as Console & { profile(label: string): void; profileEnd(label: string): void }

function rowsElement(required = true): HTMLElement {
  const rows = document.getElementById('rows')
  if (rows === null && required) throw new Error('the list is not in the DOM')
  return rows!
}

function checkRow(rows: HTMLElement, at: number, item: ItemData): void {
  const li = rows.children[at] as HTMLElement | undefined
  const seen = li && `${li.dataset.id}|${li.firstElementChild?.textContent}|${li.lastElementChild?.textContent}`
  const expected = `${item.id}|${item.title}|${item.author.name}`
  if (seen !== expected) throw new Error(`row ${at} shows ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`)
}

/** The whole list in the DOM, row by row: id, title, author's name. */
function checkRows(items: readonly ItemData[]): void {
  const rows = rowsElement()
  if (rows.childElementCount !== items.length) throw new Error(`the list shows ${rows.childElementCount} rows, expected ${items.length}`)
  for (let at = 0; at < items.length; at++) checkRow(rows, at, items[at])
}

function checkRequests(expected: readonly string[]): void {
  const seen = JSON.stringify(server.log)
  if (seen !== JSON.stringify(expected)) throw new Error(`requests: ${seen}, expected ${JSON.stringify(expected)}`)
}

function frame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()))
}

/** Resolves with performance.now() once a posted message arrives (after the current frame's work). */
function message(): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve(performance.now())
    channel.port2.postMessage(null)
  })
}

/** A frame and a short idle: late renders and effects of the last step are done. */
async function settle(): Promise<void> {
  await frame()
  await new Promise((resolve) => setTimeout(resolve, 20))
}

async function until(test: () => boolean, what: string, timeout = 10_000): Promise<void> {
  const deadline = performance.now() + timeout
  while (!test()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
