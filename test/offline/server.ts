import { Endpoint, Entity } from '../../src/index'

/** A row the offline tests edit: an id and a text. */
export class Item extends Entity {
  id = ''
  text = ''
  pk() {
    return this.id
  }
  static override key = 'Item'
}

/** What a mutation sends: the row, and a unique id so the server can tell a repeat. */
export interface Edit {
  readonly id: string
  readonly text: string
  readonly uid: string
}

/** A refusal, as a server's 4xx (never retried). */
export class Refused extends Error {
  override name = 'Refused'
  readonly status = 409
}

/**
 * A fake server behind plain endpoints: while `up` is false every request fails as fetch does
 * offline (a TypeError, nothing received); `refuseNext` makes it refuse the next edit it receives.
 * Answers arrive a microtask later, as from a network.
 */
export function createServer() {
  const state = {
    up: true,
    refuseNext: false,
    items: new Map<string, string>(),
    /** The uid of every edit received (accepted or refused), in order. */
    received: [] as string[],
    /** Reads received, by id. */
    reads: [] as string[],
  }
  const server = state
  return Object.assign(state, {
    getItem: new Endpoint(
      async ({ id }: { id: string }): Promise<{ id: string; text: string }> => {
        if (!server.up) throw new TypeError('Failed to fetch')
        server.reads.push(id)
        await Promise.resolve()
        const text = server.items.get(id)
        return { id, text: text ?? '' }
      },
      { name: 'getItem', schema: Item },
    ),
    setItem: new Endpoint(
      async (edit: Edit): Promise<{ id: string; text: string }> => {
        if (!server.up) throw new TypeError('Failed to fetch')
        server.received.push(edit.uid)
        await Promise.resolve()
        if (server.refuseNext) {
          server.refuseNext = false
          throw new Refused(`refused ${edit.uid}`)
        }
        server.items.set(edit.id, edit.text)
        return { id: edit.id, text: edit.text }
      },
      {
        name: 'setItem',
        schema: Item,
        sideEffect: true,
        getOptimisticResponse: (_snapshot, edit: Edit) => ({ id: edit.id, text: edit.text }),
      },
    ),
  })
}
