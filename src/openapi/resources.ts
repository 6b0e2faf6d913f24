import type { Operation } from './operations'
import type { NamedSchema, Property, Schemas } from './schemas'

/** The members `createResource` makes, in its order. */
export const MEMBERS = ['get', 'getList', 'create', 'update', 'partialUpdate', 'delete'] as const
/** One of {@link MEMBERS}. */
export type Member = (typeof MEMBERS)[number]

/** A list response that is a page: one list of entities and other members (a cursor, a count). */
export interface Page {
  entity: NamedSchema
  list: string
  others: Property[]
}

/** A path group with the CRUD shape (`/pets` and `/pets/{petId}`), written as one `createResource`. */
export interface Resource {
  entity: NamedSchema
  /** The item path (`/pets/{petId}`). */
  path: string
  members: Partial<Record<Member, Operation>>
  /** Set when the list answers with pages (`{ results, cursor }`) rather than an array. */
  page?: Page
  /** Set when the list holds another entity of the same table (a summary) than the item. */
  listed?: NamedSchema
}

/**
 * The query parameters that ask for a page (`?page=2`, `?cursor=…`), most telling first: a list
 * with one gets `paginationField`, so `getList.getPage` appends the next page. (`since` and
 * `limit` are left out: they are filters as often as page tokens.)
 */
export const PAGE_PARAMETERS = ['cursor', 'page', 'after', 'pageToken', 'page_token', 'starting_after', 'startingAfter', 'offset']

/**
 * The groups of operations that fit `createResource`: a GET of `/x/{id}` returning an entity,
 * with a GET of `/x` listing it or a POST to `/x` creating it. The other members are taken
 * where the document has them with a matching answer (PUT, PATCH of the item returning the
 * entity; DELETE of the item); a resource gets only the members the API has. The operations a
 * resource takes are not written again as endpoints.
 */
export function findResources(schemas: Schemas, operations: readonly Operation[]): Resource[] {
  const byRoute = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]))
  const resources: Resource[] = []
  for (const get of operations) {
    const match = /^(.+)\/\{[^{}/]+\}$/.exec(get.path)
    if (get.method !== 'get' || match === null) continue
    const entity = schemas.entityOf(get.response)
    if (entity === undefined) continue
    const listPath = match[1]!
    const returns = (operation: Operation | undefined) => (operation !== undefined && schemas.entityOf(operation.response) === entity ? operation : undefined)
    const list = byRoute.get(`get ${listPath}`)
    const page = list === undefined ? undefined : pageOf(schemas, list.response)
    // The list may hold a summary entity of the same table (`x-tessera-key`), as lists often do.
    const listed = list === undefined ? undefined : (schemas.entityListOf(list.response) ?? page?.entity)
    const getList = listed !== undefined && entityKey(listed) === entityKey(entity) ? list : undefined
    const create = returns(byRoute.get(`post ${listPath}`))
    if (getList === undefined && create === undefined) continue
    const members: Resource['members'] = { get, getList, create, update: returns(byRoute.get(`put ${get.path}`)), partialUpdate: returns(byRoute.get(`patch ${get.path}`)), delete: byRoute.get(`delete ${get.path}`) }
    for (const member of MEMBERS) if (members[member] === undefined) delete members[member]
    resources.push({
      entity,
      path: get.path,
      members,
      ...(getList !== undefined && page !== undefined ? { page } : {}),
      ...(getList !== undefined && listed !== entity ? { listed } : {}),
    })
  }
  return resources
}

/** The table an entity's records go to: its `x-tessera-key`, else its name (as `static key` says). */
export function entityKey(entity: NamedSchema): string {
  const key = entity.schema['x-tessera-key']
  return typeof key === 'string' && key !== '' ? key : entity.name
}

/** The page a response is, when it is an object with one list of entities and no other entities. */
export function pageOf(schemas: Schemas, response: unknown): Page | undefined {
  if (response === undefined || schemas.entityOf(response) !== undefined) return undefined
  const properties = schemas.properties(response)
  if (properties === undefined) return undefined
  const lists = properties.filter((property) => schemas.entityListOf(property.schema) !== undefined)
  const others = properties.filter((property) => !lists.includes(property))
  if (lists.length !== 1 || others.some((property) => schemas.entityOf(property.schema) !== undefined)) return undefined
  return { entity: schemas.entityListOf(lists[0]!.schema)!, list: lists[0]!.name, others }
}

/**
 * The field that asks for the next page: for a page, the member that is also a query parameter
 * (`cursor` in `{ results, cursor }` and `?cursor=`); else a page parameter (`?page=`, `?after=`).
 */
export function paginationField(operation: Operation, page: Page | undefined): string | undefined {
  const names = new Set(operation.query.map((parameter) => parameter.name))
  const echoed = page?.others.find((property) => names.has(property.name))?.name
  return echoed ?? PAGE_PARAMETERS.find((name) => names.has(name))
}
