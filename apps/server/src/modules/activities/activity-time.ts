import { ACTIVITY_MIN_LEAD_MINUTES, type ActivityEditKind, DEFAULT_TIME_ZONE } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { ActivityRow } from './activities.repository.ts';
import type { ComputedRoute } from './activity-route.ts';

/**
 * The canonical IANA name of a time zone, or a 400. Offsets like "+01:00" are refused: PostgreSQL reads
 * them with the POSIX sign (inverted), so only named zones reach SQL.
 */
export function canonicalTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return DEFAULT_TIME_ZONE;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    resolved = '';
  }
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(resolved)) {
    throw new ApiError('VALIDATION_ERROR', {
      message: 'Unknown time zone',
      issues: [{ path: 'timeZone', message: 'Use an IANA time zone such as Europe/Rome' }],
    });
  }
  return resolved;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone is ahead of UTC at the instant `utcMs`, read from the zone's rules (slow: Intl). */
function readOffsetMs(utcMs: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Per zone, the offset of each UTC hour whose offset holds for the whole hour (the series job reads thousands). */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * Milliseconds the zone is ahead of UTC at the instant `utcMs`. An hour whose offset is the same at its start and
 * its end has no change inside it (zones change at most once in an hour), so that offset is kept for the hour;
 * the hour of a change is read exactly each time.
 */
function offsetMs(utcMs: number, timeZone: string): number {
  let hours = hourOffsets.get(timeZone);
  if (!hours) {
    hours = new Map();
    hourOffsets.set(timeZone, hours);
  }
  const hour = Math.floor(utcMs / HOUR_MS);
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const start = readOffsetMs(hour * HOUR_MS, timeZone);
  if (start !== readOffsetMs((hour + 1) * HOUR_MS - 1000, timeZone)) return readOffsetMs(utcMs, timeZone);
  if (hours.size > 100_000) hours.clear();
  hours.set(hour, start);
  return start;
}

/** The instant of a local day (YYYY-MM-DD) and time (HH:mm) in an IANA zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the wall-clock time read as UTC is right except near a DST change: one more step settles it.
  const offset = offsetMs(wallClock - offsetMs(wallClock, timeZone), timeZone);
  const instant = wallClock - offset;
  const offsetThere = offsetMs(instant, timeZone);
  // A time the spring change skips (02:30 when clocks go from 02:00 to 03:00) reads as another time at either
  // offset: take it with the offset before the change, so it lands just after the gap (03:30) in every zone.
  return new Date(offsetThere === offset ? instant : wallClock - Math.min(offset, offsetThere));
}

export interface ActivityTimes {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/** When an activity starts and ends; the end must come after the start (spec §5). */
export function activityTimes(input: {
  date: string;
  startTime: string;
  endTime: string;
  timeZone?: string;
}): ActivityTimes {
  const timeZone = canonicalTimeZone(input.timeZone);
  const startsAt = zonedInstant(input.date, input.startTime, timeZone);
  const endsAt = zonedInstant(input.date, input.endTime, timeZone);
  if (endsAt <= startsAt) throw new ApiError('END_BEFORE_START');
  return { startsAt, endsAt, timeZone };
}

/** Spec §5: an activity must start at least 30 minutes from now. */
export function assertStartsLateEnough(startsAt: Date, now: Date) {
  if (startsAt.getTime() < now.getTime() + ACTIVITY_MIN_LEAD_MINUTES * 60_000) throw new ApiError('ACTIVITY_TOO_SOON');
}

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
