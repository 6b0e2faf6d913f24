// The option names of Endpoint, RestEndpoint and createResource. Development builds only: the one
// caller is behind a NODE_ENV check, so production bundles drop this file.
const KNOWN = [
  'path', 'method', 'schema', 'urlPrefix', 'signal', 'searchParams', 'body', 'sideEffect', 'name', 'requestInit',
  'process', 'parseResponse', 'getRequestInit', 'getHeaders', 'fetchResponse', 'url', 'paginationField', 'key',
  'fetch', 'dataExpiryLength', 'errorExpiryLength', 'errorPolicy', 'gcTime', 'invalidIfStale', 'pollFrequency',
  'retry', 'retryDelay', 'live', 'update', 'getOptimisticResponse', 'Endpoint', 'optimistic',
]
const warned = new Set<string>()

/**
 * Warns (once per spelling) about an option that is a known option in another case, such as
 * `urlprefix`. Options an endpoint does not know are kept as typed members (data-client does the
 * same), so such a typo would otherwise be silently ignored. A type-level check was tried and
 * broke the inference of `path`, `searchParams` and `getHeaders`, hence a warning at run time.
 */
export function warnMiscasedOptions(options: object): void {
  for (const given of Object.keys(options)) {
    const meant = KNOWN.find((name) => name !== given && name.toLowerCase() === given.toLowerCase())
    if (meant === undefined || warned.has(given)) continue
    warned.add(given)
    console.warn(
      `Tessera: the endpoint option "${given}" is not one Tessera knows, so it is kept as a member of the endpoint and does nothing; did you mean "${meant}"? (This warning is not shown in production.)`,
    )
  }
}
