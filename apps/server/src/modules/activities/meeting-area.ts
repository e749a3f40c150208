import {
  type Activity,
  MEETING_AREA_RADIUS_METRES,
  type MeetingArea,
  NEARBY_DISTANCE_STEP_METRES,
} from '@cordata/contract';
import { haversineMetres, isInsideZones, type ZoneCircle } from '@cordata/geo';
import type { MemberState } from '../../db/schema.ts';
import { activityRules } from '../access/access.ts';
import { mayHoldHiddenStart, visibleRoute, type ZonesForViewer } from '../privacy/privacy-trim.ts';

/**
 * The approximate meeting point (issue 23, docs/activities.md). The area's centre is kept by the database
 * (migration 0030, area_latitude/area_longitude); this decides who sees it instead of the start, and takes out of
 * a route everything that lies inside the area. Every answer that carries an activity's points goes through here.
 */

type AreaRow = {
  access: Activity['access'];
  myState: MemberState | null;
  areaLatitude: number | null;
  areaLongitude: number | null;
};

/** The area the viewer sees instead of the start, or null when they may see the start itself. */
export function meetingAreaFor(row: AreaRow): MeetingArea | null {
  if (activityRules.exactPointVisible({ access: row.access, myState: row.myState })) return null;
  // The trigger activities_meeting_area fills the centre on every write.
  return { latitude: row.areaLatitude!, longitude: row.areaLongitude!, radiusMetres: MEETING_AREA_RADIUS_METRES };
}

/**
 * The one point of an activity's meeting place that a figure given to a reader (a carpool detour, a ranking) may be
 * measured from (security review H-N1): the start when the reader may see it (activityRules.exactPointVisible) and the
 * organiser's zones do not hide it from them; else the centre of the meeting area they see, unless that area may hold
 * a start hidden by a zone (it is withheld then, privacy-trim.ts); else nothing, and no figure.
 */
export function measurableMeetingPoint(
  row: AreaRow & { startLatitude: number; startLongitude: number; createdBy: string | null },
  zones: ZonesForViewer,
): { latitude: number; longitude: number } | null {
  const organiserZones = zones.zonesOf(row.createdBy);
  const area = meetingAreaFor(row);
  if (area)
    return mayHoldHiddenStart(area, organiserZones) ? null : { latitude: area.latitude, longitude: area.longitude };
  const start = { latitude: row.startLatitude, longitude: row.startLongitude };
  return isInsideZones(start, organiserZones) ? null : start;
}

/** Whether a point lies inside the area (what routeOutside and its kind take out). */
export const insideArea = (area: MeetingArea, point: { latitude: number; longitude: number }) =>
  haversineMetres(area, point) <= area.radiusMetres;

/**
 * A route as someone who sees `area` may see it: cut where it enters and leaves the area, as a privacy zone cuts it
 * (privacy-trim.ts visibleRoute: the line, its breaks, the waypoints, the destination and the elevation profile of
 * the hidden stretches), and never a start. The organiser's privacy `zones` for this reader cut it in the same pass:
 * cut one after the other, the second cut would join the first one's pieces again and could put a boundary point
 * inside the area.
 */
export function routeOutside(
  route: Activity['route'],
  area: MeetingArea,
  zones: readonly ZoneCircle[] = [],
): Activity['route'] {
  const hiddenByZones = zones.length > 0 && visibleRoute(route, zones) !== route;
  return {
    ...visibleRoute(route, [area, ...zones]),
    start: null,
    hiddenByPrivacy: route.hiddenByPrivacy || hiddenByZones,
  };
}

/**
 * The circles that cut a drawn line (GPX) for a reader who sees `area`, whose points inside it are already left out
 * (pointsFor): with the organiser's `zones`, the area cuts in the same pass, so no cut of a zone joins the line
 * across the area (see routeOutside).
 */
export const areaReaderCuts = (area: MeetingArea, zones: readonly ZoneCircle[]) =>
  zones.length > 0 ? [area, ...zones] : [];

/**
 * An activity's points as a reader with membership `myState` may have them, for answers built from the stored row
 * (calendar files, the GPX export, the data export): the start, or the area's centre, and the route's line.
 */
export function pointsFor<
  Row extends {
    access: Activity['access'];
    startLatitude: number;
    startLongitude: number;
    startAddress: string | null;
    areaLatitude: number | null;
    areaLongitude: number | null;
    routeSteps: { latitude: number; longitude: number }[];
  },
>(row: Row, myState: MemberState | null) {
  const area = meetingAreaFor({ ...row, myState });
  if (!area) {
    return {
      area,
      start: { latitude: row.startLatitude, longitude: row.startLongitude, address: row.startAddress },
      routeSteps: row.routeSteps,
    };
  }
  return {
    area,
    start: { latitude: area.latitude, longitude: area.longitude, address: null },
    routeSteps: row.routeSteps.filter((p) => !insideArea(area, p)),
  };
}

/** A distance of nearby-activities as every caller gets it: to the nearest step, so it cannot be refined. */
export const roundedDistance = (metres: number) =>
  Math.round(metres / NEARBY_DISTANCE_STEP_METRES) * NEARBY_DISTANCE_STEP_METRES;
