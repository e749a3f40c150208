import type { Activity, LatLng, MeetingArea } from '@cordata/contract';
import { haversineMetres, isInsideZones, trimOutsideZones, type VisiblePiece, type ZoneCircle } from '@cordata/geo';
import type { DbOrTx } from '../../db/client.ts';
import type { PrivacyRepository } from './privacy.repository.ts';
import { viewerMapped } from './viewer-mapped.ts';

/**
 * Privacy zones at read time (issue 23, docs/privacy.md). Every mapper that builds an answer carrying someone's route
 * points or positions takes the zones of that person (the owner: the organiser for an activity's route and GPX, the
 * sharer for a live position) for this viewer, from `zonesFor`, and applies them while building (viewer-mapped.ts).
 * Trimming at read time covers what was stored before a zone existed, and a regenerated zone applies at once.
 */

/** A line as the app draws it: its visible points, where a new piece begins, and whether anything was hidden. */
export interface VisibleLine<Point extends LatLng = LatLng> {
  points: Point[];
  /** Indices of `points` that begin a new piece (nothing is drawn from the point before). */
  breaks: number[];
  /** The pieces with their place on the original line (fractional vertex positions). */
  pieces: VisiblePiece<Point>[];
  hidden: boolean;
}

/** The zones that hide each owner's points from one reader. */
export interface ZonesForViewer {
  /** The owner's zones; none when the reader is the owner (or the owner has none). */
  zonesOf(ownerId: string | null | undefined): ZoneCircle[];
  /** True when the point must not reach this reader (a live position, a waypoint, a meeting point). */
  hides(ownerId: string | null | undefined, point: LatLng): boolean;
  /** The owner's single points this reader may see (positions), each marked as viewer-mapped. */
  visiblePoints<Point extends LatLng>(ownerId: string | null | undefined, points: readonly Point[]): Point[];
  /** The owner's line trimmed where it enters and leaves their zones (a route, a recorded track); its points marked. */
  line<Point extends LatLng>(ownerId: string | null | undefined, points: readonly Point[]): VisibleLine<Point>;
  /** A line that passes by several people's places (a recap's real line): trimmed by the zones of each of them. */
  lineAmong<Point extends LatLng>(
    ownerIds: Iterable<string | null | undefined>,
    points: readonly Point[],
  ): VisibleLine<Point>;
}

export function visibleLine<Point extends LatLng>(
  points: readonly Point[],
  zones: readonly ZoneCircle[],
): VisibleLine<Point> {
  if (zones.length === 0) {
    return {
      points: [...points],
      breaks: [],
      pieces: [{ points: [...points], from: 0, to: points.length - 1 }],
      hidden: false,
    };
  }
  if (points.length < 2) {
    const kept = points.filter((p) => !isInsideZones(p, zones));
    return {
      points: kept,
      breaks: [],
      pieces: [{ points: kept, from: 0, to: 0 }],
      hidden: kept.length < points.length,
    };
  }
  const pieces = trimOutsideZones(points, zones);
  const breaks: number[] = [];
  const visible: Point[] = [];
  for (const piece of pieces) {
    if (visible.length > 0) breaks.push(visible.length);
    visible.push(...piece.points);
  }
  const whole = pieces.length === 1 && pieces[0]!.from === 0 && pieces[0]!.to === points.length - 1;
  return { points: visible, breaks, pieces, hidden: !whole };
}

function markedLine<Point extends LatLng>(points: readonly Point[], zones: readonly ZoneCircle[]) {
  const line = visibleLine(points, zones);
  viewerMapped(line.points);
  for (const piece of line.pieces) viewerMapped(piece.points);
  return line;
}

export function zonesForViewer(viewerId: string | null, circles: Map<string, ZoneCircle[]>): ZonesForViewer {
  const zonesOf = (ownerId: string | null | undefined) =>
    ownerId && ownerId !== viewerId ? (circles.get(ownerId) ?? []) : [];
  const hides = (ownerId: string | null | undefined, point: LatLng) => isInsideZones(point, zonesOf(ownerId));
  return {
    zonesOf,
    hides,
    visiblePoints: (ownerId, points) =>
      points.filter((point) => !hides(ownerId, point)).map((point) => viewerMapped({ ...point })),
    line: (ownerId, points) => markedLine(points, zonesOf(ownerId)),
    lineAmong: (ownerIds, points) => markedLine(points, [...new Set(ownerIds)].flatMap(zonesOf)),
  };
}

/**
 * The elevation profile of the visible pieces only: the hidden stretches' heights, with their distances, would
 * narrow down where the hidden points are. The profile measures the whole line; `line` may be its simplified
 * display line, so distances along it are scaled to the profile's length.
 */
function visibleProfile(profile: [number, number][], line: readonly LatLng[], pieces: VisiblePiece[]) {
  if (profile.length === 0 || line.length < 2) return profile;
  const along = [0];
  for (let i = 1; i < line.length; i++) along.push(along[i - 1]! + haversineMetres(line[i - 1]!, line[i]!));
  const length = along.at(-1)!;
  const scale = length > 0 ? profile.at(-1)![0] / length : 1;
  const at = (position: number) => {
    const i = Math.min(Math.floor(position), line.length - 2);
    return (along[i]! + (along[i + 1]! - along[i]!) * (position - i)) * scale;
  };
  const ranges = pieces.map((piece) => [at(piece.from), at(piece.to)] as const);
  return profile.filter(([distance]) => ranges.some(([from, to]) => distance >= from && distance <= to));
}

/** An activity's route as `zones` leave it: trimmed line, start and destination null when inside, waypoints outside. */
export function visibleRoute(route: Activity['route'], zones: readonly ZoneCircle[]): Activity['route'] {
  if (zones.length === 0) return route;
  const line = visibleLine(route.routeSteps, zones);
  const start = route.start && !isInsideZones(route.start, zones) ? route.start : null;
  const destination = route.destination && !isInsideZones(route.destination, zones) ? route.destination : null;
  const waypoints = route.waypoints.filter((w) => !isInsideZones(w, zones));
  const hidden =
    line.hidden ||
    start !== route.start ||
    destination !== route.destination ||
    waypoints.length < route.waypoints.length;
  if (!hidden) return route;
  return {
    ...route,
    start,
    destination,
    routeSteps: line.points,
    routeBreaks: line.breaks,
    waypoints,
    elevationProfile: line.hidden
      ? visibleProfile(route.elevationProfile, route.routeSteps, line.pieces)
      : route.elevationProfile,
    hiddenByPrivacy: true,
  };
}

/**
 * The approximate meeting area shown in place of a closed activity's start holds that start somewhere inside: where
 * the area meets a zone, the start may be in the zone, and the area would show it to within 500 m.
 */
export const mayHoldHiddenStart = (area: MeetingArea, zones: readonly ZoneCircle[]) =>
  isInsideZones(
    area,
    zones.map((zone) => ({ ...zone, radiusMetres: zone.radiusMetres + area.radiusMetres })),
  );

type Circles = Pick<PrivacyRepository, 'circlesOf' | 'creatorOf'>;

export function createPrivacyTrim(deps: { repo: Circles }) {
  /**
   * THE function every path that returns someone's points calls: the zones that hide each owner's points from
   * `viewerId` (null: a reader without an account, from whom every zone hides). The reader's own zones never apply.
   */
  async function zonesFor(
    viewerId: string | null,
    ownerIds: Iterable<string | null | undefined>,
    tx?: DbOrTx,
  ): Promise<ZonesForViewer> {
    const others = [...new Set([...ownerIds].filter((id): id is string => !!id && id !== viewerId))];
    const circles = new Map<string, ZoneCircle[]>();
    for (const row of await deps.repo.circlesOf(others, tx)) {
      const list = circles.get(row.userId) ?? [];
      list.push({ latitude: row.latitude, longitude: row.longitude, radiusMetres: row.radiusMetres });
      circles.set(row.userId, list);
    }
    return zonesForViewer(viewerId, circles);
  }

  /** A line of an activity's organiser (its route, its recorded track), as `viewerId` may see it. */
  async function activityLine<Point extends LatLng>(
    viewerId: string | null,
    activityId: string,
    points: readonly Point[],
  ) {
    const owner = await deps.repo.creatorOf(activityId);
    return (await zonesFor(viewerId, [owner])).line(owner, points);
  }

  return { zonesFor, activityLine };
}

export type PrivacyTrim = ReturnType<typeof createPrivacyTrim>;
