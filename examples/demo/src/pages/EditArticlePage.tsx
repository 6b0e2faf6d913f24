import { AsyncBoundary, useController, useSuspense } from 'tessera'
import { ArticleForm } from '../components/ArticleForm'
import { ErrorPanel } from '../components/ErrorPanel'
import { describeError } from '../errors'
import { notify } from '../notices'
import { ArticleResource, type ArticleInput } from '../resources'
import { navigate, paths } from '../router'

export function EditArticlePage({ id }: { id: string }) {
  return (
    <section>
      <p>
        <a href={paths.article(id)}>← Back to the article</a>
      </p>
      <AsyncBoundary fallback={<p className="loading">Loading article…</p>} errorComponent={ErrorPanel}>
        <EditArticle id={id} />
      </AsyncBoundary>
    </section>
  )
}

/** Saves with PATCH; the article page shows the new text at once and rolls it back if the save fails. */
function EditArticle({ id }: { id: string }) {
  const article = useSuspense(ArticleResource.get, { id })
  const controller = useController()
  const save = (input: ArticleInput) => {
    navigate(paths.article(id))
    controller.fetch(ArticleResource.partialUpdate, { id }, input).catch((error: unknown) => {
      notify(`Your changes to “${input.title}” were not saved: ${describeError(error).detail}`)
    })
  }
  return (
    <>
      <header className="page-header">
        <h1>Edit article</h1>
      </header>
      <ArticleForm initial={{ title: article.title, body: article.body, tags: [...article.tags] }} submitLabel="Save" onSubmit={save} />
    </>
  )
}
