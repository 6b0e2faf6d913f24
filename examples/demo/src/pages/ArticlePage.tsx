import { AsyncBoundary, useController, useLive, useQuery } from 'tessera'
import { ErrorPanel } from '../components/ErrorPanel'
import { LikeButton } from '../components/LikeButton'
import { Tags } from '../components/Tags'
import { describeError } from '../errors'
import { notify } from '../notices'
import { ArticleResource, ArticleSummary } from '../resources'
import { navigate, paths } from '../router'
import { usePending } from '../usePending'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * `6 Jan 2025`, in UTC. Spelled out rather than Intl's: the server's ICU and the browser's may
 * abbreviate a month differently ("Sep" / "Sept"), and hydration must see the same text.
 */
function formatDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** One article: the summary the list already had shows at once, the rest after its fetch. */
export function ArticlePage({ id }: { id: string }) {
  return (
    <section>
      <p>
        <a href={paths.list()}>← All articles</a>
      </p>
      <AsyncBoundary fallback={<ArticleFallback id={id} />} errorComponent={ErrorPanel}>
        <ArticleView id={id} />
      </AsyncBoundary>
    </section>
  )
}

/** While the detail loads: the title and author from the summary in the cache, if any. */
function ArticleFallback({ id }: { id: string }) {
  const summary = useQuery(ArticleSummary, { id })
  return (
    <article className="article fallback" aria-busy="true">
      {summary ? (
        <>
          <h1>{summary.title}</h1>
          <p className="byline">by {summary.author.name}</p>
        </>
      ) : null}
      <p className="loading">Loading article…</p>
    </article>
  )
}

function ArticleView({ id }: { id: string }) {
  // Live while the page is open: other readers' likes (and new comments) arrive over the store's
  // LiveManager, with no polling and no reload. A server render reads it once, as useSuspense does.
  const article = useLive(ArticleResource.get, { id })
  const controller = useController()
  const saving = usePending(ArticleResource.partialUpdate, { id }, {})
  const remove = () => {
    // Leave the page first: the article disappears from the cache at once (optimistic delete).
    navigate(paths.list())
    controller.fetch(ArticleResource.delete, { id }).catch((error: unknown) => {
      notify(`“${article.title}” could not be deleted and is back: ${describeError(error).detail}`)
    })
  }
  return (
    <article className="article">
      <header>
        <h1>
          {article.title} {saving && <span className="badge">Saving…</span>}
        </h1>
        <p className="byline">
          by {article.author.name} on {formatDate(article.createdAt)} <Tags tags={article.tags} />
        </p>
      </header>
      <LikeButton id={article.id} likes={article.likes} />
      <div className="body">
        {article.body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <div className="article-actions">
        <a className="button" href={paths.edit(article.id)}>
          Edit
        </a>
        <button type="button" className="danger" onClick={remove}>
          Delete
        </button>
      </div>
      <section className="comments">
        <h2>Comments ({article.comments.length})</h2>
        {article.comments.length === 0 ? (
          <p className="muted">No comments yet.</p>
        ) : (
          <ul>
            {article.comments.map((comment) => (
              <li key={comment.id}>
                <strong>{comment.author.name}</strong> <span className="muted">{formatDate(comment.createdAt)}</span>
                <p>{comment.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}
