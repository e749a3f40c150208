import { EARTH_RADIUS_METRES, haversineMetres } from './distance.ts';
import type { LatLng } from './types.ts';

/** A route piece farther than this from every way matches none. */
export const WAY_MATCH_TOLERANCE_METRES = 25;
/** The route is cut into pieces at most this long; each piece goes to the way nearest its middle. */
export const WAY_MATCH_STEP_METRES = 10;

export interface WayMatchOptions {
  toleranceMetres?: number;
  stepMetres?: number;
}

export interface WayMatch<Way> {
  /** The route's length (metres, not rounded). */
  totalMetres: number;
  /** Each way some piece went to, with the length of those pieces, in the order of `ways`. */
  matches: { way: Way; metres: number }[];
}

/**
 * Matches a route to ways (map data): the route is cut into pieces of at most `stepMetres`, and each piece goes to
 * the way whose line passes nearest its middle, when that is within `toleranceMetres`; otherwise to none. A way's
 * `geometry` may hold several lines (a way cut by the edge of the data). Distances on a local equirectangular
 * projection (a route spans a few tens of km at most), lengths by haversine.
 */
export function matchRouteToWays<Way extends { geometry: readonly (readonly LatLng[])[] }>(
  route: readonly LatLng[],
  ways: readonly Way[],
  { toleranceMetres = WAY_MATCH_TOLERANCE_METRES, stepMetres = WAY_MATCH_STEP_METRES }: WayMatchOptions = {},
): WayMatch<Way> {
  let totalMetres = 0;
  const metresOfWay = new Float64Array(ways.length);
  if (route.length < 2) return { totalMetres, matches: [] };
  const projection = localProjection(route);
  const index = new SegmentIndex(toleranceMetres);
  ways.forEach((way, wayIndex) => {
    for (const line of way.geometry) {
      for (let i = 1; i < line.length; i++) {
        index.add(wayIndex, projection(line[i - 1]!), projection(line[i]!));
      }
    }
  });
  for (let i = 1; i < route.length; i++) {
    const from = route[i - 1]!;
    const to = route[i]!;
    const length = haversineMetres(from, to);
    if (length === 0) continue;
    totalMetres += length;
    const pieces = Math.max(1, Math.ceil(length / stepMetres));
    const [ax, ay] = projection(from);
    const [bx, by] = projection(to);
    for (let p = 0; p < pieces; p++) {
      const f = (p + 0.5) / pieces;
      const nearest = index.nearest(ax + (bx - ax) * f, ay + (by - ay) * f);
      if (nearest >= 0) metresOfWay[nearest]! += length / pieces;
    }
  }
  const matches: { way: Way; metres: number }[] = [];
  ways.forEach((way, wayIndex) => {
    if (metresOfWay[wayIndex]! > 0) matches.push({ way, metres: metresOfWay[wayIndex]! });
  });
  return { totalMetres, matches };
}

export type Xy = readonly [x: number, y: number];

/** Metres on an equirectangular projection about the points' mean latitude: good for a few tens of km. */
export function localProjection(points: readonly LatLng[]): (p: LatLng) => Xy {
  let latitudeSum = 0;
  for (const p of points) latitudeSum += p.latitude;
  const metresPerDegree = (Math.PI / 180) * EARTH_RADIUS_METRES;
  const metresPerLongitudeDegree = metresPerDegree * Math.cos(((latitudeSum / points.length) * Math.PI) / 180);
  return (p) => [p.longitude * metresPerLongitudeDegree, p.latitude * metresPerDegree];
}

/**
 * Way segments in square cells as wide as the tolerance: a segment is filed in every cell its box, grown by the
 * tolerance, touches, so the segments within the tolerance of a point are all in the point's own cell. A long
 * segment is filed piece by piece (pieces as long as a cell): the box of a long diagonal would cover a square
 * of cells, most of them far from it.
 */
export class SegmentIndex {
  private readonly cells = new Map<string, number[]>();
  private readonly segments: { way: number; ax: number; ay: number; bx: number; by: number }[] = [];

  constructor(private readonly tolerance: number) {}

  add(way: number, [ax, ay]: Xy, [bx, by]: Xy) {
    const id = this.segments.push({ way, ax, ay, bx, by }) - 1;
    const pieces = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / this.tolerance));
    for (let p = 0; p < pieces; p++) {
      const from = p / pieces;
      const to = (p + 1) / pieces;
      this.file(id, ax + (bx - ax) * from, ay + (by - ay) * from, ax + (bx - ax) * to, ay + (by - ay) * to);
    }
  }

  private file(id: number, ax: number, ay: number, bx: number, by: number) {
    const t = this.tolerance;
    for (let cx = this.cell(Math.min(ax, bx) - t); cx <= this.cell(Math.max(ax, bx) + t); cx++) {
      for (let cy = this.cell(Math.min(ay, by) - t); cy <= this.cell(Math.max(ay, by) + t); cy++) {
        const key = `${cx},${cy}`;
        const list = this.cells.get(key);
        // Consecutive pieces share cells: the segment is filed once in each.
        if (!list) this.cells.set(key, [id]);
        else if (list[list.length - 1] !== id) list.push(id);
      }
    }
  }

  /** The way nearest the point within the tolerance, or -1. On a tie the way listed first wins. */
  nearest(x: number, y: number): number {
    const ids = this.cells.get(`${this.cell(x)},${this.cell(y)}`);
    if (!ids) return -1;
    let best = -1;
    let bestSquared = this.tolerance * this.tolerance;
    for (const id of ids) {
      const s = this.segments[id]!;
      const d = distanceToSegmentSquared(x, y, s.ax, s.ay, s.bx, s.by);
      if (d < bestSquared || (d === bestSquared && (best < 0 || s.way < best))) {
        bestSquared = d;
        best = s.way;
      }
    }
    return best;
  }

  private cell(v: number) {
    return Math.floor(v / this.tolerance);
  }
}

function distanceToSegmentSquared(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  const ex = px - (ax + t * dx);
  const ey = py - (ay + t * dy);
  return ex * ex + ey * ey;
}
