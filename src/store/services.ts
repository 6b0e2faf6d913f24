/**
 * The member by which `NetworkManager` and `GCManager` (data-client's names, which its apps put in
 * `managers`) tell `createStore` which of its own services they configure: 'requests' (the
 * object is the request table to use) or 'gc' (it carries `gcTime` / `gcBatch`). Such an object
 * is configuration, not a plugin: it gets no place in the middleware chain. A symbol, so that no
 * member of an app's own manager is taken for it.
 */
export const storeService: unique symbol = Symbol.for('tessera.storeService')
