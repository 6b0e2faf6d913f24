import { useController, useDLE, useLoading } from 'tessera'
import { Tags } from '../components/Tags'
import { describeError } from '../errors'
import { ArticleResource, failNextRequest } from '../resources'
import { paths } from '../router'

// The same read (the same key), not retried: the store retries a 5xx, which would hide the failure
// this button is there to show.
const onceOnly = ArticleResource.get.extend({ retry: 0 })

const ID = '1'

/**
 * Stale-while-revalidate: a refetch that fails with a 5xx leaves the cached article on screen,
 * and `useDLE`'s `error` says why it was not refreshed.
 */
export function StalePage() {
  const { data: article, loading, error } = useDLE(ArticleResource.get, { id: ID })
  const controller = useController()
  const [refetch, refetching] = useLoading(() => controller.fetch(ArticleResource.get, { id: ID }))
  const [refetchFailing, failing] = useLoading(async () => {
    await failNextRequest(`/api/articles/${ID}`)
    return controller.fetch(onceOnly, { id: ID })
  })
  const busy = refetching || failing
  return (
    <section>
      <header className="page-header">
        <h1>Stale while revalidate</h1>
      </header>
      <p className="muted">
        Article {ID} read with <code>useDLE</code>. Refetch it, or make the server fail the next request: the article stays, and the soft
        error shows beside it.
      </p>
      <div className="toolbar">
        <button type="button" onClick={() => void refetch()} disabled={busy}>
          Refetch
        </button>
        <button type="button" onClick={() => void refetchFailing()} disabled={busy}>
          Refetch with the server failing
        </button>
        {busy && <span className="muted">Refetching…</span>}
      </div>
      <div className="swr">
        <div className="swr-data card" aria-label="Cached article">
          {article ? (
            <>
              <h2>
                <a href={paths.article(article.id)}>{article.title}</a>
              </h2>
              <p className="byline">
                by {article.author.name} <Tags tags={article.tags} /> ♥ {article.likes}
              </p>
              <p>{article.body.split(/\n{2,}/)[0]}</p>
            </>
          ) : loading ? (
            <p className="loading">Loading article…</p>
          ) : null}
        </div>
        {error && (
          <aside role="status" className="soft-error">
            <strong>{article ? 'Refresh failed, showing cached data' : 'Could not load'}</strong>
            <span>{describeError(error).title}</span>
            <span className="muted">{describeError(error).detail}</span>
          </aside>
        )}
      </div>
    </section>
  )
}
