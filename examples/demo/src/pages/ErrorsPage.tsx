import { useState } from 'react'
import { AsyncBoundary, useSuspense } from 'tessera'
import { ErrorPanel } from '../components/ErrorPanel'
import { ArticleResource, getReport } from '../resources'

/** Errors as a user meets them: a 404 and a 500, each in its own boundary with a Retry. */
export function ErrorsPage() {
  const [report, setReport] = useState<string | null>(null)
  return (
    <section>
      <header className="page-header">
        <h1>Error pages</h1>
      </header>
      <div className="cards">
        <section className="card" aria-labelledby="not-found">
          <h2 id="not-found">Not found (404)</h2>
          <p className="muted">Reads an article that does not exist. A 4xx goes to the nearest error boundary; Retry asks again at once.</p>
          <AsyncBoundary fallback={<p className="loading">Loading article…</p>} errorComponent={ErrorPanel}>
            <MissingArticle />
          </AsyncBoundary>
        </section>
        <section className="card" aria-labelledby="server-error">
          <h2 id="server-error">Server error (500)</h2>
          <p className="muted">
            Each report fails the first time the server is asked for it. With nothing cached to show, the 500 goes to the boundary; Retry
            asks again and gets it.
          </p>
          <button type="button" onClick={() => setReport(Date.now().toString(36))}>
            Request a new report
          </button>
          {report !== null && (
            <AsyncBoundary key={report} fallback={<p className="loading">Building report…</p>} errorComponent={ErrorPanel}>
              <ReportView id={report} />
            </AsyncBoundary>
          )}
        </section>
      </div>
    </section>
  )
}

function MissingArticle() {
  const article = useSuspense(ArticleResource.get, { id: 'does-not-exist' })
  return <p>Unexpectedly found “{article.title}”.</p>
}

function ReportView({ id }: { id: string }) {
  const report = useSuspense(getReport, { id })
  return (
    <dl className="report" aria-label="Report">
      <dt>Articles</dt>
      <dd>{report.articles}</dd>
      <dt>Likes</dt>
      <dd>{report.likes}</dd>
      <dt>Comments</dt>
      <dd>{report.comments}</dd>
      <dt>Top tags</dt>
      <dd>{report.topTags.map((entry) => `#${entry.tag} (${entry.count})`).join(', ')}</dd>
    </dl>
  )
}
