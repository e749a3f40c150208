import type { PackStore, StoredPack } from './packs.ts';

/**
 * The outing packs in the browser: one IndexedDB database, its packs (answers and figures) in one object store and
 * their basemaps (PMTiles blobs, up to ~40 MB) in another, so listing the packs never reads the tiles. Plain
 * IndexedDB: the few requests below do not need a library.
 */
const DB_NAME = 'cordata-packs';
const PACKS = 'packs';
const TILES = 'tiles';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(PACKS)) db.createObjectStore(PACKS, { keyPath: 'activityId' });
    if (!db.objectStoreNames.contains(TILES)) db.createObjectStore(TILES);
  };
  return done(request);
}

export function createIndexedDbPackStore(factory: IDBFactory = indexedDB): PackStore {
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= open(factory);
    return db;
  };
  const read = async <T>(name: string, run: (s: IDBObjectStore) => IDBRequest<T>) => {
    const tx = (await database()).transaction(name, 'readonly');
    return done(run(tx.objectStore(name)));
  };
  const write = async (run: (packs: IDBObjectStore, tiles: IDBObjectStore) => void) => {
    const tx = (await database()).transaction([PACKS, TILES], 'readwrite');
    run(tx.objectStore(PACKS), tx.objectStore(TILES));
    await committed(tx);
  };
  return {
    put: (pack, tiles) =>
      write((packs, tileStore) => {
        packs.put(pack);
        if (tiles) tileStore.put(tiles, pack.activityId);
        else tileStore.delete(pack.activityId);
      }),
    get: async (activityId) => ((await read(PACKS, (s) => s.get(activityId))) as StoredPack | undefined) ?? null,
    list: async () => (await read(PACKS, (s) => s.getAll())) as StoredPack[],
    tiles: async (activityId) => ((await read(TILES, (s) => s.get(activityId))) as Blob | undefined) ?? null,
    remove: (activityId) =>
      write((packs, tiles) => {
        packs.delete(activityId);
        tiles.delete(activityId);
      }),
    clear: () =>
      write((packs, tiles) => {
        packs.clear();
        tiles.clear();
      }),
  };
}
