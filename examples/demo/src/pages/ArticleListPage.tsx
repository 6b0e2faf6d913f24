import { AsyncBoundary, useController, useLoading, useSuspense } from 'tessera'
import { ErrorPanel } from '../components/ErrorPanel'
import { Tags } from '../components/Tags'
import { describeError } from '../errors'
import { ArticleResource, type ArticleSummary } from '../resources'
import { paths } from '../router'

/** Pages of article summaries, newest first, optionally filtered by a tag, with "Load more". */
export function ArticleListPage({ tag }: { tag?: string }) {
  return (
    <section>
      <header className="page-header">
        <h1>{tag ? <>Articles tagged #{tag}</> : 'Articles'}</h1>
        <a className="button primary" href="/new">
          New article
        </a>
      </header>
      {tag && (
        <p>
          <a href={paths.list()}>← All articles</a>
        </p>
      )}
      <AsyncBoundary fallback={<ListFallback />} errorComponent={ErrorPanel}>
        <ArticleList tag={tag} />
      </AsyncBoundary>
    </section>
  )
}

function ArticleList({ tag }: { tag?: string }) {
  const filter = tag ? { tag } : {}
  const { results, cursor } = useSuspense(ArticleResource.getList, filter)
  const controller = useController()
  // The next page is appended to this same list; the list itself stays on screen meanwhile.
  const [loadMore, loading, error] = useLoading(() => controller.fetch(ArticleResource.getList.getPage, { ...filter, cursor }))
  return (
    <>
      <ul className="article-list" aria-label="Articles">
        {results.map((article) => (
          <ArticleRow key={article.id || 'saving'} article={article} />
        ))}
      </ul>
      {error && <p role="alert" className="inline-error">Could not load more: {describeError(error).detail}</p>}
      <div className="list-footer">
        {cursor ? (
          <button type="button" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Loading…' : 'Load more'}
          </button>
        ) : (
          <p className="muted">That is all {results.length} articles.</p>
        )}
        <span className="muted">{results.length} shown</span>
      </div>
    </>
  )
}

function ArticleRow({ article }: { article: ArticleSummary }) {
  // An article just created has a placeholder id (`optimistic:…`) until the server answers with
  // its own: shown, but not a link yet.
  if (article.id.startsWith('optimistic:')) {
    return (
      <li className="article-row saving">
        <span className="title">{article.title}</span>
        <span className="badge">Saving…</span>
        <div className="meta">by {article.author.name}</div>
      </li>
    )
  }
  return (
    <li className="article-row">
      <a className="title" href={paths.article(article.id)}>
        {article.title}
      </a>
      <div className="meta">
        by {article.author.name} <Tags tags={article.tags} />
        <span className="likes" aria-label={`${article.likes} likes`}>
          ♥ {article.likes}
        </span>
      </div>
    </li>
  )
}

function ListFallback() {
  return (
    <div className="fallback" aria-busy="true">
      <p>Loading articles…</p>
      <ul className="article-list skeleton">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="article-row">
            <span className="bar" />
            <span className="bar short" />
          </li>
        ))}
      </ul>
    </div>
  )
}
