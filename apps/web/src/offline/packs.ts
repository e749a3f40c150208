import type { CallResponse, PackAnswer } from '@cordata/contract';

/**
 * The outing packs kept on this device (issue 38, docs/offline.md "On the device"): per activity, the answers the
 * activity page needs and the basemap cut around its route. One store behind one interface: IndexedDB in the browser
 * (idb.ts), the device's file system in the phone app (files.ts), memory in tests (createMemoryPackStore).
 */

export type BuiltPack = CallResponse<'offline/build-pack'>;

/** A pack as kept: who saved it, when the server built it, when its activity ends, and its basemap's figures. */
export interface StoredPack {
  activityId: string;
  /** Whose it is: a pack is built from what the server would send that person. */
  userId: string;
  builtAt: string;
  /** When the activity ends: a pack is removed a day after (removeEndedPacks). */
  endsAt: string;
  answers: PackAnswer[];
  /** The basemap's bounds (west, south, east, north) and size, when the pack has one; its bytes are kept apart. */
  tiles: { bounds: [number, number, number, number]; maxZoom: number; bytes: number } | null;
}

export interface PackStore {
  put(pack: StoredPack, tiles: Blob | null): Promise<void>;
  get(activityId: string): Promise<StoredPack | null>;
  list(): Promise<StoredPack[]>;
  /** The pack's basemap (a PMTiles file), or null. */
  tiles(activityId: string): Promise<Blob | null>;
  remove(activityId: string): Promise<void>;
  clear(): Promise<void>;
}

/** A store in memory: the tests' stand-in for IndexedDB and the file system. */
export function createMemoryPackStore(): PackStore {
  const packs = new Map<string, { pack: StoredPack; tiles: Blob | null }>();
  return {
    put: async (pack, tiles) => void packs.set(pack.activityId, { pack: structuredClone(pack), tiles }),
    get: async (activityId) => structuredClone(packs.get(activityId)?.pack ?? null),
    list: async () => [...packs.values()].map((p) => structuredClone(p.pack)),
    tiles: async (activityId) => packs.get(activityId)?.tiles ?? null,
    remove: async (activityId) => void packs.delete(activityId),
    clear: async () => packs.clear(),
  };
}

let store: Promise<PackStore> | undefined;
let listeners = new Set<() => void>();

/** The device's store: the file system inside the phone app, IndexedDB in a browser; null where neither exists. */
async function deviceStore(): Promise<PackStore> {
  const { Capacitor } = await import('@capacitor/core');
  if (Capacitor.isNativePlatform()) return (await import('./files.ts')).createFilePackStore();
  return (await import('./idb.ts')).createIndexedDbPackStore();
}

export const packStore = (): Promise<PackStore> => {
  store ??= deviceStore();
  return store;
};

/** Tests put a memory store in place (and undo it with `null`). */
export function setPackStore(next: PackStore | null) {
  store = next ? Promise.resolve(next) : undefined;
  changed();
}

/** The packs changed (saved, removed): the panels that show them read again. */
export function subscribePacks(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export function changed() {
  for (const listener of listeners) listener();
}
/** For tests: forget every listener. */
export function resetPackListeners() {
  listeners = new Set();
}

/** A day after its activity ends, a pack has served its purpose. */
export const PACK_KEPT_AFTER_END_MS = 24 * 60 * 60_000;

/** Removes the packs of activities that ended more than a day ago; run when the app starts. */
export async function removeEndedPacks(now = new Date()): Promise<number> {
  const s = await packStore();
  let removed = 0;
  for (const pack of await s.list()) {
    if (new Date(pack.endsAt).getTime() + PACK_KEPT_AFTER_END_MS < now.getTime()) {
      await s.remove(pack.activityId);
      removed++;
    }
  }
  if (removed) changed();
  return removed;
}

/** Signing out forgets every pack: what they hold is that person's view of the activity. */
export async function forgetAllPacks(): Promise<void> {
  try {
    await (await packStore()).clear();
  } catch {
    // No storage at all (a private window that refuses IndexedDB): nothing was kept.
  }
  answeredFrom.clear();
  changed();
}

/** The same JSON whatever the order of an object's keys: bodies compare by value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The answer a pack holds for exactly this call and body (the newest pack first), with when the pack was built. */
export async function findPackAnswer(
  call: string,
  body: unknown,
  userId: string | null,
): Promise<{ response: unknown; builtAt: string; activityId: string } | null> {
  const wanted = canonicalJson(body ?? {});
  const packs = (await (await packStore()).list())
    .filter((p) => userId === null || p.userId === userId)
    .sort((a, b) => b.builtAt.localeCompare(a.builtAt));
  for (const pack of packs) {
    const answer = pack.answers.find((a) => a.call === call && canonicalJson(a.body) === wanted);
    if (answer) return { response: answer.response, builtAt: pack.builtAt, activityId: pack.activityId };
  }
  return null;
}

/** Which activities' pages are shown from their pack right now, and since when (the pack's build time). */
const answeredFrom = new Map<string, string>();
export function markAnsweredFromPack(activityId: string, builtAt: string) {
  if (answeredFrom.get(activityId) === builtAt) return;
  answeredFrom.set(activityId, builtAt);
  changed();
}
/** The network answered again: the page is live. */
export function markLive(activityId: string) {
  if (!answeredFrom.delete(activityId)) return;
  changed();
}
export const answeredFromPack = (activityId: string) => answeredFrom.get(activityId) ?? null;
