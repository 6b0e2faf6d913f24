// What the server-rendering tests (here and test/nextjs) share: the article entity their
// endpoints answer with, components reading the test API, and a reader of the data scripts a
// server render writes.
import { Entity, RestEndpoint, useSuspense } from '../../../src/index'
import type { ServerDataBatch } from '../../../src/ssr/index'

/** An article as the test API (`./api`) sends it: an id and a title. */
export class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}

/** The batches of every data script in `html`, evaluated as the browser would (their push calls collected). */
export function batchesIn(html: string): ServerDataBatch[] {
  const scope: { __TESSERA_DATA__?: ServerDataBatch[] } = {}
  for (const [, code] of html.matchAll(/<script[^>]*>(\(self\.__TESSERA_DATA__[\s\S]*?)<\/script>/g)) new Function('self', code!)(scope)
  return scope.__TESSERA_DATA__ ?? []
}

/**
 * The test API's article endpoints, and components that read the list and the slow article with
 * useSuspense. `url` is called on each use: the API starts in beforeAll, after this runs.
 */
export function articleViews(url: () => string) {
  const endpoints = () => ({
    list: new RestEndpoint({ urlPrefix: url(), path: '/articles', schema: [Article] }),
    slow: new RestEndpoint({ urlPrefix: url(), path: '/slow', schema: Article }),
    broken: new RestEndpoint({ urlPrefix: url(), path: '/broken', schema: Article }),
  })
  function List() {
    const articles = useSuspense(endpoints().list)
    return (
      <ul>
        {articles.map((article) => (
          <li key={article.id}>{article.title}</li>
        ))}
      </ul>
    )
  }
  function Slow() {
    const article = useSuspense(endpoints().slow)
    return <p>{article.title}</p>
  }
  return { endpoints, List, Slow }
}
