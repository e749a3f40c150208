import { api } from '../api/client.ts';
import { config } from '../config.ts';
import { type BuiltPack, changed, packStore, type StoredPack } from './packs.ts';

/** How far a download has come: bytes received, of `total` when the server said it. */
export type SaveProgress = { received: number; total: number | null };

/** The tiles link is a path on this server, signed (no token): the app's own origin, or its configured public one. */
export const tilesAddress = (url: string) =>
  new URL(url, config.publicUrl || globalThis.location?.origin || 'http://localhost').href;

/** Reads a response's body piece by piece, telling how far it has come. */
async function download(url: string, onProgress: (p: SaveProgress) => void, expected: number): Promise<Blob> {
  const res = await fetch(tilesAddress(url));
  if (!res.ok) throw new Error(`The basemap did not download (${res.status})`);
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : expected || null;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(pieces, { type: 'application/vnd.pmtiles' });
}

/**
 * Saves an activity's outing pack on this device: the server builds it for this person (its answers, and a signed
 * link to the basemap cut around the route), then the basemap downloads; only a complete pack is kept.
 */
export async function savePack(
  activity: { activityId: string; endsAt: string },
  userId: string,
  onProgress: (p: SaveProgress) => void = () => {},
): Promise<StoredPack> {
  const built: BuiltPack = await api('offline/build-pack', { activityId: activity.activityId });
  const tiles = built.tiles ? await download(built.tiles.url, onProgress, built.tiles.bytes) : null;
  const pack: StoredPack = {
    activityId: built.activityId,
    userId,
    builtAt: built.builtAt,
    endsAt: activity.endsAt,
    answers: built.answers,
    tiles: built.tiles
      ? { bounds: built.tiles.bounds, maxZoom: built.tiles.maxZoom, bytes: tiles?.size ?? built.tiles.bytes }
      : null,
  };
  await (await packStore()).put(pack, tiles);
  changed();
  return pack;
}

export async function removePack(activityId: string) {
  await (await packStore()).remove(activityId);
  changed();
}

/** A size for people: kB under a megabyte, MB above, in the person's language. */
export function formatBytes(bytes: number, language: string): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mb && bytes < 10_000_000 ? 1 : 0,
  }).format(Math.max(mb ? bytes / 1_000_000 : bytes / 1000, mb ? 0 : 1));
}
