import { INVALID } from './kinds'
import { MAX_NESTING, Walker, instantiate } from './Walker'
import { isInputFirst, type SchemaArgument } from './callOrder'
import type { DenormalizeNullable, EntityClassLike, StoredEntities } from './types'

/**
 * `denormalize`: a read with no cache. It walks with the shared `Walker`; within one call the
 * same record and schema give the same instance (a cycle ends at it), and nothing is kept after.
 */

const NO_ARGS: readonly unknown[] = []
const NO_ENTITIES: StoredEntities = /* @__PURE__ */ Object.freeze({})

/**
 * Rebuilds nested data from normalized `input` and the entity tables. Every record becomes an
 * instance of its Entity class; within one call the same record gives the same instance. A record
 * that is `null` is deleted; so is one that is a symbol (data-client's `INVALID`, in tables built
 * by hand or by data-client code).
 *
 * Also takes data-client 0.10's order, `denormalize(input, schema, entities, args?)`, told apart
 * from Tessera's as `normalize` does (a schema holds an Entity class or a `schema.*` instance, a
 * normalized result never does).
 * @returns the data, undefined when a top-level entity is missing, or INVALID when a required
 * entity was deleted or failed validation.
 */
export function denormalize<T>(input: T): T
export function denormalize<S>(
  input: unknown,
  schema: SchemaArgument<S>,
  entities?: StoredEntities,
  args?: readonly unknown[],
): DenormalizeNullable<S> | typeof INVALID
export function denormalize<S>(
  schema: S | undefined,
  input: unknown,
  entities: StoredEntities,
  args?: readonly unknown[],
): DenormalizeNullable<S> | typeof INVALID
export function denormalize(
  schema: unknown,
  input?: unknown,
  entities: StoredEntities = NO_ENTITIES,
  args: readonly unknown[] = NO_ARGS,
): unknown {
  if (isInputFirst(schema, input)) {
    const given = schema
    schema = input
    input = given
  }
  if (schema == null || input === undefined) return input
  return new PlainRun(entities, args).read(schema, input)
}

/** An entity built in this run; `sibling` chains the other schemas' builds of the same record. */
interface Built {
  readonly schema: unknown
  value: unknown
  readonly sibling: Built | undefined
}

class PlainRun extends Walker {
  /** Entities built during this run, by record: identity within the run, and the end of cycles. */
  private readonly built = new Map<object, Built>()

  protected entity(schema: EntityClassLike, _key: string, _pk: string, record: object): unknown {
    const head = this.built.get(record)
    for (let seen = head; seen !== undefined; seen = seen.sibling) if (seen.schema === schema) return seen.value
    const instance = instantiate(schema, record)
    if (instance === undefined) return INVALID
    // Registered before the fields are filled, so a cycle back to this record finds it.
    const slot: Built = { schema, value: instance, sibling: head }
    this.built.set(record, slot)
    if (this.nesting >= MAX_NESTING) {
      // Too deep for the stack: the instance is returned now and its fields filled in later (a
      // required nested entity that is missing then reads as undefined, not as INVALID).
      this.deferred.push(() => {
        const value = this.fill(schema, instance)
        if (value !== INVALID) slot.value = value
      })
      return instance
    }
    return (slot.value = this.fill(schema, instance))
  }

  private fill(schema: EntityClassLike, instance: unknown): unknown {
    this.nesting++
    try {
      return schema.denormalize(instance, this)
    } finally {
      this.nesting--
    }
  }
}
