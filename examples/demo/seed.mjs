// Deterministic seed data for the demo API: the same articles, authors, comments and tags on
// every start, so screenshots and e2e assertions can name them.

/** The signed-in user of the demo: author of everything created in the app. */
export const CURRENT_USER = { id: 'me', name: 'You' }

export const TAGS = ['react', 'typescript', 'performance', 'testing', 'css', 'accessibility', 'node', 'graphql', 'design', 'tooling']

const FIRST = ['Ada', 'Grace', 'Linus', 'Margaret', 'Alan', 'Barbara', 'Ken', 'Radia', 'Dennis', 'Frances', 'Edsger', 'Hedy', 'Tim', 'Karen', 'Guido', 'Sophie', 'Bjarne', 'Anita', 'Donald', 'Shafi', 'John', 'Lynn', 'Yukihiro', 'Joan']
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Hamilton', 'Turing', 'Liskov', 'Thompson', 'Perlman', 'Ritchie', 'Allen', 'Dijkstra', 'Lamarr', 'Berners-Lee', 'Spärck Jones', 'van Rossum', 'Wilson', 'Stroustrup', 'Borg', 'Knuth', 'Goldwasser', 'McCarthy', 'Conway', 'Matsumoto', 'Clarke']
const OPENINGS = ['A practical guide to', 'Understanding', 'What we learned from', 'Five mistakes with', 'Rethinking', 'The case for', 'Debugging', 'Scaling', 'Testing', 'Notes on']
const TOPICS = [
  ['normalized caches', 'performance'], ['Suspense boundaries', 'react'], ['optimistic updates', 'react'], ['cursor pagination', 'node'],
  ['error boundaries', 'react'], ['TypeScript generics', 'typescript'], ['CSS grid layouts', 'css'], ['accessible forms', 'accessibility'],
  ['bundle size', 'tooling'], ['stale-while-revalidate', 'performance'], ['GraphQL fragments', 'graphql'], ['web workers', 'performance'],
  ['focus management', 'accessibility'], ['design tokens', 'design'], ['end-to-end tests', 'testing'], ['flaky tests', 'testing'],
  ['source maps', 'tooling'], ['streaming responses', 'node'], ['colour contrast', 'design'], ['discriminated unions', 'typescript'],
  ['React StrictMode', 'react'], ['HTTP caching', 'performance'], ['schema validation', 'typescript'], ['keyboard navigation', 'accessibility'],
  ['container queries', 'css'], ['GraphQL mutations', 'graphql'], ['Node streams', 'node'], ['property-based testing', 'testing'],
  ['monorepo tooling', 'tooling'], ['motion design', 'design'],
]
const SENTENCES = [
  'Most of the complexity here comes from state that lives in two places at once.',
  'We started with the simplest thing that could possibly work, and measured.',
  'The first version fetched the same record from three different screens.',
  'A single normalized cache turned those three requests into one.',
  'It is tempting to reach for a library before the problem is clear.',
  'Users notice latency long before they notice a spinner.',
  'Showing the expected result at once, and rolling it back on failure, feels instant.',
  'The trick is to make the failure visible without making it alarming.',
  'Every list in the app reads its rows from the same table.',
  'Types caught most of these bugs before the code ever ran.',
  'We wrote the tests first, then deleted half of them once the design settled.',
  'Nothing about this is new; it is just easy to forget under a deadline.',
  'The browser already does most of the work if you let it.',
  'A good error page offers a way forward, not just an apology.',
  'We measured twice on a slow phone before changing anything.',
  'Replaying the recorded actions reproduced the bug on the first try.',
  'The old code was not wrong, it was written for a smaller app.',
  'Small components with one job each made the change easy to review.',
]
const REMARKS = [
  'Great write-up, thanks!', 'We hit exactly this last month.', 'How does this behave on a slow network?',
  'The part about rollbacks is spot on.', 'Would love a follow-up on testing this.', 'Bookmarked.',
  'This cleared up a long-standing confusion for me.', 'Could you share the benchmark code?',
  'We went the other way and regretted it.', 'Nice, short and to the point.',
]

/**
 * The title of the third newest article: markup that would end a <script> and run one if a page
 * put server data into HTML unescaped. The page must show it as text (the SSR e2e checks).
 */
export const HOSTILE_TITLE = '</script><script>window.__xss=1</script><!--'

/** mulberry32: a tiny seeded PRNG, so every start produces the same data. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` articles (ids '1'…'count', newer ids are newer articles) with 24 authors, 0–5 comments
 * each, one to three tags, and bodies of a few paragraphs. The third newest has HOSTILE_TITLE.
 */
export function seedArticles(count = 300) {
  const rand = random(20260101)
  const pick = (list) => list[Math.floor(rand() * list.length)]
  const authors = FIRST.map((first, i) => ({ id: `u${i + 1}`, name: `${first} ${LAST[i]}` }))
  const titles = OPENINGS.flatMap((opening) => TOPICS.map(([topic, tag]) => ({ title: `${opening} ${topic}`, tag })))
  // A seeded shuffle: titles appear in a stable but mixed order.
  for (let i = titles.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[titles[i], titles[j]] = [titles[j], titles[i]]
  }
  const start = Date.UTC(2025, 0, 6, 9, 0, 0)
  let commentId = 0
  const articles = []
  for (let n = 1; n <= count; n++) {
    const { title, tag } = titles[(n - 1) % titles.length]
    const tags = [tag]
    while (rand() < 0.45 && tags.length < 3) {
      const extra = pick(TAGS)
      if (!tags.includes(extra)) tags.push(extra)
    }
    const createdAt = new Date(start + n * 29 * 3600_000)
    const paragraphs = Array.from({ length: 2 + Math.floor(rand() * 3) }, () =>
      Array.from({ length: 3 + Math.floor(rand() * 3) }, () => pick(SENTENCES)).join(' '),
    )
    const comments = Array.from({ length: Math.floor(rand() * 6) }, (_, i) => ({
      id: `c${++commentId}`,
      body: pick(REMARKS),
      author: pick(authors),
      createdAt: new Date(createdAt.getTime() + (i + 1) * 47 * 60_000).toISOString(),
    }))
    articles.push({
      id: String(n),
      title: n === count - 2 ? HOSTILE_TITLE : count > titles.length && n > titles.length ? `${title} (part ${Math.ceil(n / titles.length)})` : title,
      author: pick(authors),
      tags,
      likes: Math.floor(rand() * 240),
      body: paragraphs.join('\n\n'),
      comments,
      createdAt: createdAt.toISOString(),
    })
  }
  return articles
}
