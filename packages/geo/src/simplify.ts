import { columnsOfPoints, type PointColumns } from './columns.ts';
import { EARTH_RADIUS_METRES } from './distance.ts';
import type { LatLng } from './types.ts';

export const SIMPLIFY_TOLERANCE_METRES = 5;
export const SIMPLIFY_MAX_POINTS = 1000;

export interface SimplifyOptions {
  /** Points closer than this to the simplified line are dropped. */
  toleranceMetres?: number;
  /** Upper bound on the points kept, except that the two ends of every line are always kept. */
  maxPoints?: number;
}

interface Span {
  start: number;
  end: number;
  farthest: number;
  farthestDistanceSquared: number;
}

/**
 * Douglas–Peucker over one or more lines, iterative: instead of recursing, the span whose farthest point is the
 * farthest of all is split first (a max-heap), so the result stays the best for `maxPoints` and a million points
 * cannot overflow the stack. Distances are measured on a local equirectangular projection, in metres.
 * Returns the kept points of all lines, in order, as one list (as drawn on the map).
 */
export function simplifyLine(lines: readonly (readonly LatLng[])[], options: SimplifyOptions = {}): LatLng[] {
  return simplifyColumns(lines.map(columnsOfPoints), options);
}

/** simplifyLine of lines held as columns. */
export function simplifyColumns(lines: readonly PointColumns[], options: SimplifyOptions = {}): LatLng[] {
  const { latitudes, longitudes } = joined(lines);
  const keep = keptOfJoined(lines, latitudes, longitudes, options);
  const simplified: LatLng[] = [];
  for (let index = 0; index < keep.length; index++) {
    if (keep[index] === 1) simplified.push({ latitude: latitudes[index]!, longitude: longitudes[index]! });
  }
  return simplified;
}

/** Which points simplifyColumns keeps (1) across the lines joined, for callers that must keep more than LatLng. */
export function keptByDouglasPeucker(lines: readonly PointColumns[], options: SimplifyOptions = {}): Uint8Array {
  const { latitudes, longitudes } = joined(lines);
  return keptOfJoined(lines, latitudes, longitudes, options);
}

function keptOfJoined(
  lines: readonly PointColumns[],
  latitudes: Float64Array,
  longitudes: Float64Array,
  { toleranceMetres = SIMPLIFY_TOLERANCE_METRES, maxPoints = SIMPLIFY_MAX_POINTS }: SimplifyOptions,
): Uint8Array {
  const count = latitudes.length;
  if (count === 0) return new Uint8Array(0);
  const { xs, ys } = project(latitudes, longitudes);
  const keep = new Uint8Array(count);
  const toleranceSquared = toleranceMetres * toleranceMetres;
  const spans = new MaxHeap<Span>((a, b) => a.farthestDistanceSquared > b.farthestDistanceSquared);

  const addSpan = (start: number, end: number) => {
    if (end - start < 2) return;
    const span = farthestPoint(xs, ys, start, end);
    if (span.farthestDistanceSquared > toleranceSquared) spans.push(span);
  };

  let keptCount = 0;
  let lineStart = 0;
  for (const line of lines) {
    if (line.length === 0) continue;
    const lineEnd = lineStart + line.length - 1;
    keep[lineStart] = 1;
    keep[lineEnd] = 1;
    keptCount += lineEnd === lineStart ? 1 : 2;
    addSpan(lineStart, lineEnd);
    lineStart = lineEnd + 1;
  }

  while (keptCount < maxPoints) {
    const span = spans.pop();
    if (span === undefined) break;
    keep[span.farthest] = 1;
    keptCount++;
    addSpan(span.start, span.farthest);
    addSpan(span.farthest, span.end);
  }
  return keep;
}

/** The coordinates of all lines, one after the other (a single line's own arrays, not a copy). */
function joined(lines: readonly PointColumns[]): { latitudes: Float64Array; longitudes: Float64Array } {
  if (lines.length === 1) return lines[0]!;
  const latitudes = new Float64Array(lines.reduce((count, line) => count + line.length, 0));
  const longitudes = new Float64Array(latitudes.length);
  let offset = 0;
  for (const line of lines) {
    latitudes.set(line.latitudes, offset);
    longitudes.set(line.longitudes, offset);
    offset += line.length;
  }
  return { latitudes, longitudes };
}

function project(latitudes: Float64Array, longitudes: Float64Array): { xs: Float64Array; ys: Float64Array } {
  const count = latitudes.length;
  let latitudeSum = 0;
  for (let index = 0; index < count; index++) latitudeSum += latitudes[index]!;
  const metresPerDegree = (Math.PI / 180) * EARTH_RADIUS_METRES;
  const metresPerLongitudeDegree = metresPerDegree * Math.cos(((latitudeSum / count) * Math.PI) / 180);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    xs[index] = longitudes[index]! * metresPerLongitudeDegree;
    ys[index] = latitudes[index]! * metresPerDegree;
  }
  return { xs, ys };
}

/** The point strictly between start and end farthest from the segment start–end. */
function farthestPoint(xs: Float64Array, ys: Float64Array, start: number, end: number): Span {
  const ax = xs[start]!;
  const ay = ys[start]!;
  const dx = xs[end]! - ax;
  const dy = ys[end]! - ay;
  const lengthSquared = dx * dx + dy * dy;
  let farthest = start + 1;
  let farthestDistanceSquared = -1;
  for (let index = start + 1; index < end; index++) {
    let px = xs[index]! - ax;
    let py = ys[index]! - ay;
    if (lengthSquared > 0) {
      const along = Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared));
      px -= along * dx;
      py -= along * dy;
    }
    const distanceSquared = px * px + py * py;
    if (distanceSquared > farthestDistanceSquared) {
      farthestDistanceSquared = distanceSquared;
      farthest = index;
    }
  }
  return { start, end, farthest, farthestDistanceSquared };
}

class MaxHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly isAbove: (a: T, b: T) => boolean) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.isAbove(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let largest = index;
      if (left < items.length && this.isAbove(items[left]!, items[largest]!)) largest = left;
      if (right < items.length && this.isAbove(items[right]!, items[largest]!)) largest = right;
      if (largest === index) return top;
      [items[index], items[largest]] = [items[largest]!, items[index]!];
      index = largest;
    }
  }
}
