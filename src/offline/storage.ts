// Where `persist` keeps a store: a flat map of string keys to JSON-like values, read whole once
// at start and then written in small batches. IndexedDB, Web Storage, or anything with the three
// methods below (a test's Map, a native key-value store).

/**
 * A key-value storage the persister writes to. Each call is one batch: an IndexedDB storage makes
 * it one transaction, so a save lands whole or not at all. Values are JSON-like (plain objects,
 * arrays, strings, numbers, booleans, null); a storage may keep them as they are or as text.
 */
export interface PersistStorage {
  /** Every entry, read once at start. A value that could not be read may be given as `undefined` (it is reported and dropped). */
  getAll(): Promise<Iterable<readonly [string, unknown]>>
  /** Writes these entries, replacing any of the same key. */
  set(entries: readonly (readonly [string, unknown])[]): Promise<void>
  /** Removes these keys (a key it does not hold is no error). */
  delete(keys: readonly string[]): Promise<void>
  /** Removes everything, for a reset or a version change. Without it, the persister deletes the keys it knows of. */
  clear?(): Promise<void>
}

const STORE = 'entries'

/**
 * A storage in one IndexedDB database of one object store, opened on first use: the browser's
 * storage for a large cache (no size limit worth the name, no main-thread JSON of the whole cache,
 * and writes in transactions). `factory` is for tests and workers (fake-indexeddb).
 */
export function indexedDBStorage(dbName: string, factory: IDBFactory = globalThis.indexedDB): PersistStorage {
  let opened: Promise<IDBDatabase> | undefined
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, 1)
      request.onupgradeneeded = () => void request.result.createObjectStore(STORE)
      request.onsuccess = () => {
        const database = request.result
        // Another page deleting or upgrading the database: let it, and open again on the next write.
        database.onversionchange = () => {
          database.close()
          opened = undefined
        }
        resolve(database)
      }
      request.onerror = () => {
        // Not remembered: the next call tries again (a private window may refuse only for a while).
        opened = undefined
        reject(request.error)
      }
    }))
  // One transaction per call: it resolves when the transaction commits, so a caller that awaited
  // a write knows it is on disk (as far as the browser promises).
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T> => {
    const transaction = (await db()).transaction(STORE, mode)
    const result = work(transaction.objectStore(STORE))
    return new Promise<T>((resolve, reject) => {
      transaction.oncomplete = () => resolve(result())
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'))
    })
  }
  return {
    getAll: () =>
      run('readonly', (store) => {
        const keys = store.getAllKeys()
        const values = store.getAll()
        // Both requests walk the same store in key order inside one transaction: they line up.
        return () => keys.result.map((key, i) => [String(key), values.result[i]] as const)
      }),
    set: (entries) =>
      run('readwrite', (store) => {
        for (const [key, value] of entries) store.put(value, key)
        return () => undefined
      }),
    delete: (keys) =>
      run('readwrite', (store) => {
        for (const key of keys) store.delete(key)
        return () => undefined
      }),
    clear: () =>
      run('readwrite', (store) => {
        store.clear()
        return () => undefined
      }),
  }
}

/**
 * A storage over `localStorage` or `sessionStorage` (any Web Storage), each entry as JSON text
 * under `prefix` + its key, so several stores (or other code) can share the same origin's storage.
 * Small and synchronous: fine for a few hundred records; prefer IndexedDB for more.
 */
export function webStorage(storage: Storage, prefix = 'tessera:'): PersistStorage {
  const ownKeys = (): string[] => {
    const keys: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && key.startsWith(prefix)) keys.push(key)
    }
    return keys
  }
  return {
    async getAll() {
      return ownKeys().map((key): readonly [string, unknown] => {
        try {
          return [key.slice(prefix.length), JSON.parse(storage.getItem(key) as string)]
        } catch {
          // Not JSON (written by something else, or cut short): reported and dropped by the persister.
          return [key.slice(prefix.length), undefined]
        }
      })
    },
    async set(entries) {
      for (const [key, value] of entries) storage.setItem(prefix + key, JSON.stringify(value))
    },
    async delete(keys) {
      for (const key of keys) storage.removeItem(prefix + key)
    },
    async clear() {
      for (const key of ownKeys()) storage.removeItem(key)
    },
  }
}

/**
 * Key-value storage in the shape of React Native's AsyncStorage: string values by string key,
 * asynchronous. Only `getItem`, `setItem` and `removeItem` are needed; `getAllKeys`, `multiGet`,
 * `multiSet` and `multiRemove`, when present (AsyncStorage has them), are used to do fewer calls.
 */
export interface AsyncKeyValueStorage {
  getItem(key: string): Promise<string | null | undefined> | string | null | undefined
  setItem(key: string, value: string): Promise<unknown> | unknown
  removeItem(key: string): Promise<unknown> | unknown
  getAllKeys?(): Promise<readonly string[]>
  multiGet?(keys: readonly string[]): Promise<readonly (readonly [string, string | null | undefined])[]>
  multiSet?(entries: readonly (readonly [string, string])[]): Promise<unknown>
  multiRemove?(keys: readonly string[]): Promise<unknown>
}

/**
 * A storage over AsyncStorage (`@react-native-async-storage/async-storage`, or anything with its
 * `getItem` / `setItem` / `removeItem`), each entry as JSON text under `prefix` + its key.
 * `persist` wraps such a storage itself when given one, so `persist(store, { storage: AsyncStorage })`
 * works as it is. Without `getAllKeys`, the keys written are listed in one more entry
 * (`prefix` + `#keys`). Calls are made one after another, so the list never loses a key.
 */
export function asyncStorage(storage: AsyncKeyValueStorage, prefix = 'tessera:'): PersistStorage {
  const INDEX = prefix + '#keys'
  let queue: Promise<unknown> = Promise.resolve()
  // One operation at a time: two writes of the key list must not interleave.
  const serial = <T,>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run)
    queue = next.catch(() => undefined)
    return next
  }
  const parse = (text: string | null | undefined): unknown => {
    try {
      return typeof text === 'string' ? JSON.parse(text) : undefined
    } catch {
      // Not JSON (written by something else, or cut short): reported and dropped by the persister.
      return undefined
    }
  }
  const listed = async (): Promise<string[]> => {
    if (storage.getAllKeys) return (await storage.getAllKeys()).filter((key) => key.startsWith(prefix) && key !== INDEX)
    const list = parse(await storage.getItem(INDEX))
    return Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string' && key.startsWith(prefix)) : []
  }
  const relist = async (change: (keys: Set<string>) => void): Promise<void> => {
    if (storage.getAllKeys) return
    const keys = new Set(await listed())
    change(keys)
    await storage.setItem(INDEX, JSON.stringify([...keys]))
  }
  const read = async (keys: readonly string[]): Promise<(readonly [string, string | null | undefined])[]> =>
    storage.multiGet ? [...(await storage.multiGet(keys))] : Promise.all(keys.map(async (key) => [key, await storage.getItem(key)] as const))
  const remove = async (keys: readonly string[]): Promise<void> => {
    if (storage.multiRemove) await storage.multiRemove(keys)
    else for (const key of keys) await storage.removeItem(key)
  }
  return {
    getAll: () =>
      serial(async () => (await read(await listed())).map(([key, text]): readonly [string, unknown] => [key.slice(prefix.length), parse(text)])),
    set: (entries) =>
      serial(async () => {
        const texts = entries.map(([key, value]): [string, string] => [prefix + key, JSON.stringify(value)])
        if (storage.multiSet) await storage.multiSet(texts)
        else for (const [key, text] of texts) await storage.setItem(key, text)
        await relist((keys) => texts.forEach(([key]) => keys.add(key)))
      }),
    delete: (keys) =>
      serial(async () => {
        const own = keys.map((key) => prefix + key)
        await remove(own)
        await relist((listedKeys) => own.forEach((key) => listedKeys.delete(key)))
      }),
    clear: () =>
      serial(async () => {
        await remove(await listed())
        if (!storage.getAllKeys) await storage.removeItem(INDEX)
      }),
  }
}

/** Whether `storage` is an AsyncStorage-style one (see asyncStorage) rather than a PersistStorage. */
export function isKeyValueStorage(storage: PersistStorage | AsyncKeyValueStorage): storage is AsyncKeyValueStorage {
  return typeof (storage as Partial<PersistStorage>).getAll !== 'function' && typeof (storage as Partial<AsyncKeyValueStorage>).getItem === 'function'
}
