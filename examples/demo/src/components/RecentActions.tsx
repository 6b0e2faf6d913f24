import { actionCause, actionKey, actionLabel, useActionLog } from '../store'

export function formatTime(time: number): string {
  const date = new Date(time)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

/** The last few actions the store applied, newest first: what just happened to the cache. */
export function RecentActions({ count = 8 }: { count?: number }) {
  const entries = useActionLog()
  const recent = entries.slice(-count).reverse()
  return (
    <section className="recent" aria-label="Recent actions">
      <h2>
        Recent actions <span className="muted">({entries.length})</span>
      </h2>
      <ol>
        {recent.map((entry, i) => (
          <li key={entries.length - i}>
            <span className={`action-type type-${actionLabel(entry.action).replace(' ', '-')}`}>{actionLabel(entry.action)}</span>
            <time>{formatTime(entry.time)}</time>
            {actionCause(entry.action) && <span className="action-cause">{actionCause(entry.action)}</span>}
            <code className="action-key">{actionKey(entry.action)}</code>
          </li>
        ))}
      </ol>
      <a href="/log">Full log, download and replay →</a>
    </section>
  )
}
