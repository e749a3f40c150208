import { Capacitor } from '@capacitor/core';
import { Directory, Encoding, Filesystem } from '@capacitor/filesystem';
import type { PackStore, StoredPack } from './packs.ts';

/**
 * The outing packs in the phone app (docs/mobile.md "Outing packs"): files in the app's private data directory
 * (@capacitor/filesystem, Directory.Data: not the person's documents, not a cache the system may clear, removed with
 * the app), `packs/<activityId>.json` for the answers and `packs/<activityId>.pmtiles` for the basemap. The basemap
 * crosses the bridge in base64 pieces (a 40 MB file in one string would not), and is read back through the WebView's
 * own file URL.
 */
const DIR = 'packs';
const directory = Directory.Data;
/** Bytes per appended piece: a multiple of 3, so each piece's base64 stands alone. */
const PIECE_BYTES = 3 * 1024 * 1024;

const jsonPath = (activityId: string) => `${DIR}/${activityId}.json`;
const tilesPath = (activityId: string) => `${DIR}/${activityId}.pmtiles`;

async function base64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const gone = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch {
    // Not there: nothing to remove.
  }
};

export function createFilePackStore(): PackStore {
  const get = async (activityId: string): Promise<StoredPack | null> => {
    try {
      const { data } = await Filesystem.readFile({ path: jsonPath(activityId), directory, encoding: Encoding.UTF8 });
      return JSON.parse(typeof data === 'string' ? data : await data.text()) as StoredPack;
    } catch {
      return null;
    }
  };
  const remove = async (activityId: string) => {
    await gone(() => Filesystem.deleteFile({ path: jsonPath(activityId), directory }));
    await gone(() => Filesystem.deleteFile({ path: tilesPath(activityId), directory }));
  };
  return {
    async put(pack, tiles) {
      await remove(pack.activityId);
      if (tiles) {
        for (let at = 0; at < tiles.size || at === 0; at += PIECE_BYTES) {
          const data = await base64(tiles.slice(at, at + PIECE_BYTES));
          const file = { path: tilesPath(pack.activityId), directory, data };
          if (at === 0) await Filesystem.writeFile({ ...file, recursive: true });
          else await Filesystem.appendFile(file);
          if (tiles.size === 0) break;
        }
      }
      // The answers last: a pack whose JSON exists is complete.
      await Filesystem.writeFile({
        path: jsonPath(pack.activityId),
        directory,
        data: JSON.stringify(pack),
        encoding: Encoding.UTF8,
        recursive: true,
      });
    },
    get,
    async list() {
      let names: string[];
      try {
        names = (await Filesystem.readdir({ path: DIR, directory })).files.map((f) => f.name);
      } catch {
        return [];
      }
      const packs = await Promise.all(
        names.filter((n) => n.endsWith('.json')).map((n) => get(n.slice(0, -'.json'.length))),
      );
      return packs.filter((p): p is StoredPack => p !== null);
    },
    async tiles(activityId) {
      try {
        const { uri } = await Filesystem.getUri({ path: tilesPath(activityId), directory });
        await Filesystem.stat({ path: tilesPath(activityId), directory });
        const res = await fetch(Capacitor.convertFileSrc(uri));
        return res.ok ? await res.blob() : null;
      } catch {
        return null;
      }
    },
    remove,
    clear: () => gone(() => Filesystem.rmdir({ path: DIR, directory, recursive: true })),
  };
}
