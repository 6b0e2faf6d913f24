'use client'
import Link from 'next/link'
import { AsyncBoundary, useController, useLoading, useSuspense } from 'tessera'
import { describeError } from '../../demo/src/errors'
import { ArticleResource, type ArticleSummary } from '../../demo/src/resources'
import { ErrorMessage } from './ErrorMessage'

/** Pages of article summaries, newest first, with "Load more". */
export function ArticleList() {
  return (
    <AsyncBoundary fallback={<p className="loading fallback">Loading articles…</p>} errorComponent={ErrorMessage}>
      <Articles />
    </AsyncBoundary>
  )
}

function Articles() {
  const { results, cursor } = useSuspense(ArticleResource.getList, {})
  const controller = useController()
  // The next page is appended to this same list; the list stays on screen meanwhile.
  const [loadMore, loading, error] = useLoading(() => controller.fetch(ArticleResource.getList.getPage, { cursor }))
  return (
    <>
      <ul className="article-list" aria-label="Articles">
        {results.map((article) => (
          <ArticleRow key={article.id} article={article} />
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
  // A new article has a placeholder id until the server answers with its own: shown, not a link yet.
  if (article.id.startsWith('optimistic:')) {
    return (
      <li className="article-row saving">
        <span className="title">{article.title}</span>
        <span className="badge">Saving…</span>
      </li>
    )
  }
  return (
    <li className="article-row">
      <Link className="title" href={`/articles/${encodeURIComponent(article.id)}`}>
        {article.title}
      </Link>
      <div className="meta">
        by {article.author.name}{' '}
        <span className="tags">
          {article.tags.map((tag) => (
            <Link key={tag} className="tag" href={`/tags/${encodeURIComponent(tag)}`}>
              #{tag}
            </Link>
          ))}
        </span>
        <span className="likes" aria-label={`${article.likes} likes`}>
          ♥ {article.likes}
        </span>
      </div>
    </li>
  )
}
