import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createIndexedDbPackStore } from './idb.ts';
import {
  answeredFromPack,
  canonicalJson,
  createMemoryPackStore,
  findPackAnswer,
  forgetAllPacks,
  markAnsweredFromPack,
  type PackStore,
  removeEndedPacks,
  type StoredPack,
  setPackStore,
} from './packs.ts';

const aPack = (over: Partial<StoredPack> = {}): StoredPack => ({
  activityId: 'a1',
  userId: 'u1',
  builtAt: '2026-11-28T18:00:00.000Z',
  endsAt: '2026-11-29T12:00:00.000Z',
  answers: [
    { call: 'activity/read-info', body: { activityId: 'a1' }, response: { activity: { name: 'Ridge run' } } },
    {
      call: 'activity/list-participants',
      body: { activityId: 'a1', pagination: { page: 1, limit: 10 } },
      response: { participants: [] },
    },
  ],
  tiles: { bounds: [9, 45, 10, 46], maxZoom: 15, bytes: 4 },
  ...over,
});

// Node's Blob: fake-indexeddb clones what it keeps as a browser does, and happy-dom's Blob does not survive a clone.
const tilesBlob = () => new NodeBlob([new Uint8Array([0x50, 0x4d, 1, 2])]) as unknown as Blob;

/** The same behaviour from each store: memory (tests), IndexedDB (the browser); the phone's files in files.test.ts. */
function behavesAsAStore(name: string, make: () => PackStore) {
  describe(`the ${name} pack store`, () => {
    it('keeps a pack with its basemap, lists it, and removes it', async () => {
      const store = make();
      await store.put(aPack(), tilesBlob());
      await store.put(aPack({ activityId: 'a2', tiles: null }), null);
      expect((await store.get('a1'))?.answers).toHaveLength(2);
      expect((await store.list()).map((p) => p.activityId).sort()).toEqual(['a1', 'a2']);
      const blob = await store.tiles('a1');
      expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4d, 1, 2]));
      expect(await store.tiles('a2')).toBeNull();
      await store.remove('a1');
      expect(await store.get('a1')).toBeNull();
      expect(await store.tiles('a1')).toBeNull();
      await store.clear();
      expect(await store.list()).toEqual([]);
    });

    it('replaces a pack saved again, dropping a basemap it no longer has', async () => {
      const store = make();
      await store.put(aPack(), tilesBlob());
      await store.put(aPack({ builtAt: '2026-11-28T19:00:00.000Z', tiles: null }), null);
      expect((await store.get('a1'))?.builtAt).toBe('2026-11-28T19:00:00.000Z');
      expect(await store.tiles('a1')).toBeNull();
    });
  });
}

behavesAsAStore('memory', createMemoryPackStore);
behavesAsAStore('IndexedDB', () => createIndexedDbPackStore(new IDBFactory()));

afterEach(() => setPackStore(null));

describe('answers from the packs', () => {
  it('compares bodies by value, whatever the order of their keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('finds only the exact call and body, the newest pack first', async () => {
    const store = createMemoryPackStore();
    setPackStore(store);
    await store.put(aPack(), null);
    await store.put(
      aPack({
        activityId: 'a1b',
        builtAt: '2026-11-28T20:00:00.000Z',
        answers: [{ call: 'activity/read-info', body: { activityId: 'a1' }, response: { newer: true } }],
      }),
      null,
    );
    expect(await findPackAnswer('activity/read-info', { activityId: 'a1' }, null)).toEqual({
      response: { newer: true },
      builtAt: '2026-11-28T20:00:00.000Z',
      activityId: 'a1b',
    });
    expect(
      (
        await findPackAnswer(
          'activity/list-participants',
          { pagination: { limit: 10, page: 1 }, activityId: 'a1' },
          null,
        )
      )?.response,
    ).toEqual({ participants: [] });
    expect(
      await findPackAnswer(
        'activity/list-participants',
        { activityId: 'a1', pagination: { page: 2, limit: 10 } },
        null,
      ),
    ).toBeNull();
    expect(await findPackAnswer('activity/read-info', { activityId: 'a2' }, null)).toBeNull();
    expect(await findPackAnswer('activity/weather', { activityId: 'a1' }, null)).toBeNull();
    expect(await findPackAnswer('activity/read-info', { activityId: 'a1' }, 'someone-else')).toBeNull();
  });

  it('removes at start the packs of activities that ended more than a day ago', async () => {
    const store = createMemoryPackStore();
    setPackStore(store);
    await store.put(aPack({ activityId: 'old', endsAt: '2026-11-27T07:59:00.000Z' }), null);
    await store.put(aPack({ activityId: 'yesterday', endsAt: '2026-11-28T09:00:00.000Z' }), null);
    await store.put(aPack({ activityId: 'soon' }), null);
    expect(await removeEndedPacks(new Date('2026-11-29T08:00:00.000Z'))).toBe(1);
    expect((await store.list()).map((p) => p.activityId).sort()).toEqual(['soon', 'yesterday']);
  });

  it('signing out forgets every pack, and that any page was shown from one', async () => {
    const store = createMemoryPackStore();
    setPackStore(store);
    await store.put(aPack(), tilesBlob());
    markAnsweredFromPack('a1', aPack().builtAt);
    await forgetAllPacks();
    expect(await store.list()).toEqual([]);
    expect(answeredFromPack('a1')).toBeNull();
  });
});
