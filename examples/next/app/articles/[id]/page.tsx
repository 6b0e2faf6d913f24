import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getServerStore, ServerData } from 'tessera/nextjs/server'
import { ArticleView } from '../../../components/ArticleView'
import { ArticleResource } from '../../../../demo/src/resources'

/**
 * One article. This Server Component fetches it on the request's store and hands it down with
 * <ServerData>: the client component below reads the same endpoint with useSuspense and finds
 * it, on the server render, on hydration and after a client navigation from the list.
 */
export default async function ArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  try {
    await getServerStore().controller.fetch(ArticleResource.get, { id })
  } catch (error) {
    if ((error as { status?: number }).status === 404) notFound()
    throw error
  }
  return (
    <section>
      <p>
        <Link href="/">← All articles</Link>
      </p>
      <ServerData>
        <ArticleView id={id} />
      </ServerData>
    </section>
  )
}
