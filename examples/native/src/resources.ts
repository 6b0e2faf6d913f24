// The app's data layer, on the demo API's shapes (examples/demo/api.mjs): the list of article
// summaries, the full article, and the like endpoint. Written as a data-client app writes it;
// only the import names Tessera.
import { Entity, RestEndpoint, createResource, schema, validateRequired } from 'tessera'
import { API_URL } from './api'

export class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static key = 'Author'
}

/** What the list returns for each article: no body, no comments. */
export class ArticleSummary extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  tags: string[] = []
  likes = 0
  pk() {
    return this.id
  }
  static key = 'Article'
  static schema: Record<string, unknown> = { author: Author }
}

/**
 * The full article, in the same table as the summary. `validateRequired` makes a summary that
 * came from the list count as incomplete here, so the detail screen fetches the body once.
 */
export class Article extends ArticleSummary {
  body = ''
  createdAt = new Date(0)
  static schema = { ...ArticleSummary.schema, createdAt: Date }
  static validate(processed: any) {
    return validateRequired(processed, this.defaults) || super.validate(processed)
  }
}

const base = createResource({
  urlPrefix: API_URL,
  path: '/api/articles/:id',
  schema: Article,
  searchParams: {} as { tag?: string; cursor?: string },
})

/** The first page of summaries: `{ results, cursor }` (GET /api/articles). */
const getList = base.getList.extend({ schema: { results: new schema.Collection([ArticleSummary]), cursor: '' } })

export const ArticleResource = { ...base, getList }

/**
 * Likes an article (POST /api/articles/:id/like, answers the summary). The count goes up on
 * screen at once, and while the device is offline the like waits in the OfflineManager's queue.
 */
export const likeArticle = new RestEndpoint({
  urlPrefix: API_URL,
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
