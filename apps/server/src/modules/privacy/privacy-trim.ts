import type { Activity, ActivitySummary, CallName, LatLng, MeetingArea } from '@cordata/contract';
import { haversineMetres, isInsideZones, trimOutsideZones, type VisiblePiece, type ZoneCircle } from '@cordata/geo';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Handlers } from '../../http/handlers.ts';
import { responseJsonSchema } from '../../http/serialize.ts';
import type { PrivacyRepository } from './privacy.repository.ts';

/**
 * Privacy zones at read time (issue 23, docs/privacy.md). Every answer that carries someone's route points or
 * positions passes them through the zones of that person (the owner: the organiser for an activity's route and GPX,
 * the sharer for a live position) unless the reader is the owner. Trimming at read time covers what was stored
 * before a zone existed, and a regenerated zone applies at once.
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
  /** The owner's line trimmed where it enters and leaves their zones (a route, a recorded track). */
  line<Point extends LatLng>(ownerId: string | null | undefined, points: readonly Point[]): VisibleLine<Point>;
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

export function zonesForViewer(viewerId: string | null, circles: Map<string, ZoneCircle[]>): ZonesForViewer {
  const zonesOf = (ownerId: string | null | undefined) =>
    ownerId && ownerId !== viewerId ? (circles.get(ownerId) ?? []) : [];
  return {
    zonesOf,
    hides: (ownerId, point) => isInsideZones(point, zonesOf(ownerId)),
    line: (ownerId, points) => visibleLine(points, zonesOf(ownerId)),
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

const isSummary = (value: object): value is ActivitySummary =>
  'activityId' in value && 'createdBy' in value && 'start' in value && 'startsAt' in value;
const ownerOf = (summary: ActivitySummary) => summary.createdBy?.userId ?? null;

/** The organisers of every activity (or summary) in an answer, at any depth. */
export function activityOwners(answer: unknown): Set<string> {
  const owners = new Set<string>();
  collectOwners(answer, owners);
  return owners;
}

function collectOwners(value: unknown, owners: Set<string>) {
  if (Array.isArray(value)) for (const item of value) collectOwners(item, owners);
  else if (value && typeof value === 'object') {
    if (isSummary(value)) {
      const owner = ownerOf(value);
      if (owner) owners.add(owner);
    }
    for (const item of Object.values(value)) collectOwners(item, owners);
  }
}

const HIDDEN = Symbol('hidden');

/**
 * The approximate meeting area shown in place of a closed activity's start holds that start somewhere inside: where
 * the area meets a zone, the start may be in the zone, and the area would show it to within 500 m.
 */
export const mayHoldHiddenStart = (area: MeetingArea, zones: readonly ZoneCircle[]) =>
  isInsideZones(
    area,
    zones.map((zone) => ({ ...zone, radiusMetres: zone.radiusMetres + area.radiusMetres })),
  );

/** The answer with every activity's start and route trimmed; a summary measured from a hidden start is left out. */
function trimActivities(value: unknown, zones: ZonesForViewer): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => trimActivities(item, zones)).filter((item) => item !== HIDDEN);
  }
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, trimActivities(item, zones)] as const);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  if (!isSummary(value)) return copy;
  const own = zones.zonesOf(ownerOf(value));
  if (own.length === 0) return copy;
  const startHidden =
    (value.start !== null && isInsideZones(value.start, own)) ||
    (value.meetingArea !== null && mayHoldHiddenStart(value.meetingArea, own));
  // A distance to a hidden start is that start, found again from a few searches: such an activity is not listed.
  if (startHidden && value.distance !== undefined) return HIDDEN;
  if (startHidden) {
    copy.start = null;
    copy.meetingArea = null;
  }
  return routesTrimmed(copy, own) as Record<string, unknown>;
}

const isRoute = (value: object): value is Activity['route'] => 'routeSteps' in value && 'waypoints' in value;

/** Every route inside an activity (its route, its backup route) trimmed by the organiser's zones. */
function routesTrimmed(value: unknown, zones: readonly ZoneCircle[]): unknown {
  if (Array.isArray(value)) return value.map((item) => routesTrimmed(item, zones));
  if (!value || typeof value !== 'object') return value;
  if (isRoute(value)) return visibleRoute(value, zones);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, routesTrimmed(item, zones)]));
}

/**
 * Calls about one activity (body.activityId) whose answer carries points of its route outside any activity object:
 * the weather along the route. Those points are the organiser's.
 */
export const ROUTE_POINT_CALLS: readonly CallName[] = [
  'activity/weather',
  'activity/weather-thresholds',
  'activity/weather-decide',
];

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

  /** An answer as `viewerId` may see it: activities trimmed by their organisers' zones, route points likewise. */
  async function trimAnswer(viewerId: string | null, call: CallName, body: unknown, answer: unknown): Promise<unknown> {
    const owners = new Set<string>();
    collectOwners(answer, owners);
    const activityId = (body as { activityId?: unknown } | null)?.activityId;
    const routeOwner =
      ROUTE_POINT_CALLS.includes(call) && typeof activityId === 'string' ? await deps.repo.creatorOf(activityId) : null;
    if (routeOwner) owners.add(routeOwner);
    if (viewerId) owners.delete(viewerId);
    if (owners.size === 0) return answer;
    const zones = await zonesFor(viewerId, owners);
    // Most organisers have no zone: then nothing is trimmed, and the answer need not be copied.
    if (![...owners].some((owner) => zones.zonesOf(owner).length > 0)) return answer;
    const trimmed = trimActivities(answer, zones);
    return routeOwner ? withoutHiddenPoints(trimmed, (point) => zones.hides(routeOwner, point)) : trimmed;
  }

  return { zonesFor, activityLine, trimAnswer };
}

/** Leaves out every object with coordinates that `hides` says must not be seen (weather points of a route). */
function withoutHiddenPoints(value: unknown, hides: (point: LatLng) => boolean): unknown {
  if (Array.isArray(value)) {
    return value.filter((item) => !(isPoint(item) && hides(item))).map((item) => withoutHiddenPoints(item, hides));
  }
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutHiddenPoints(item, hides)]));
}

const isPoint = (value: unknown): value is LatLng =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as LatLng).latitude === 'number' &&
  typeof (value as LatLng).longitude === 'number';

export type PrivacyTrim = ReturnType<typeof createPrivacyTrim>;

/**
 * The calls whose answer may carry an activity (an object with an activity's id, organiser, start and time, at any
 * depth of the contract's answer schema), or a route's points outside one (ROUTE_POINT_CALLS): the ones trimAnswer
 * must see. Read from the contract, so a new call that answers activities is trimmed without anyone listing it.
 */
export function callsCarryingActivities(definitions: Record<string, { response: z.ZodType }>): Set<string> {
  const carrying = new Set<string>(ROUTE_POINT_CALLS);
  for (const [name, definition] of Object.entries(definitions)) {
    // The serializer's JSON schema of the answer (generated once, kept for it).
    if (schemaHasActivity(responseJsonSchema(definition.response))) carrying.add(name);
  }
  return carrying;
}

/** The keys isSummary looks for, as properties of one object schema somewhere in a JSON schema. */
const SUMMARY_KEYS = ['activityId', 'createdBy', 'start', 'startsAt'];
function schemaHasActivity(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(schemaHasActivity);
  if (!schema || typeof schema !== 'object') return false;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties && typeof properties === 'object' && SUMMARY_KEYS.every((key) => key in properties)) return true;
  return Object.values(schema).some(schemaHasActivity);
}

/**
 * The answers of the calls that may carry activities (`carrying`, see callsCarryingActivities) pass through
 * trimAnswer before they leave (modules.ts wires it once); the other calls are left as they are, without the
 * walk over their answer.
 */
export function withPrivacyTrim(
  handlers: Handlers,
  trim: Pick<PrivacyTrim, 'trimAnswer'>,
  carrying: ReadonlySet<string>,
): Handlers {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    if (!carrying.has(name)) {
      wrapped[name] = handler;
      continue;
    }
    const call = handler as (ctx: { body: unknown; user: { userId: string } | null }) => Promise<unknown>;
    wrapped[name] = async (ctx: { body: unknown; user: { userId: string } | null }) => {
      const answer = await call(ctx);
      return trim.trimAnswer(ctx.user?.userId ?? null, name as CallName, ctx.body, answer);
    };
  }
  return wrapped as Handlers;
}
