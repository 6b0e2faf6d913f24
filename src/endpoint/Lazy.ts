import type { Denormalize, DenormalizeDelegate, NormalizeDelegate, Schema } from '../schema/index'
import { Query } from './Query'

/**
 * A field whose relationship is stored like any other but read as the pks it holds, not as the
 * records (data-client 0.16's `schema.Lazy`): `static schema = { buildings: new schema.Lazy([Building]) }`
 * normalizes the buildings a response nests into their table, and `department.buildings` reads
 * as `['b1', 'b2']`. A component that needs the records reads them with
 * `useQuery(Department.schema.buildings.query, department.buildings)`. The parent's read then does
 * not depend on those records: a change to a building does not re-render what shows only the
 * department. Records reached only through a lazy field are kept while a read of `.query` is on
 * screen, not by the parent's read.
 */
export class Lazy<S extends Schema = Schema> {
  /** What the field reads as: the stored form (pks), not records. */
  declare readonly _denormalized: any
  /** The schema of what the field holds, as given. */
  declare readonly schema: S
  #query: Query<any, [stored: unknown], Denormalize<S> | undefined> | undefined

  constructor(schema: S) {
    this.schema = schema
  }

  /** Writes what the response nests with the inner schema; the field keeps the pks. */
  normalize(input: unknown, parent: unknown, key: string | undefined, delegate: NormalizeDelegate): unknown {
    return delegate.visit(this.schema, input, parent, key)
  }

  /** Read as stored: the pks (the records are read through `query`). */
  denormalize(input: unknown, _delegate: DenormalizeDelegate): unknown {
    return input
  }

  /**
   * A Query that reads the records for what the field holds: `useQuery(lazy.query, parent.field)`,
   * `controller.get(lazy.query, parent.field, state)`. Undefined for an empty field.
   */
  get query(): Query<any, [stored: unknown], Denormalize<S> | undefined> {
    const inner = this.schema
    const named = inner as { key?: string }
    // The stored pks are the read's input (as JSON, so equal lists share one read).
    return (this.#query ??= new Query({
      key: `LAZY ${named.key ?? (Array.isArray(inner) ? `[${(inner[0] as { key?: string })?.key ?? ''}]` : 'schema')}`,
      pk: (_value: unknown, _parent: unknown, _key: unknown, args: readonly unknown[]) => (args[0] === undefined || args[0] === null ? undefined : JSON.stringify(args[0])),
      denormalize: (input: string, delegate: DenormalizeDelegate) => delegate.unvisit(inner, JSON.parse(input)),
    } as unknown as Schema) as any)
  }
}
