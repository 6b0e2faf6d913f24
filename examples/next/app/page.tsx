import { ArticleList } from '../components/ArticleList'
import { NewArticle } from '../components/NewArticle'

/**
 * The article list. Its data is read by a client component with useSuspense: the server render
 * fetches it on the request's store and streams it into the page, and the browser reads it from
 * there.
 */
export default function HomePage() {
  return (
    <section>
      <header className="page-header">
        <h1>Articles</h1>
      </header>
      <NewArticle />
      <ArticleList />
    </section>
  )
}
