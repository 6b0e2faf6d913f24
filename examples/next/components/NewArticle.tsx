'use client'
import { useState, type FormEvent } from 'react'
import { useController } from 'tessera'
import { describeError } from '../../demo/src/errors'
import { ArticleResource } from '../../demo/src/resources'

/**
 * Writes a new article. It shows at the top of the list at once (the create endpoint's
 * optimistic response) and becomes a link when the server answers with its id.
 */
export function NewArticle() {
  const controller = useController()
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = { title: title.trim(), body, tags: [] }
    if (!input.title) return
    setTitle('')
    setBody('')
    setError(undefined)
    controller.fetch(ArticleResource.create, input).catch((failure: unknown) => setError(describeError(failure).detail))
  }
  return (
    <form className="article-form" aria-label="New article" onSubmit={submit}>
      <label>
        Title
        <input name="title" value={title} required onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label>
        Text
        <textarea name="body" rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      </label>
      <div className="form-actions">
        <button type="submit" className="primary">
          Publish
        </button>
      </div>
      {error && (
        <p role="alert" className="inline-error">
          Not published: {error}
        </p>
      )}
    </form>
  )
}
