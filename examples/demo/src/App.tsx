import { version } from 'react'
import { AsyncBoundary } from 'tessera'
import { usePendingMutations } from 'tessera/offline'
import { ErrorPanel } from './components/ErrorPanel'
import { RecentActions } from './components/RecentActions'
import { dismiss, useNotices } from './notices'
import { useMounted, useOnline, useRestoreReport } from './offline'
import { ActionLogPage } from './pages/ActionLogPage'
import { ArticleListPage } from './pages/ArticleListPage'
import { ArticlePage } from './pages/ArticlePage'
import { EditArticlePage } from './pages/EditArticlePage'
import { ErrorsPage } from './pages/ErrorsPage'
import { NewArticlePage } from './pages/NewArticlePage'
import { StalePage } from './pages/StalePage'
import { useRoute, type Route } from './router'

const NAV: { href: string; label: string; pages: Route['page'][] }[] = [
  { href: '/', label: 'Articles', pages: ['list', 'article', 'edit'] },
  { href: '/new', label: 'New article', pages: ['new'] },
  { href: '/errors', label: 'Error pages', pages: ['errors'] },
  { href: '/stale', label: 'Stale data', pages: ['stale'] },
  { href: '/log', label: 'Action log', pages: ['log'] },
]

export function App() {
  const route = useRoute()
  return (
    <div className="layout">
      <header className="topbar">
        <a className="brand" href="/">
          Tessera <span>demo</span>
        </a>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <a key={item.href} href={item.href} aria-current={item.pages.includes(route.page) ? 'page' : undefined}>
              {item.label}
            </a>
          ))}
        </nav>
        <NetworkStatus />
      </header>
      <Notices />
      <main>
        <AsyncBoundary fallback={<p className="loading">Loading…</p>} errorComponent={ErrorPanel}>
          <Page route={route} />
        </AsyncBoundary>
      </main>
      <aside className="sidebar">
        <RecentActions />
      </aside>
      <footer className="footer">
        {import.meta.env.DEV ? 'Development' : 'Production'} build · React {version} under StrictMode
        <Restored />
      </footer>
    </div>
  )
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'list':
      return <ArticleListPage key={route.tag ?? ''} tag={route.tag} />
    case 'article':
      return <ArticlePage key={route.id} id={route.id} />
    case 'edit':
      return <EditArticlePage key={route.id} id={route.id} />
    case 'new':
      return <NewArticlePage />
    case 'errors':
      return <ErrorsPage />
    case 'stale':
      return <StalePage />
    case 'log':
      return <ActionLogPage />
    case 'not-found':
      return (
        <section>
          <h1>No such page</h1>
          <p>
            Nothing lives at <code>{route.path}</code>. <a href="/">Go to the articles</a>.
          </p>
        </section>
      )
  }
}

/**
 * "Offline" while the browser says so, and how many changes wait to be sent (made offline, kept
 * across reloads). Shown after mount only: a server render knows neither.
 */
function NetworkStatus() {
  const mounted = useMounted()
  const online = useOnline()
  const waiting = usePendingMutations().length
  if (!mounted) return null
  return (
    <p className="network" role="status" aria-label="Network">
      {!online && <span className="badge offline">offline</span>}
      {waiting > 0 && <span className="badge waiting">{waiting === 1 ? '1 change waiting' : `${waiting} changes waiting`}</span>}
    </p>
  )
}

/** What this browser's saved cache brought back on load. */
function Restored() {
  const report = useRestoreReport()
  if (!report) return null
  return (
    <span className="restored">
      {' '}
      · {report.responses} saved responses restored from IndexedDB in {report.ms} ms
    </span>
  )
}

function Notices() {
  const notices = useNotices()
  if (notices.length === 0) return null
  return (
    <div className="notices" role="status">
      {notices.map((notice) => (
        <p key={notice.id} className="notice">
          {notice.message}
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
            ×
          </button>
        </p>
      ))}
    </div>
  )
}
