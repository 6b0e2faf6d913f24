/**
 * The global the streamed scripts push their batches to (server.ts writes the scripts), and
 * receiveServerData reads (browser.ts). Its own module so that neither side imports the other.
 */
export const GLOBAL = '__TESSERA_DATA__'
