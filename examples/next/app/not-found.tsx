import Link from 'next/link'

export default function NotFound() {
  return (
    <section className="error-panel" role="alert">
      <h1>Not found</h1>
      <p>
        There is no such article. <Link href="/">All articles</Link>
      </p>
    </section>
  )
}
