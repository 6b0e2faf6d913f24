// `tessera openapi` on real public descriptions (from npm: @readme/oas-examples, @octokit/openapi)
// and the demo's own document: the output compiles under --strict together with a consumer file
// whose correct calls compile and whose wrong ones must not (`@ts-expect-error`), and the large
// document (GitHub's REST API) is generated in seconds.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { examples, github, root, run, scratch, tsFiles, typeCheck } from './harness'

// Compiling with the TypeScript API and bundling take seconds each (GitHub's output: about ten).
jest.setTimeout(60_000)

/** Each document and a consumer of what it generates (run from `<dir>/consumer.ts`, output in `<dir>/out`). */
const DOCUMENTS: { name: string; file: string; consumer: string }[] = [
  {
    name: 'Petstore 3.0 (JSON)',
    file: join(examples, '3.0/json/petstore.json'),
    consumer: `
      import { createStore } from 'tessera'
      import { Category, Pet, addPet, findPetsByStatus, getPetById, OrderResource, getInventory } from './out'
      const store = createStore()
      export async function calls() {
        const pet: Pet = await store.controller.fetch(getPetById, { petId: 1 })
        const category: Category = pet.category
        const pets: Pet[] = await store.controller.fetch(findPetsByStatus, { status: ['available'] })
        await store.controller.fetch(addPet, { name: 'Rex', photoUrls: [], status: 'sold' })
        const counts: Record<string, number> = await store.controller.fetch(getInventory)
        await store.controller.fetch(OrderResource.get, { orderId: 3 })
        // @ts-expect-error: the path parameter is petId
        await store.controller.fetch(getPetById, { id: 1 })
        // @ts-expect-error: status is one of three values
        await store.controller.fetch(findPetsByStatus, { status: ['lost'] })
        // @ts-expect-error: a pet's name is a string
        await store.controller.fetch(addPet, { name: 5, photoUrls: [] })
        // @ts-expect-error: shipDate is read back as a Date
        const shipped: string = (await store.controller.fetch(OrderResource.get, { orderId: 3 })).shipDate
        return [category, pets, counts, shipped]
      }`,
  },
  {
    name: 'Petstore, Swagger 2.0',
    file: join(examples, '2.0/json/petstore.json'),
    consumer: `
      import { createStore } from 'tessera'
      import { Pet, addPet, getPetById, findPetsByStatus } from './out'
      const store = createStore()
      export async function calls() {
        const pet: Pet = await store.controller.fetch(getPetById, { petId: 1 })
        const pets: Pet[] = await store.controller.fetch(findPetsByStatus, { status: ['pending'] })
        await store.controller.fetch(addPet, { name: 'Rex', photoUrls: ['a'] })
        // @ts-expect-error: petId is missing
        await store.controller.fetch(getPetById, {})
        // @ts-expect-error: photoUrls is required
        await store.controller.fetch(addPet, { name: 'Rex' })
        return [pet, pets]
      }`,
  },
  {
    name: 'Petstore expanded, 3.0 YAML (a createResource)',
    file: join(examples, '3.0/yaml/petstore-expanded.yaml'),
    consumer: `
      import { createStore } from 'tessera'
      import { Pet, PetResource } from './out'
      const store = createStore()
      export async function calls() {
        const pets: Pet[] = await store.controller.fetch(PetResource.getList, { tags: ['cat'], limit: 2 })
        const pet: Pet = await store.controller.fetch(PetResource.create, { name: 'Tom' })
        await store.controller.fetch(PetResource.delete, { id: 1 })
        // @ts-expect-error: limit is a number
        await store.controller.fetch(PetResource.getList, { limit: 'two' })
        // @ts-expect-error: get needs the id
        await store.controller.fetch(PetResource.get, {})
        // @ts-expect-error: the document has no update
        PetResource.update
        return [pets, pet]
      }`,
  },
  {
    name: 'Train Travel API, 3.1',
    file: join(examples, '3.1/json/train-travel.json'),
    consumer: `
      import { createStore } from 'tessera'
      import { Booking, BookingResource, Station, getStations } from './out'
      const store = createStore()
      export async function calls() {
        const page = await store.controller.fetch(getStations)
        const stations: Station[] = page.data
        const booking: Booking = await store.controller.fetch(BookingResource.get, { bookingId: 'b1' })
        const bookings: Booking[] = (await store.controller.fetch(BookingResource.getList)).data
        await store.controller.fetch(BookingResource.create, { trip_id: 't', passenger_name: 'Ada' })
        // @ts-expect-error: bookingId is the path parameter
        await store.controller.fetch(BookingResource.get, { id: 'b1' })
        // @ts-expect-error: a passenger's name is a string
        await store.controller.fetch(BookingResource.create, { passenger_name: 1 })
        return [stations, booking, bookings]
      }`,
  },
  {
    name: 'the demo (examples/demo/openapi.json)',
    file: join(root, 'examples/demo/openapi.json'),
    consumer: `
      import { createStore } from 'tessera'
      import { Article, ArticleSummary, ArticleResource, likeArticle } from './out'
      const store = createStore()
      export async function calls() {
        const { results, cursor }: { results: ArticleSummary[]; cursor: string } = await store.controller.fetch(ArticleResource.getList, { tag: 'react' })
        await store.controller.fetch(ArticleResource.getList.getPage, { tag: 'react', cursor })
        const article: Article = await store.controller.fetch(ArticleResource.get, { id: '1' })
        const created: Date = article.createdAt
        await store.controller.fetch(ArticleResource.create, { title: 'New', body: '', tags: [] })
        await store.controller.fetch(likeArticle, { id: '1' })
        // @ts-expect-error: tags are strings
        await store.controller.fetch(ArticleResource.create, { title: 'New', tags: [1] })
        return [results, created]
      }`,
  },
  {
    name: "GitHub's REST API (api.github.com.json, 13 MB)",
    file: github,
    consumer: `
      import { createStore } from 'tessera'
      import { FullRepository, Issue, IssueResource, SimpleUser, reposGet } from './out'
      const store = createStore()
      export async function calls() {
        const repo: FullRepository = await store.controller.fetch(reposGet, { owner: 'o', repo: 'r' })
        const owner: SimpleUser = repo.owner
        const issues: Issue[] = await store.controller.fetch(IssueResource.getList, { owner: 'o', repo: 'r', state: 'open', page: 2 })
        await store.controller.fetch(IssueResource.create, { owner: 'o', repo: 'r' }, { title: 'Bug' })
        // @ts-expect-error: owner is missing
        await store.controller.fetch(reposGet, { repo: 'r' })
        // @ts-expect-error: state is open, closed or all
        await store.controller.fetch(IssueResource.getList, { owner: 'o', repo: 'r', state: 'shut' })
        return [owner, issues]
      }`,
  },
]

describe('tessera openapi on real documents', () => {
  const dirs = new Map<string, string>()

  it.each(DOCUMENTS.map((document) => [document.name, document] as const))('%s: generates, exit 0, one summary line', async (_name, document) => {
    const dir = scratch()
    const started = performance.now()
    const { code, out } = await run('openapi', document.file, '--out', join(dir, 'out'))
    const seconds = (performance.now() - started) / 1000
    expect(code).toBe(0)
    expect(out).toHaveLength(1)
    expect(out[0]).toMatch(/^tessera openapi: wrote \d+ files \(\d+ KB\) to .*: \d+ entities, \d+ types, \d+ resources, \d+ endpoints, in [\d.]+ s$/)
    // GitHub's 13 MB description takes about a second alone; the bound leaves room for a loaded machine.
    expect(seconds).toBeLessThan(15)
    writeFileSync(join(dir, 'consumer.ts'), document.consumer)
    dirs.set(document.name, dir)
  })

  it('every output and its consumer compile under --strict, and each wrong call is an error', () => {
    expect(dirs.size).toBe(DOCUMENTS.length)
    const files = [...dirs.values()].flatMap((dir) => tsFiles(dir))
    // One program for all, so Tessera's sources are checked once.
    expect(typeCheck(files)).toEqual([])
  })

  it('every generated file starts with the header naming the document', () => {
    for (const [name, dir] of dirs) {
      for (const file of tsFiles(join(dir, 'out'))) {
        expect([name, readFileSync(file, 'utf8').split('\n')[0]]).toEqual([name, expect.stringMatching(/^\/\/ Generated by tessera openapi from ".+" .* \(.+\); do not edit\.$/)])
      }
    }
  })

  it("examples/demo/generated is what the demo's document generates now (regenerate it when either changes)", () => {
    const dir = dirs.get('the demo (examples/demo/openapi.json)')!
    const checkedIn = join(root, 'examples/demo/generated')
    const names = (folder: string) => tsFiles(folder).map((file) => file.slice(folder.length + 1)).sort()
    expect(names(checkedIn)).toEqual(names(join(dir, 'out')))
    for (const name of names(checkedIn)) expect([name, readFileSync(join(checkedIn, name), 'utf8')]).toEqual([name, readFileSync(join(dir, 'out', name), 'utf8')])
  })
})
