/**
 * The `schema` namespace apps import: the schema layer's kinds, plus `Query`, which data-client
 * moved under it in 0.11 (`new schema.Query(...)`), and `Lazy` (0.16), whose reader is a Query.
 * Query lives in the endpoint layer (it is read like an endpoint), so the namespace is put
 * together here rather than in `src/schema/`.
 */
export * from '../schema/schema'
export { Query } from './Query'
export { Lazy } from './Lazy'
