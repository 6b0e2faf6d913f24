import { isArray } from '../../schema/isArray'
import type { RestEndpointOptions } from './RestGenerics'
import type { RestEndpoint, RestEndpointClass } from './RestEndpoint'
import { mapCollection } from './mapCollection'

/**
 * The endpoint behind `list.paginated(cursor)`: the list's, named `<list>.getPage`, with the
 * cursor taken out of the arguments that name the list it continues, and an `update` that appends
 * what the page returns to that list (see RestEndpoint's `paginated`).
 */
export function paginate(list: RestEndpointClass<any>, cursor: string | ((...args: any[]) => readonly unknown[])): RestEndpoint<any> {
  const removeCursor =
    typeof cursor === 'function'
      ? (...args: unknown[]) => ([] as unknown[]).concat(cursor(...args))
      : (params?: unknown, ...rest: unknown[]) => {
          if (params === null || typeof params !== 'object') return [params, ...rest]
          const { [cursor]: _cursor, ...others } = params as Record<string, unknown>
          return [others, ...rest]
        }
  return list.extend({
    name: `${list.name}.getPage`,
    paginationField: typeof cursor === 'string' ? cursor : undefined,
    schema: mapCollection(list.schema, (collection) => collection.paginate(removeCursor)) ?? list.schema,
    update: (result: unknown, ...args: unknown[]) => ({
      [(list.key as (...a: unknown[]) => string)(...removeCursor(...args))]: (previous: unknown) => appendPage(previous, result),
    }),
  } as Partial<RestEndpointOptions<any>>) as unknown as RestEndpoint<any>
}

/**
 * Appends a page to a list result: arrays concatenate (without repeats); of an object, the page's
 * members replace the stored ones, lists appended, and a member the page leaves out is dropped
 * unless it is a list (as data-client, whose page response replaces the list's): the last page,
 * which has no next cursor, leaves none behind.
 */
export function appendPage(previous: unknown, page: unknown): unknown {
  if (previous == null) return page
  if (isArray(previous) && isArray(page)) {
    const seen = new Set(previous.map(identity))
    return previous.concat(page.filter((item) => !seen.has(identity(item))))
  }
  if (typeof previous !== 'object' || page === null || typeof page !== 'object' || isArray(page)) return page
  // Built from entries, not assigned: a "__proto__" member of a server page stays data. A member
  // of both keeps its place and takes the page's value.
  return Object.fromEntries(
    Object.entries(previous)
      .filter(([, value]) => isArray(value))
      .concat(
        Object.entries(page).map(([key, after]) => {
          const before = (previous as Record<string, unknown>)[key]
          return [key, isArray(before) && isArray(after) ? appendPage(before, after) : after]
        }),
      ),
  )
}

/** Normalized list items are pks (or `{ id, schema }` for unions); compare them by value. */
function identity(item: unknown): unknown {
  return item !== null && typeof item === 'object' ? JSON.stringify(item) : item
}
