// Benchmark inputs: the shared "large payload" (projects with nested build types) and a seeded,
// synthetic list of GitHub-like issues. Every generated object is fresh (as if parsed from JSON),
// so no two issues share an author or label object by reference.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const DATA_URL = new URL('../../shared/bench-data/data.json', import.meta.url)

/** `{ project: [...] }`: 709 projects with 2,117 nested build types. */
export function loadProjects() {
  return JSON.parse(readFileSync(fileURLToPath(DATA_URL), 'utf8'))
}

/** Small, fast, seeded 32-bit PRNG returning floats in [0, 1). */
export function createRandom(seed) {
  let state = seed >>> 0
  return function random() {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

export const USER_COUNT = 200
export const LABEL_COUNT = 30

const WORDS = [
  'cache', 'render', 'suspense', 'schema', 'entity', 'normalize', 'memo', 'crash', 'typo', 'docs',
  'slow', 'update', 'list', 'nested', 'optional', 'error', 'retry', 'stale', 'refetch', 'query',
]

/**
 * `count` issues `{ id, number, title, state, createdAt, author: { id, login },
 * labels: [{ id, name, color }] }` with authors drawn from 200 users and 0-3 distinct labels
 * each from 30. The same seed gives the same list; a smaller list is a prefix of a larger one.
 */
export function makeIssues(count, seed = 0x7e55e7a) {
  const random = createRandom(seed)
  const pick = (n) => Math.floor(random() * n)
  const users = []
  for (let i = 0; i < USER_COUNT; i++) users.push({ id: 10_000 + i, login: `user${i}` })
  const labels = []
  for (let i = 0; i < LABEL_COUNT; i++) {
    labels.push({ id: 900 + i, name: `${WORDS[i % WORDS.length]}-${i}`, color: pick(0x1000000).toString(16).padStart(6, '0') })
  }
  const start = Date.UTC(2024, 0, 1)
  const span = 2 * 365 * 24 * 3600 * 1000
  const issues = new Array(count)
  for (let i = 0; i < count; i++) {
    const author = users[pick(USER_COUNT)]
    const labelCount = pick(4)
    const chosen = []
    while (chosen.length < labelCount) {
      const label = labels[pick(LABEL_COUNT)]
      if (!chosen.includes(label)) chosen.push(label)
    }
    issues[i] = {
      id: 1 + i,
      number: 1 + i,
      title: `${WORDS[pick(WORDS.length)]} ${WORDS[pick(WORDS.length)]} ${WORDS[pick(WORDS.length)]}`,
      state: random() < 0.7 ? 'open' : 'closed',
      createdAt: new Date(start + pick(span)).toISOString(),
      author: { id: author.id, login: author.login },
      labels: chosen.map((l) => ({ id: l.id, name: l.name, color: l.color })),
    }
  }
  return issues
}

/**
 * The update-one payloads: iteration `i` changes the title of one issue of a `count`-issue list.
 * `full` echoes the whole issue (author and labels included, unchanged, as fresh objects);
 * otherwise only `{ id, title }` is sent.
 */
export function makeChange(issues, i, full) {
  const index = (i * 7919 + 13) % issues.length
  const issue = issues[index]
  const title = `${issue.title} (edit ${i})`
  const payload = full
    ? {
        ...issue,
        title,
        author: { ...issue.author },
        labels: issue.labels.map((l) => ({ ...l })),
      }
    : { id: issue.id, title }
  return { index, title, payload }
}

/** The one-field entity of the store, scale, GC and memory cases, built on the given `Entity`. */
export function noteClass(Entity) {
  return class Note extends Entity {
    id = ''
    text = ''
    pk() {
      return this.id
    }
    static key = 'Note'
  }
}

/** Entries in a tessera table (flat object, or sharded: leaves of [key, value, ...] pairs). */
export function countTable(table) {
  if (!Array.isArray(table)) return Object.keys(table).length
  let n = 0
  for (const mid of table) if (mid) for (const leaf of mid) if (leaf) n += leaf.length / 2
  return n
}
