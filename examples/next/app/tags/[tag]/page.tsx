import Link from 'next/link'
import { ArticleResource } from '../../../../demo/src/resources'

declare const process: { env: { DEMO_API_ORIGIN?: string } }

/**
 * The articles with one tag, as a Server Component: it awaits the list endpoint from 'tessera'
 * itself, as any async function, and renders plain HTML. Nothing of it reaches the browser's
 * store and no JavaScript of its own ships: a page for data that is read, not changed (the likes
 * shown are those of the moment it rendered). Each title links to the article's page, whose
 * client component reads the article with useSuspense.
 */
export default async function TagPage({ params }: { params: Promise<{ tag: string }> }) {
  const { tag } = await params
  // A fetch in a Server Component has no page to resolve a relative URL against: the endpoint
  // gets the API's origin (serve.mjs says where it listens). What it fetches goes into no store,
  // so its key need not match the browser's.
  const getArticles = ArticleResource.getList.extend({ urlPrefix: process.env.DEMO_API_ORIGIN ?? '' })
  const { results, cursor } = await getArticles({ tag })
  return (
    <section>
      <header className="page-header">
        <h1>#{tag}</h1>
        <p className="muted">
          {cursor ? `The ${results.length} newest articles` : `${results.length} articles`} with this tag. <Link href="/">All articles</Link>
        </p>
      </header>
      <ul className="article-list" aria-label="Tagged articles">
        {results.map((article) => (
          <li key={article.id} className="article-row">
            <Link className="title" href={`/articles/${encodeURIComponent(article.id)}`}>
              {article.title}
            </Link>
            <div className="meta">
              by {article.author.name}{' '}
              <span className="likes" aria-label={`${article.likes} likes`}>
                ♥ {article.likes}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
