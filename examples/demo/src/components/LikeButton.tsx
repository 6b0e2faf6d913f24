import { useController, useLoading, useSubscription } from 'tessera'
import { describeError } from '../errors'
import { likeArticle, likesPollMs, watchLikes } from '../resources'

/**
 * The like counter. The count goes up as soon as it is clicked (the endpoint's optimistic
 * response); if the server refuses, the count goes back and the reason shows beside it. With
 * polling on, other readers' likes show up while the page is open.
 */
export function LikeButton({ id, likes }: { id: string; likes: number }) {
  const controller = useController()
  // With `?poll=<ms>`, likes from other readers show up: the subscription keeps the store polling
  // (each answer updates the article's count wherever it shows).
  useSubscription(watchLikes, likesPollMs ? { id } : null)
  const [like, , error] = useLoading(() => controller.fetch(likeArticle, { id }))
  return (
    <div className="like">
      <button type="button" className="like-button" aria-label={`Like (${likes} likes)`} onClick={() => void like()}>
        <span aria-hidden="true">♥</span> <span className="like-count">{likes}</span>
      </button>
      {error && (
        <span role="status" className="like-error">
          Like not counted ({describeError(error).title}): {describeError(error).detail}
        </span>
      )}
    </div>
  )
}
