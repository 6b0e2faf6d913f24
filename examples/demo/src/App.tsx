import { version } from 'react'
import { AsyncBoundary } from 'tessera'
import { ErrorPanel } from './components/ErrorPanel'
import { RecentActions } from './components/RecentActions'
import { dismiss, useNotices } from './notices'
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
