import { Blob as NodeBlob } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredPack } from './packs.ts';

/**
 * The phone app's pack store over a stand-in @capacitor/filesystem: a map of paths in the app's data directory, with
 * the plugin's base64 writes and appends; the WebView's file URL read back through fetch.
 */
const disk = vi.hoisted(() => new Map<string, string>());
const key = (o: { path: string; directory: string }) => `${o.directory}/${o.path}`;
const missing = () => Promise.reject(new Error('File does not exist'));
vi.mock('@capacitor/filesystem', () => ({
  Directory: { Data: 'DATA' },
  Encoding: { UTF8: 'utf8' },
  Filesystem: {
    writeFile: vi.fn(async (o: { path: string; directory: string; data: string }) => {
      disk.set(key(o), o.data);
      return { uri: `file:///${key(o)}` };
    }),
    appendFile: vi.fn(async (o: { path: string; directory: string; data: string }) => {
      if (!disk.has(key(o))) return missing();
      disk.set(
        key(o),
        Buffer.concat([Buffer.from(disk.get(key(o))!, 'base64'), Buffer.from(o.data, 'base64')]).toString('base64'),
      );
    }),
    readFile: vi.fn(async (o: { path: string; directory: string }) =>
      disk.has(key(o)) ? { data: disk.get(key(o))! } : missing(),
    ),
    deleteFile: vi.fn(async (o: { path: string; directory: string }) => (disk.delete(key(o)) ? undefined : missing())),
    stat: vi.fn(async (o: { path: string; directory: string }) => (disk.has(key(o)) ? { size: 1 } : missing())),
    getUri: vi.fn(async (o: { path: string; directory: string }) => ({ uri: `file:///${key(o)}` })),
    readdir: vi.fn(async (o: { path: string; directory: string }) => {
      const prefix = `${key(o)}/`;
      const files = [...disk.keys()].filter((k) => k.startsWith(prefix)).map((k) => ({ name: k.slice(prefix.length) }));
      return files.length ? { files } : missing();
    }),
    rmdir: vi.fn(async (o: { path: string; directory: string }) => {
      for (const k of [...disk.keys()]) if (k.startsWith(`${key(o)}/`)) disk.delete(k);
    }),
  },
}));
vi.mock('@capacitor/core', () => ({
  Capacitor: { convertFileSrc: (uri: string) => `https://localhost/_capacitor_file_${uri.slice('file://'.length)}` },
}));

const { createFilePackStore } = await import('./files.ts');

const pack: StoredPack = {
  activityId: 'a1',
  userId: 'u1',
  builtAt: '2026-11-28T18:00:00.000Z',
  endsAt: '2026-11-29T12:00:00.000Z',
  answers: [{ call: 'gear/list', body: { activityId: 'a1' }, response: { items: [] } }],
  tiles: { bounds: [9, 45, 10, 46], maxZoom: 15, bytes: 3 * 1024 * 1024 + 1000 },
};

beforeEach(() => {
  disk.clear();
  // The WebView serves the app's files at its own URL: read back what the plugin wrote.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace('https://localhost/_capacitor_file_/', '');
      const data = disk.get(path);
      return data === undefined
        ? new Response(null, { status: 404 })
        : { ok: true, blob: async () => new NodeBlob([Buffer.from(data, 'base64')]) };
    }),
  );
});

describe('the outing packs in the phone app', () => {
  it('writes the answers as JSON and the basemap in base64 pieces in the app data directory, and reads them back', async () => {
    const store = createFilePackStore();
    const bytes = new Uint8Array(3 * 1024 * 1024 + 1000).map((_, i) => i % 251);
    await store.put(pack, new NodeBlob([bytes]) as unknown as Blob);
    expect([...disk.keys()].sort()).toEqual(['DATA/packs/a1.json', 'DATA/packs/a1.pmtiles']);
    expect(await store.get('a1')).toEqual(pack);
    expect((await store.list()).map((p) => p.activityId)).toEqual(['a1']);
    const back = new Uint8Array(await (await store.tiles('a1'))!.arrayBuffer());
    expect(back.length).toBe(bytes.length);
    expect(back.every((b, i) => b === bytes[i])).toBe(true);
  });

  it('removes one pack, and signing out removes the folder', async () => {
    const store = createFilePackStore();
    await store.put(pack, new NodeBlob([new Uint8Array([1, 2, 3])]) as unknown as Blob);
    await store.put({ ...pack, activityId: 'a2', tiles: null }, null);
    await store.remove('a1');
    expect(await store.get('a1')).toBeNull();
    expect(await store.tiles('a1')).toBeNull();
    expect((await store.list()).map((p) => p.activityId)).toEqual(['a2']);
    await store.clear();
    expect(await store.list()).toEqual([]);
    expect(disk.size).toBe(0);
  });
});
