import { GCManager, type StoreOptions } from '../store/index'

/**
 * Store options for a store that lives for one server request. Its collector's timer would keep
 * the store, and the request's data, in memory for gcTime after the response, and a client
 * component is never told when the response has ended (to close the store): such a store
 * collects nothing. An app's own GCManager keeps its settings.
 */
export function forOneRender<O extends StoreOptions>(options: O): O {
  return options.managers?.some((manager) => manager instanceof GCManager) ? options : { ...options, gcTime: Infinity }
}
