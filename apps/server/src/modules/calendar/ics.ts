import { isControlCharacter, MEETING_AREA_RADIUS_METRES } from '@cordata/contract';
import { isInsideZones, type ZoneCircle } from '@cordata/geo';
import { mayHoldHiddenStart } from '../privacy/privacy-trim.ts';

/**
 * iCalendar (RFC 5545) text, written once for every feed and file: the data export, public group feeds,
 * and any personal feed. Times are UTC (`…Z`), so no VTIMEZONE is needed; lines are folded at 75 octets.
 * A series (issue 22) is written as its dates, each a single event (no RRULE): every date is an activity of its
 * own that may have been edited or cancelled alone, and a cancelled one is STATUS:CANCELLED with a new SEQUENCE.
 */
export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  geo?: { latitude: number; longitude: number } | null;
  url?: string | null;
  status?: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
  /** Raised when the event is cancelled, so calendar apps take the change over what they have (RFC 5545). */
  sequence?: number;
  updatedAt?: Date | null;
}

export const icsTime = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * TEXT values: backslash, semicolon and comma escaped; every form of line break (CRLF, a bare CR, LF) written as
 * `\n`, and every other control character dropped, so no stored text can end a content line (review L-N2).
 */
export const icsText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((char) => !isControlCharacter(char))
    .join('');

/** Folds a content line at 75 octets (never inside a UTF-8 sequence). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function writeIcs(calendar: { name: string; events: IcsEvent[]; now?: Date }): string {
  const stamp = icsTime(calendar.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cordata//Cordata//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(calendar.name)}`,
  ];
  for (const e of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}@cordata`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(e.start)}`,
      `DTEND:${icsTime(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
    if (e.geo) lines.push(`GEO:${e.geo.latitude.toFixed(6)};${e.geo.longitude.toFixed(6)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    if (e.updatedAt) lines.push(`LAST-MODIFIED:${icsTime(e.updatedAt)}`);
    if (e.sequence) lines.push(`SEQUENCE:${e.sequence}`);
    lines.push(`STATUS:${e.status ?? 'CONFIRMED'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * The meeting place a reader may see (docs/privacy.md): the start when they may see it (`exact`,
 * activityRules.exactPointVisible), else the centre of the approximate meeting area; null when the organiser's
 * privacy zones (`organiserZones`, as zonesFor gives them for this reader) may hold the start.
 */
export type IcsPlace = { latitude: number; longitude: number; exact: boolean } | null;

export function icsPlace(
  a: { startLatitude: number; startLongitude: number; areaLatitude: number | null; areaLongitude: number | null },
  exact: boolean,
  organiserZones: readonly ZoneCircle[],
): IcsPlace {
  if (exact) {
    const start = { latitude: a.startLatitude, longitude: a.startLongitude };
    return isInsideZones(start, organiserZones) ? null : { ...start, exact };
  }
  // The trigger activities_meeting_area fills the centre on every write.
  const area = { latitude: a.areaLatitude!, longitude: a.areaLongitude!, radiusMetres: MEETING_AREA_RADIUS_METRES };
  return mayHoldHiddenStart(area, organiserZones)
    ? null
    : { latitude: area.latitude, longitude: area.longitude, exact };
}

const coordinates = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;

/**
 * The LOCATION calendar apps show and hand to their maps: the start's address, or its coordinates when it has
 * none; for the approximate meeting area, the area's centre and radius and never the address, which names the
 * start itself.
 */
function location(address: string | null, place: NonNullable<IcsPlace>): string {
  if (place.exact) return address?.trim() || coordinates(place);
  return `${coordinates(place)} (± ${MEETING_AREA_RADIUS_METRES} m)`;
}

/** An activity as a calendar event: the one mapping every feed and file uses. */
export function activityEvent(
  a: {
    id: string;
    name: string;
    startsAt: Date;
    endsAt: Date;
    description: string | null;
    startAddress: string | null;
    startLatitude: number;
    startLongitude: number;
    totalDistance: number;
    totalElevationGain: number | null;
    updatedAt: Date;
    cancelledAt?: Date | null;
  },
  appUrl: string | undefined,
  /** What the reader may see of the meeting place (icsPlace); null: no place, no coordinates. */
  place: IcsPlace,
): IcsEvent {
  // The route's length and climb, in symbols every calendar's reader understands, so a route switched for the
  // weather (docs/weather.md) shows in the feed beside its new start point.
  const km = `${(a.totalDistance / 1000).toFixed(1)} km`;
  const route = a.totalElevationGain === null ? km : `${km} · ↑ ${Math.round(a.totalElevationGain)} m`;
  return {
    status: a.cancelledAt ? 'CANCELLED' : 'CONFIRMED',
    sequence: a.cancelledAt ? 1 : 0,
    uid: a.id,
    start: a.startsAt,
    end: a.endsAt,
    summary: a.name,
    description: a.description ? `${a.description}\n\n${route}` : route,
    location: place && location(a.startAddress, place),
    geo: place && { latitude: place.latitude, longitude: place.longitude },
    url: appUrl === undefined ? null : `${appUrl.replace(/\/$/, '')}/view-activity/${a.id}`,
    updatedAt: a.updatedAt,
  };
}
