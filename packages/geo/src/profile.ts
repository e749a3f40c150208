import { columnsOfPoints } from './columns.ts';
import { type MeasuredColumns, measureColumns } from './distance.ts';
import { type ElevatedPoint, hasElevation } from './elevation.ts';
import { roundTo2Decimals } from './rounding.ts';
import type { ProfilePoint } from './types.ts';

export const PROFILE_MAX_POINTS = 300;

/**
 * The elevation chart series: [distance from the start (m), elevation (m)] for each point that has an elevation
 * (zero counts as missing, as in spec §9). Distance runs on across segments without counting the gaps.
 * Downsampled to at most `maxPoints` with Largest-Triangle-Three-Buckets, which keeps peaks and dips.
 */
export function elevationProfile(
  lines: readonly (readonly ElevatedPoint[])[],
  maxPoints: number = PROFILE_MAX_POINTS,
): ProfilePoint[] {
  return elevationProfileOfMeasured(
    lines.map((line) => measureColumns(columnsOfPoints(line))),
    maxPoints,
  );
}

export function elevationProfileOfMeasured(
  lines: readonly MeasuredColumns[],
  maxPoints: number = PROFILE_MAX_POINTS,
): ProfilePoint[] {
  const distances: number[] = [];
  const elevations: number[] = [];
  let lineStartDistance = 0;
  for (const line of lines) {
    const written = line.columns.elevations;
    for (let index = 0; index < written.length; index++) {
      const elevation = written[index]!;
      if (hasElevation(elevation)) {
        distances.push(lineStartDistance + line.distances[index]!);
        elevations.push(elevation);
      }
    }
    lineStartDistance += line.distances[line.distances.length - 1] ?? 0;
  }
  return largestTriangleThreeBuckets(distances, elevations, maxPoints).map((index) => [
    roundTo2Decimals(distances[index]!),
    elevations[index]!,
  ]);
}

/** Indices of the points kept by LTTB (Steinarsson, 2013); first and last are always kept. */
function largestTriangleThreeBuckets(xs: readonly number[], ys: readonly number[], maxPoints: number): number[] {
  const count = xs.length;
  const target = Math.max(2, Math.floor(maxPoints));
  if (count <= target) return xs.map((_, index) => index);

  const kept = [0];
  const bucketSize = (count - 2) / (target - 2);
  let previous = 0;
  for (let bucket = 0; bucket < target - 2; bucket++) {
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, count);
    let averageX = 0;
    let averageY = 0;
    for (let index = nextStart; index < nextEnd; index++) {
      averageX += xs[index]!;
      averageY += ys[index]!;
    }
    const nextCount = Math.max(1, nextEnd - nextStart);
    averageX /= nextCount;
    averageY /= nextCount;

    const previousX = xs[previous]!;
    const previousY = ys[previous]!;
    let largestArea = -1;
    let chosen = nextStart - 1;
    for (let index = Math.floor(bucket * bucketSize) + 1; index < nextStart; index++) {
      const area = Math.abs(
        (previousX - averageX) * (ys[index]! - previousY) - (previousX - xs[index]!) * (averageY - previousY),
      );
      if (area > largestArea) {
        largestArea = area;
        chosen = index;
      }
    }
    kept.push(chosen);
    previous = chosen;
  }
  kept.push(count - 1);
  return kept;
}
