import type { LatLng } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';

export type RecordedPoint = LatLng & { time: number };

/**
 * A recording along `route` from `start`, one point every 5 s for `minutes`, `sideMetres` north of the line (a
 * shift of the whole line: 2 000 m is another valley).
 */
export function along(route: LatLng[], start: number, minutes: number, sideMetres = 15): RecordedPoint[] {
  const lengths = [0];
  for (let i = 1; i < route.length; i++) lengths.push(lengths[i - 1]! + haversineMetres(route[i - 1]!, route[i]!));
  const total = lengths.at(-1)!;
  const count = (minutes * 60) / 5;
  const shift = sideMetres / 111_320;
  return Array.from({ length: count + 1 }, (_, n) => {
    const at = (total * n) / count;
    const i = Math.max(
      1,
      lengths.findIndex((l) => l >= at),
    );
    const f = (at - lengths[i - 1]!) / (lengths[i]! - lengths[i - 1]! || 1);
    const a = route[i - 1]!;
    const b = route[i]!;
    return {
      latitude: a.latitude + (b.latitude - a.latitude) * f + shift,
      longitude: a.longitude + (b.longitude - a.longitude) * f,
      time: start + n * 5000,
    };
  });
}
