import type { ActivityEditKind } from '@cordata/contract';
import type { ActivityRow } from './activities.repository.ts';
import type { ComputedRoute } from './activity-route.ts';

/** A start point that moved less than this (in degrees, about 10 cm) has not moved: a route sent again as it was. */
const SAME_POINT_DEGREES = 1e-6;

/**
 * What an edit changed that participants must hear about: the start time (TIME), only the end time (END), the
 * start point (PLACE), the start point with either (TIME_PLACE, END_PLACE), or (null) none of these.
 */
export function editKind(
  before: Pick<ActivityRow, 'startsAt' | 'endsAt' | 'startLatitude' | 'startLongitude'>,
  times: { startsAt: Date; endsAt: Date },
  route: Pick<ComputedRoute, 'startLatitude' | 'startLongitude'> | null,
): ActivityEditKind | null {
  const start = times.startsAt.getTime() !== before.startsAt.getTime();
  const end = !start && times.endsAt.getTime() !== before.endsAt.getTime();
  const place =
    !!route &&
    (Math.abs(route.startLatitude - before.startLatitude) > SAME_POINT_DEGREES ||
      Math.abs(route.startLongitude - before.startLongitude) > SAME_POINT_DEGREES);
  if (start) return place ? 'TIME_PLACE' : 'TIME';
  if (end) return place ? 'END_PLACE' : 'END';
  if (place) return 'PLACE';
  return null;
}
