import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getServerStore, ServerData } from 'tessera/nextjs/server'
import { ArticleView } from '../../../components/ArticleView'
import { StreamingBoundary } from '../../../components/StreamingBoundary'
import { ArticleResource } from '../../../../demo/src/resources'

/**
 * One article. The page itself awaits nothing but its parameters, so on a first load its frame
 * (the link back, the article's fallback) is in the first bytes sent, and the article streams
 * into its boundary once the API answers (a client navigation waits for the whole page instead:
 * see StreamingBoundary). <ArticleData> fetches it on the request's store and hands it down with
 * <ServerData>: the client component below reads the same endpoint with useSuspense and finds
 * it, on the server render, on hydration and after a client navigation from the list.
 */
export default async function ArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <section>
      <p>
        <Link href="/">← All articles</Link>
      </p>
      <StreamingBoundary fallback={<p className="loading fallback">Loading article…</p>}>
        <ArticleData id={id} />
      </StreamingBoundary>
    </section>
  )
}

/** Waits for the article in its own boundary: only this part of the page waits for the API. */
async function ArticleData({ id }: { id: string }) {
  try {
    await getServerStore().controller.fetch(ArticleResource.get, { id })
  } catch (error) {
    if ((error as { status?: number }).status === 404) notFound()
    throw error
  }
  return (
    <ServerData>
      <ArticleView id={id} />
    </ServerData>
  )
}
