import Link from 'next/link'
import type { ReactNode } from 'react'
import { AsyncBoundary } from 'tessera'
import { DataProvider } from 'tessera/nextjs'
import { ErrorMessage } from '../components/ErrorMessage'
import '../../demo/src/styles.css'

// Every page reads the demo API at request time; nothing is prerendered at build time (the API
// is not running then, and its data changes).
export const dynamic = 'force-dynamic'

// No icon file: an empty one keeps the browser from asking for /favicon.ico (a 404).
export const metadata = { title: 'Tessera blog · Next.js', icons: { icon: 'data:,' } }

/**
 * The blog's frame, a Server Component. One DataProvider for the whole app: it persists across
 * client navigations. It and AsyncBoundary are client components, imported here from the
 * package's entries like anything else; the boundary catches what a page below it suspends on
 * or fails with (its errorComponent, a client component too, passes as a prop).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <div className="layout">
          <header className="topbar">
            <Link className="brand" href="/">
              Tessera <span>blog on Next.js</span>
            </Link>
          </header>
          <main>
            <DataProvider>
              <AsyncBoundary fallback={<p className="loading fallback">Loading…</p>} errorComponent={ErrorMessage}>
                {children}
              </AsyncBoundary>
            </DataProvider>
          </main>
          <footer className="footer">Next.js App Router · server rendered, streamed, hydrated without a second request</footer>
        </div>
      </body>
    </html>
  )
}
