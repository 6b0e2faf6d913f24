import { useState, type FormEvent } from 'react'
import type { ArticleInput } from '../resources'

/** The new-article and edit form. Tags are typed comma-separated. */
export function ArticleForm({ initial, submitLabel, onSubmit }: { initial: ArticleInput; submitLabel: string; onSubmit: (input: ArticleInput) => void }) {
  const [title, setTitle] = useState(initial.title)
  const [tags, setTags] = useState(initial.tags.join(', '))
  const [body, setBody] = useState(initial.body)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      title: title.trim(),
      body,
      tags: tags
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    }
    if (input.title) onSubmit(input)
  }
  return (
    <form className="article-form" onSubmit={submit}>
      <label>
        Title
        <input name="title" value={title} required onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label>
        <span>
          Tags <span className="muted">(comma-separated)</span>
        </span>
        <input name="tags" value={tags} onChange={(event) => setTags(event.target.value)} />
      </label>
      <label>
        Text
        <textarea name="body" rows={10} value={body} onChange={(event) => setBody(event.target.value)} />
      </label>
      <div className="form-actions">
        <button type="submit" className="primary">
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
