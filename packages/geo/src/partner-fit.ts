/**
 * Partner fit (issue 24): how an activity's route compares with the level a person declared for its sport
 * (spec §3: one intensity per sport, of kind DISTANCE, ELEVATION, TIME or PACE). One rule, shared by the
 * server (the "fits me" filter) and the app (the card and the page).
 *
 * - DISTANCE (metres), ELEVATION (metres of gain), TIME (minutes): the declared value is what the person
 *   does comfortably. A route up to it is WITHIN; up to a quarter more (PARTNER_FIT_STRETCH) is a STRETCH;
 *   beyond that it is ABOVE.
 * - PACE (seconds per km, lower is faster): the pace the route asks for is its required time over its
 *   distance. Asking for the declared pace or slower is WITHIN; up to a tenth faster (PARTNER_FIT_PACE_STRETCH)
 *   is a STRETCH; faster still is ABOVE.
 * - What the route does not say (no elevation data, no required time, no distance) is UNKNOWN, never a guess.
 */

export type IntensityKind = 'DISTANCE' | 'ELEVATION' | 'TIME' | 'PACE';
export type PartnerFitLevel = 'WITHIN' | 'STRETCH' | 'ABOVE' | 'UNKNOWN';

export interface PartnerFitRoute {
  /** Metres. */
  totalDistance: number;
  /** Metres of gain; null when unknown. */
  totalElevationGain: number | null;
  /** Minutes the organiser requires; null when not given. */
  requiredTime: number | null;
}

export interface PartnerFit {
  level: PartnerFitLevel;
  kind: IntensityKind;
  /** The route's figure in the intensity's unit (metres, metres, minutes, seconds per km); null when unknown. */
  routeValue: number | null;
  /** The person's declared figure, in the same unit. */
  ownValue: number;
}

/** A route up to this many times the declared distance, gain or time is a stretch, not above. */
export const PARTNER_FIT_STRETCH = 1.25;
/** A route asking for a pace up to this many times faster than the declared pace is a stretch. */
export const PARTNER_FIT_PACE_STRETCH = 1.1;

/** The route's figure for an intensity kind, in that kind's unit, or null when the route does not say. */
export function routeFigure(route: PartnerFitRoute, kind: IntensityKind): number | null {
  if (kind === 'DISTANCE') return route.totalDistance > 0 ? route.totalDistance : null;
  if (kind === 'ELEVATION') return route.totalElevationGain;
  if (kind === 'TIME') return route.requiredTime && route.requiredTime > 0 ? route.requiredTime : null;
  if (!route.requiredTime || route.requiredTime <= 0 || route.totalDistance <= 0) return null;
  return (route.requiredTime * 60) / (route.totalDistance / 1000);
}

export function partnerFit(route: PartnerFitRoute, intensity: { kind: IntensityKind; value: number }): PartnerFit {
  const { kind, value: ownValue } = intensity;
  const routeValue = routeFigure(route, kind);
  return { level: levelOf(kind, routeValue, ownValue), kind, routeValue, ownValue };
}

function levelOf(kind: IntensityKind, routeValue: number | null, ownValue: number): PartnerFitLevel {
  if (routeValue === null || !(ownValue > 0)) return 'UNKNOWN';
  if (kind === 'PACE') {
    // Seconds per km: the route asks for a faster pace when its figure is lower.
    if (routeValue >= ownValue) return 'WITHIN';
    return routeValue * PARTNER_FIT_PACE_STRETCH >= ownValue ? 'STRETCH' : 'ABOVE';
  }
  if (routeValue <= ownValue) return 'WITHIN';
  return routeValue <= ownValue * PARTNER_FIT_STRETCH ? 'STRETCH' : 'ABOVE';
}
