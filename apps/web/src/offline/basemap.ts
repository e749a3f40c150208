import type { LatLng } from '@cordata/contract';
import type { Basemap } from '../components/Map/style.ts';
import { packStore } from './packs.ts';

/** Whether a point lies within a pack's basemap (west, south, east, north). */
export const within = (bounds: [number, number, number, number], p: LatLng) =>
  p.longitude >= bounds[0] && p.longitude <= bounds[2] && p.latitude >= bounds[1] && p.latitude <= bounds[3];

/**
 * The basemap of the newest outing pack whose cut holds this point: what a map centred there draws with no network
 * (the activity's map, and any other map of the same place). Null when no pack covers it.
 */
export async function packBasemapAt(center: LatLng): Promise<Extract<Basemap, { kind: 'pack' }> | null> {
  try {
    const store = await packStore();
    const packs = (await store.list())
      .filter((p) => p.tiles && within(p.tiles.bounds, center))
      .sort((a, b) => b.builtAt.localeCompare(a.builtAt));
    for (const pack of packs) {
      const tiles = await store.tiles(pack.activityId);
      if (tiles) return { kind: 'pack', key: `cordata-pack-${pack.activityId}-${pack.builtAt}`, tiles };
    }
  } catch {
    // No storage here: the plain style.
  }
  return null;
}
