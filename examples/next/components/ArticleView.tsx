'use client'
import { AsyncBoundary, useSuspense } from 'tessera'
import { LikeButton } from '../../demo/src/components/LikeButton'
import { ArticleResource } from '../../demo/src/resources'
import { ErrorMessage } from './ErrorMessage'

// A fixed locale and time zone: the server and the browser must format the same text.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

/** One article, read with useSuspense: the page's Server Component has put it in the store already. */
export function ArticleView({ id }: { id: string }) {
  return (
    <AsyncBoundary fallback={<p className="loading fallback">Loading article…</p>} errorComponent={ErrorMessage}>
      <Article id={id} />
    </AsyncBoundary>
  )
}

function Article({ id }: { id: string }) {
  const article = useSuspense(ArticleResource.get, { id })
  return (
    <article className="article">
      <header>
        <h1>{article.title}</h1>
        <p className="byline">
          by {article.author.name} on {dateFormat.format(article.createdAt)}{' '}
          <span className="tags">
            {article.tags.map((tag) => (
              <span key={tag} className="tag">
                #{tag}
              </span>
            ))}
          </span>
        </p>
      </header>
      <LikeButton id={article.id} likes={article.likes} />
      <div className="body">
        {article.body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <section className="comments">
        <h2>Comments ({article.comments.length})</h2>
        <ul>
          {article.comments.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.author.name}</strong>: {comment.body}
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
