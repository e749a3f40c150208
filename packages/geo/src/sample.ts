import { haversineMetres, measureLine } from './distance.ts';
import type { LatLng } from './types.ts';

/**
 * Elevation models (Copernicus GLO-90, SRTM) have a cell of about 90 m: sampling a drawn route every 100 m reads
 * each cell about once. A route longer than spacing × cap is sampled more sparsely rather than asking for more.
 */
export const ELEVATION_SAMPLE_SPACING_METRES = 100;
export const ELEVATION_SAMPLE_MAX = 500;

export interface SampleOptions {
  spacingMetres?: number;
  maxSamples?: number;
}

/**
 * Points along a line where its elevation should be read: every vertex (so corners, and the distance, are kept)
 * and points between them at most `spacingMetres` apart, never more than `maxSamples` in all. When the vertices
 * alone would take more than half the cap (a snapped or recorded line), the line is sampled at equal distances
 * instead. Both ends are always sampled. Empty for an empty line; one point for a one-point line.
 */
export function sampleLine(line: readonly LatLng[], options: SampleOptions = {}): LatLng[] {
  const spacing =
    options.spacingMetres && options.spacingMetres > 0 ? options.spacingMetres : ELEVATION_SAMPLE_SPACING_METRES;
  const cap = Math.max(2, Math.floor(options.maxSamples ?? ELEVATION_SAMPLE_MAX));
  const points = line.map(({ latitude, longitude }) => ({ latitude, longitude }));
  if (points.length < 2) return points;
  const { distances } = measureLine(points);
  const length = distances[distances.length - 1]!;
  if (length === 0) return [points[0]!, points[points.length - 1]!];

  if (points.length * 2 <= cap) {
    // Room for the vertices and at least as many points between them: each leg is cut into equal pieces.
    const step = Math.max(spacing, length / (cap - points.length));
    const samples: LatLng[] = [points[0]!];
    for (let index = 1; index < points.length; index++) {
      const from = points[index - 1]!;
      const to = points[index]!;
      // A leg of exactly n steps is n pieces, whatever the last bit of floating-point noise says.
      const pieces = Math.ceil(haversineMetres(from, to) / step - 1e-9);
      for (let piece = 1; piece < pieces; piece++) samples.push(interpolate(from, to, piece / pieces));
      samples.push(to);
    }
    return samples;
  }

  const count = Math.min(cap, Math.max(2, Math.ceil(length / spacing) + 1));
  const samples: LatLng[] = [];
  let leg = 1;
  for (let index = 0; index < count; index++) {
    const at = index === count - 1 ? length : (length * index) / (count - 1);
    while (leg < points.length - 1 && distances[leg]! < at) leg++;
    samples.push(along(points, distances, leg, at));
  }
  return samples;
}

/**
 * The point `metres` along a line from its first point (clamped to the line), for a chart cursor shown on the map.
 * Null for an empty line.
 */
export function pointAtDistance(line: readonly LatLng[], metres: number): LatLng | null {
  if (line.length === 0) return null;
  const first = line[0]!;
  if (line.length === 1 || !(metres > 0)) return { latitude: first.latitude, longitude: first.longitude };
  const { distances } = measureLine(line);
  const length = distances[distances.length - 1]!;
  const at = Math.min(metres, length);
  let leg = 1;
  while (leg < line.length - 1 && distances[leg]! < at) leg++;
  return along(line, distances, leg, at);
}

function along(points: readonly LatLng[], distances: Float64Array, leg: number, at: number): LatLng {
  const fromDistance = distances[leg - 1]!;
  const span = distances[leg]! - fromDistance;
  return interpolate(points[leg - 1]!, points[leg]!, span > 0 ? (at - fromDistance) / span : 0);
}

/** Linear in latitude and longitude: legs between samples are short enough that the great circle is a straight line. */
function interpolate(from: LatLng, to: LatLng, fraction: number): LatLng {
  return {
    latitude: from.latitude + (to.latitude - from.latitude) * fraction,
    longitude: from.longitude + (to.longitude - from.longitude) * fraction,
  };
}
