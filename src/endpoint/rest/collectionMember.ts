import type { Collection } from '../../schema/Collection'
import { optionsOf } from '../EndpointBase'
import type { RestEndpoint, RestEndpointClass } from './RestEndpoint'
import { mapCollection } from './mapCollection'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/** The members of a list endpoint that add to, or take from, its Collection. */
export type CollectionMember = 'push' | 'unshift' | 'assign' | 'remove' | 'move'

/**
 * The endpoint behind `list.push` (`unshift`, `assign`, `remove`, `move`): the list's options
 * with the Collection's extender of that name as its schema; POST for adds, PATCH for remove and
 * move (to the item's `movePath`).
 * @throws {TypeError} when the list's schema holds no Collection that has that member.
 */
export function collectionMember(list: RestEndpointClass<any>, where: CollectionMember): RestEndpoint<any> {
  let collection: Collection<any> | undefined
  mapCollection(list.schema, (found) => (collection = found))
  if (collection?.[where] === undefined) {
    throw new TypeError(
      process.env.NODE_ENV !== 'production'
        ? `${list.name}.${where} needs a schema.Collection${where === 'assign' ? ' of schema.Values' : ''} in the schema of ${list.name}`
        : `Tessera E307: ${list.name}.${where}`,
    )
  }
  const { paginationField: _field, sideEffect: _sideEffect, ...rest } = optionsOf(list)
  // Adds are creates in this collection, remove and move updates of its items, and named so (as in data-client).
  const update = where === 'remove' || where === 'move'
  return new (list.constructor as new (options: object) => RestEndpoint<any>)({
    ...rest,
    method: update ? 'PATCH' : 'POST',
    schema: collection[where],
    name: `${list.name}.${update ? 'partialUpdate' : 'create'}`,
    ...(where === 'move' && { path: rest.movePath ?? list.path }),
  })
}
