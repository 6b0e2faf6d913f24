// The demo's data layer: entities, the article resource and two extra endpoints. Everything the
// pages read or change goes through these definitions and one store.
import { Entity, RestEndpoint, createResource, schema, validateRequired } from 'tessera'

export class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Author'
}

export class Comment extends Entity {
  id = ''
  body = ''
  author = Author.fromJS()
  createdAt = new Date(0)
  pk() {
    return this.id
  }
  static override key = 'Comment'
  static override schema = { author: Author, createdAt: Date }
}

/** What the list endpoint returns for each article. */
export class ArticleSummary extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  tags: string[] = []
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Article'
  static override schema: Record<string, unknown> = { author: Author }
}

/**
 * The full article, in the same table as the summary. `validateRequired` makes a summary read
 * as an Article Invalid, so the detail page fetches the body once, then never again while fresh.
 */
export class Article extends ArticleSummary {
  body = ''
  comments: Comment[] = []
  createdAt = new Date(0)
  static override schema = { ...ArticleSummary.schema, comments: [Comment], createdAt: Date }
  static override validate(processed: any) {
    return validateRequired(processed, this.defaults) || super.validate(processed)
  }
}

/** What the new-article and edit forms send. */
export interface ArticleInput {
  title: string
  body: string
  tags: string[]
}

/** The signed-in user; the server makes them the author of what they create. */
export const CURRENT_USER = { id: 'me', name: 'You' }

const base = createResource({
  path: '/api/articles/:id',
  schema: Article,
  searchParams: {} as { tag?: string; cursor?: string },
  body: {} as Partial<ArticleInput>,
  paginationField: 'cursor',
  optimistic: true,
})

/** Pages of summaries, `{ results, cursor }`; `getList.getPage` appends the next page to the same list. */
const getList = base.getList.extend({ schema: { results: new schema.Collection([ArticleSummary]), cursor: '' } })

/**
 * Adds the created article at the top of every cached list it belongs to. The guess is a summary
 * (the server fills in the id and the dates), so it shows at once in the list.
 */
const create = getList.unshift.extend({
  getOptimisticResponse: (_snapshot: unknown, body: ArticleInput) => ({ ...body, author: CURRENT_USER, likes: 0 }),
})

/**
 * The article, marked `live: true`: a page that reads it with `useLive` keeps the browser store's
 * LiveManager (src/offline.ts) connected, and the server's pushes update it. Same key as before,
 * so a plain `useSuspense` of it (the edit page) shares the cached article.
 */
const get = base.get.extend({ live: true })

export const ArticleResource = { ...base, get, getList, create }

/** Likes an article; the count goes up at once and comes back down if the server refuses. */
export const likeArticle = new RestEndpoint({
  path: '/api/articles/:id/like',
  method: 'POST',
  schema: ArticleSummary,
  name: 'likeArticle',
  getOptimisticResponse(snapshot, { id }: { id: string }) {
    const article = snapshot.get(ArticleSummary, { id })
    if (!article) throw snapshot.abort
    return { id, likes: article.likes + 1 }
  },
})

/**
 * How often an open article asks for its like count: `?poll=<ms>` in the page's address (the e2e
 * uses a short one); off otherwise, so the other pages' request counts stay exact. Always off in a
 * server render: a server answers once, it has nothing to poll for.
 */
export const likesPollMs = typeof location === 'undefined' ? 0 : Number(new URLSearchParams(location.search).get('poll')) || 0

/**
 * The like count alone, `{ id, likes }`. Its schema is the summary, so each answer updates the
 * count wherever the article shows. Polled by the store's PollingManager while a page reads it.
 */
export const watchLikes = new RestEndpoint({
  path: '/api/articles/:id/likes',
  schema: ArticleSummary,
  name: 'watchLikes',
  pollFrequency: likesPollMs || undefined,
})

/**
 * A report the server builds on demand; its first request fails with a 500. Not retried: the
 * error page is there to show that failure in its boundary (the store retries other reads).
 */
export const getReport = new RestEndpoint({ path: '/api/reports/:id', name: 'getReport', process: (value: Report) => value, retry: 0 })

export interface Report {
  id: string
  articles: number
  likes: number
  comments: number
  topTags: { tag: string; count: number }[]
}

/** Asks the demo server to fail the next request to `path` (a test and demo hook, not a data endpoint). */
export async function failNextRequest(path: string, status = 500): Promise<void> {
  const response = await fetch('/api/flaky', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, status, times: 1 }),
  })
  if (!response.ok) throw new Error(`Could not arm the failure: ${response.status}`)
}
