import { useEffect, useState, type ChangeEvent } from 'react'
import { createStore, schema, type Action, type Store } from 'tessera'
import { formatTime } from '../components/RecentActions'
import { Article, ArticleResource, ArticleSummary, Author, Comment } from '../resources'
import { actionCause, actionKey, actionLabel, useActionLog } from '../store'

/** What a replayed log rebuilt: entity counts and the article list as the user saw it. */
interface Replay {
  file: string
  actions: number
  store: Store
}

const allArticles = new schema.All(ArticleSummary)
const allAuthors = new schema.All(Author)
const allComments = new schema.All(Comment)

/**
 * The store's action log: the last actions, a JSON download of all of them, and a replay of such
 * a file into a fresh store, which rebuilds what the user saw without sending a request.
 */
export function ActionLogPage() {
  const entries = useActionLog()
  const [replay, setReplay] = useState<Replay | null>(null)
  const [problem, setProblem] = useState('')

  // The replayed store belongs to this page.
  useEffect(() => () => replay?.store.cleanup(), [replay])

  const download = () => {
    const json = JSON.stringify(entries.map((entry) => entry.action), null, 2)
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'tessera-actions.json'
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      const parsed: unknown = JSON.parse(await file.text())
      if (!Array.isArray(parsed)) throw new Error('the file does not hold a JSON array of actions')
      // A fresh store, fed the recorded actions as they are: it reaches the same state, offline.
      const store = createStore()
      for (const item of parsed as (Action | { action: Action })[]) store.dispatch('action' in item ? item.action : item)
      setProblem('')
      setReplay({ file: file.name, actions: parsed.length, store })
    } catch (error) {
      setProblem(`Could not replay ${file.name}: ${(error as Error).message}`)
    }
  }

  return (
    <section>
      <header className="page-header">
        <h1>Action log</h1>
      </header>
      <p className="muted">
        Every change to the cache is a plain JSON action; each fetch says why it went out (its cause: first read, args changed, stale,
        invalidated, focus, reconnect, poll, retry, queued or manual). Download them, and replay the file into a fresh store to see what the user saw,
        without a single request.
      </p>
      <div className="toolbar">
        <button type="button" onClick={download}>
          Download log ({entries.length} actions)
        </button>
        <label className="button">
          Replay a log file…
          <input type="file" accept="application/json,.json" className="visually-hidden" aria-label="Replay a log file" onChange={(event) => void load(event)} />
        </label>
      </div>
      {problem && (
        <p role="alert" className="inline-error">
          {problem}
        </p>
      )}
      {replay && <ReplayedState replay={replay} />}
      <table className="log" aria-label="Actions">
        <thead>
          <tr>
            <th>#</th>
            <th>Time</th>
            <th>Type</th>
            <th title="Why a fetch went out">Cause</th>
            <th>Key</th>
          </tr>
        </thead>
        <tbody>
          {entries
            .slice(-50)
            .reverse()
            .map((entry, i) => (
              <tr key={entries.length - i}>
                <td className="muted">{entries.length - i}</td>
                <td>
                  <time>{formatTime(entry.time)}</time>
                </td>
                <td>
                  <span className={`action-type type-${actionLabel(entry.action).replace(' ', '-')}`}>{actionLabel(entry.action)}</span>
                </td>
                <td className="action-cause">{actionCause(entry.action)}</td>
                <td>
                  <code>{actionKey(entry.action)}</code>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  )
}

/** Reads the replayed store directly (no provider, so nothing can trigger a fetch from it). */
function ReplayedState({ replay }: { replay: Replay }) {
  const { store } = replay
  const state = store.getState()
  const count = (all: schema.All<any>) => (store.controller.get(all, state) as unknown[] | undefined)?.length ?? 0
  const list = store.controller.getResponse(ArticleResource.getList, {}, state).data
  const details = (store.controller.get(allArticles, state) as ArticleSummary[] | undefined)?.filter((article) =>
    store.controller.get(Article, { id: article.id }, state),
  ).length
  return (
    <section className="card replay" aria-label="Replayed state">
      <h2>
        Replayed {replay.actions} actions from {replay.file}
      </h2>
      <dl className="report">
        <dt>Articles</dt>
        <dd data-testid="replayed-articles">{count(allArticles)}</dd>
        <dt>… with full text</dt>
        <dd>{details ?? 0}</dd>
        <dt>Authors</dt>
        <dd>{count(allAuthors)}</dd>
        <dt>Comments</dt>
        <dd>{count(allComments)}</dd>
      </dl>
      {list?.results ? (
        <>
          <h3>The article list as it was ({list.results.length} articles)</h3>
          <ol className="replayed-list" aria-label="Replayed articles">
            {list.results.map((article) => (
              <li key={article.id || 'saving'}>{article.title}</li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">The log holds no article list.</p>
      )}
    </section>
  )
}
