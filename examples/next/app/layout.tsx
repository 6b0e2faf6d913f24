import Link from 'next/link'
import type { ReactNode } from 'react'
import { DataProvider } from 'tessera/nextjs'
import '../../demo/src/styles.css'

// Every page reads the demo API at request time; nothing is prerendered at build time (the API
// is not running then, and its data changes).
export const dynamic = 'force-dynamic'

// No icon file: an empty one keeps the browser from asking for /favicon.ico (a 404).
export const metadata = { title: 'Tessera blog · Next.js', icons: { icon: 'data:,' } }

/** The blog's frame. One DataProvider for the whole app: it persists across client navigations. */
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
            <DataProvider>{children}</DataProvider>
          </main>
          <footer className="footer">Next.js App Router · server rendered, streamed, hydrated without a second request</footer>
        </div>
      </body>
    </html>
  )
}
