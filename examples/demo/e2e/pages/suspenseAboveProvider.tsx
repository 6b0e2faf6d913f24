// A page as an app with a router's root boundary writes it: the app's own <Suspense> above a
// <DataProvider> that makes its own store (no `store` prop). provider.test.mjs bundles it.
import { Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { DataProvider, Entity, RestEndpoint, useSuspense } from 'tessera'

class Article extends Entity {
  id = 0
  title = ''
  pk() {
    return String(this.id)
  }
  static override key = 'Article'
}

const getArticles = new RestEndpoint({ path: '/api/articles', schema: [Article] })

function Articles() {
  const articles = useSuspense(getArticles)
  return (
    <ul>
      {articles.map((article) => (
        <li key={article.id}>{article.title}</li>
      ))}
    </ul>
  )
}

createRoot(document.getElementById('root')!).render(
  <Suspense fallback={<p>Loading…</p>}>
    <DataProvider>
      <Articles />
    </DataProvider>
  </Suspense>,
)
