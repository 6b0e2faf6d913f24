import { useController } from 'tessera'
import { ArticleForm } from '../components/ArticleForm'
import { describeError } from '../errors'
import { notify } from '../notices'
import { ArticleResource, type ArticleInput } from '../resources'
import { navigate, paths } from '../router'

const EMPTY: ArticleInput = { title: '', body: '', tags: [] }

/** Creates an article; it shows at the top of the list at once, before the server has answered. */
export function NewArticlePage() {
  const controller = useController()
  const create = (input: ArticleInput) => {
    navigate(paths.list())
    controller.fetch(ArticleResource.create, input).catch((error: unknown) => {
      notify(`“${input.title}” was not saved: ${describeError(error).detail}`)
    })
  }
  return (
    <section>
      <header className="page-header">
        <h1>New article</h1>
      </header>
      <ArticleForm initial={EMPTY} submitLabel="Publish" onSubmit={create} />
    </section>
  )
}
