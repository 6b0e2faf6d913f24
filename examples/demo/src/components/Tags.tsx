import { paths } from '../router'

/** An article's tags, each a link to the list filtered by it. */
export function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <span className="tags">
      {tags.map((tag) => (
        <a key={tag} className="tag" href={paths.list(tag)}>
          #{tag}
        </a>
      ))}
    </span>
  )
}
