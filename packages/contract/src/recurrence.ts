/**
 * The RRULE subset of activity series (issue 22), parsed and expanded the same way by the server and the app:
 * FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL, BYDAY (with ordinals such as 1SU or -1FR for MONTHLY), BYSETPOS,
 * COUNT and UNTIL (RFC 5545 §3.3.10), plus EXDATE days. Dates are local calendar days (YYYY-MM-DD) of the
 * activity's time zone: the expander never looks at instants, so 18:30 stays 18:30 local across daylight-saving
 * changes (the server turns each day and the start time into an instant in the zone).
 *
 * Deliberate choices where RFC 5545 leaves room or says otherwise:
 * - the series' first day (DTSTART) counts only when the rule produces it (Google Calendar does the same);
 * - weeks start on Monday (WKST=MO, the default; other WKST values are refused);
 * - COUNT counts the days the rule makes, EXDATE days included (RFC 5545: EXDATE is removed afterwards);
 * - UNTIL is a day (YYYYMMDD, inclusive) or a UTC instant (YYYYMMDDTHHMMSSZ): an instant keeps the days whose
 *   start is not after it.
 */
import { WEEKDAYS, type Weekday } from './enums.ts';

export const SERIES_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const RULE_LIMITS = {
  maxInterval: 99,
  maxCount: 730,
  /** A series ends at most this many days after its first day (UNTIL), and EXDATEs fall within it. */
  maxSpanDays: 3 * 366,
  maxExDates: 200,
  maxLength: 200,
} as const;

export interface ByDay {
  weekday: Weekday;
  /** 1..5 or -1..-5 (MONTHLY only): the nth such weekday of the month, from its end when negative. */
  ordinal: number | null;
}

export interface Rule {
  freq: SeriesFrequency;
  interval: number;
  byDay: ByDay[];
  bySetPos: number[];
  count: number | null;
  until: { day: string } | { instant: string } | null;
}

export type RuleErrorCode = 'SERIES_RULE_INVALID' | 'SERIES_RULE_UNSUPPORTED';

export class RuleError extends Error {
  constructor(
    readonly code: RuleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new RuleError('SERIES_RULE_INVALID', message);
const unsupported = (message: string) => new RuleError('SERIES_RULE_UNSUPPORTED', message);

/** Parts of RFC 5545 that series do not take: a clear "not supported" rather than a silent misreading. */
const KNOWN_UNSUPPORTED = [
  'BYSECOND',
  'BYMINUTE',
  'BYHOUR',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'RSCALE',
  'SKIP',
];

const intIn = (text: string, min: number, max: number, part: string) => {
  if (!/^[+-]?\d{1,4}$/.test(text)) throw invalid(`${part} must be a whole number`);
  const n = Number(text);
  if (n < min || n > max) throw invalid(`${part} must be between ${min} and ${max}`);
  return n;
};

/** Parses an RRULE value ("FREQ=WEEKLY;BYDAY=TU", an optional "RRULE:" in front); throws a RuleError. */
export function parseRule(text: string): Rule {
  if (typeof text !== 'string' || !text.trim()) throw invalid('The rule is empty');
  if (text.length > RULE_LIMITS.maxLength) throw invalid(`The rule is longer than ${RULE_LIMITS.maxLength} characters`);
  const body = text.trim().replace(/^RRULE:/i, '');
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(piece);
    if (!match) throw invalid(`"${piece}" is not NAME=VALUE`);
    const name = match[1]!.toUpperCase();
    if (parts.has(name)) throw invalid(`${name} is given twice`);
    parts.set(name, match[2]!.toUpperCase());
  }
  for (const name of parts.keys()) {
    if (KNOWN_UNSUPPORTED.includes(name)) throw unsupported(`${name} is not supported in a series`);
    if (name === 'WKST') {
      if (parts.get(name) !== 'MO') throw unsupported('Weeks start on Monday (WKST=MO)');
      continue;
    }
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYSETPOS', 'COUNT', 'UNTIL'].includes(name))
      throw invalid(`${name} is not a part of a recurrence rule`);
  }
  const freqText = parts.get('FREQ');
  if (!freqText) throw invalid('FREQ is required');
  if (['YEARLY', 'HOURLY', 'MINUTELY', 'SECONDLY'].includes(freqText))
    throw unsupported(`FREQ=${freqText} is not supported: use DAILY, WEEKLY or MONTHLY`);
  if (!(SERIES_FREQUENCIES as readonly string[]).includes(freqText)) throw invalid(`FREQ=${freqText} is not valid`);
  const freq = freqText as SeriesFrequency;

  const interval = parts.has('INTERVAL') ? intIn(parts.get('INTERVAL')!, 1, RULE_LIMITS.maxInterval, 'INTERVAL') : 1;

  const byDay: ByDay[] = [];
  if (parts.has('BYDAY')) {
    for (const item of parts.get('BYDAY')!.split(',')) {
      const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
      if (!match || !(WEEKDAYS as readonly string[]).includes(match[2]!))
        throw invalid(`BYDAY "${item}" is not a weekday`);
      const ordinal = match[1] === undefined ? null : Number(match[1]);
      if (ordinal !== null) {
        if (freq !== 'MONTHLY') throw invalid('Numbered weekdays (such as 1SU) need FREQ=MONTHLY');
        if (ordinal === 0 || ordinal < -5 || ordinal > 5)
          throw invalid(`BYDAY "${item}": the number must be 1 to 5 or -1 to -5`);
      }
      const entry = { weekday: match[2] as Weekday, ordinal };
      if (byDay.some((d) => d.weekday === entry.weekday && d.ordinal === entry.ordinal))
        throw invalid(`BYDAY "${item}" is given twice`);
      byDay.push(entry);
    }
  }

  const bySetPos: number[] = [];
  if (parts.has('BYSETPOS')) {
    if (!byDay.length) throw invalid('BYSETPOS needs BYDAY');
    for (const item of parts.get('BYSETPOS')!.split(',')) {
      const n = intIn(item, -31, 31, 'BYSETPOS');
      if (n === 0) throw invalid('BYSETPOS must not be 0');
      if (!bySetPos.includes(n)) bySetPos.push(n);
    }
  }

  if (parts.has('COUNT') && parts.has('UNTIL')) throw invalid('Give COUNT or UNTIL, not both');
  const count = parts.has('COUNT') ? intIn(parts.get('COUNT')!, 1, RULE_LIMITS.maxCount, 'COUNT') : null;
  let until: Rule['until'] = null;
  if (parts.has('UNTIL')) {
    const value = parts.get('UNTIL')!;
    const day = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    const instant = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
    if (day && validDay(`${day[1]}-${day[2]}-${day[3]}`)) until = { day: `${day[1]}-${day[2]}-${day[3]}` };
    else if (
      instant &&
      validDay(`${instant[1]}-${instant[2]}-${instant[3]}`) &&
      Number(instant[4]) < 24 &&
      Number(instant[5]) < 60 &&
      Number(instant[6]) < 60
    )
      until = { instant: `${instant[1]}-${instant[2]}-${instant[3]}T${instant[4]}:${instant[5]}:${instant[6]}Z` };
    else throw invalid('UNTIL must be a day (YYYYMMDD) or a UTC time (YYYYMMDDTHHMMSSZ)');
  }
  return { freq, interval, byDay, bySetPos, count, until };
}

/** The canonical text of a rule (what the server stores and answers). */
export function formatRule(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal ?? ''}${d.weekday}`).join(',')}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until) {
    parts.push(
      'day' in rule.until
        ? `UNTIL=${rule.until.day.replace(/-/g, '')}`
        : `UNTIL=${rule.until.instant.replace(/[-:]/g, '')}`,
    );
  }
  return parts.join(';');
}

// Calendar days as whole numbers (days since 1970-01-01), read in UTC so that no time zone enters.
const MS_DAY = 86_400_000;
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / MS_DAY;
}
export const dayText = (n: number) => new Date(n * MS_DAY).toISOString().slice(0, 10);
export function validDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return dayText(dayNumber(day)) === day;
}
/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (n: number) => (new Date(n * MS_DAY).getUTCDay() + 6) % 7;
export const weekdayOf = (day: string): Weekday => WEEKDAYS[weekdayIndex(dayNumber(day))]!;
const monthIndex = (n: number) => {
  const d = new Date(n * MS_DAY);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const firstOfMonth = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1) / MS_DAY;
const daysInMonth = (month: number) => firstOfMonth(month + 1) - firstOfMonth(month);

/** The days one period (a day, a week from Monday, a month) gives, before BYSETPOS, sorted. */
function periodDays(rule: Rule, first: number, period: number): number[] {
  const startWeekday = weekdayIndex(first);
  const wanted = (n: number) =>
    rule.byDay.some((d) => d.ordinal === null && WEEKDAYS.indexOf(d.weekday) === weekdayIndex(n));
  if (rule.freq === 'DAILY') {
    const day = first + period * rule.interval;
    return !rule.byDay.length || wanted(day) ? [day] : [];
  }
  if (rule.freq === 'WEEKLY') {
    const monday = first - startWeekday + period * rule.interval * 7;
    const weekdays = rule.byDay.length ? rule.byDay.map((d) => WEEKDAYS.indexOf(d.weekday)) : [startWeekday];
    return [...new Set(weekdays)].sort((a, b) => a - b).map((w) => monday + w);
  }
  const month = monthIndex(first) + period * rule.interval;
  const start = firstOfMonth(month);
  const length = daysInMonth(month);
  if (!rule.byDay.length) {
    const dayOfMonth = new Date(first * MS_DAY).getUTCDate();
    return dayOfMonth <= length ? [start + dayOfMonth - 1] : [];
  }
  const days = new Set<number>();
  for (const { weekday, ordinal } of rule.byDay) {
    const w = WEEKDAYS.indexOf(weekday);
    const firstSuch = start + ((w - weekdayIndex(start) + 7) % 7);
    const all: number[] = [];
    for (let d = firstSuch; d < start + length; d += 7) all.push(d);
    if (ordinal === null) for (const d of all) days.add(d);
    else {
      const pick = ordinal > 0 ? all[ordinal - 1] : all[all.length + ordinal];
      if (pick !== undefined) days.add(pick);
    }
  }
  return [...days].sort((a, b) => a - b);
}

function setPositions(days: number[], positions: number[]): number[] {
  if (!positions.length) return days;
  const picked = new Set<number>();
  for (const p of positions) {
    const day = p > 0 ? days[p - 1] : days[days.length + p];
    if (day !== undefined) picked.add(day);
  }
  return [...picked].sort((a, b) => a - b);
}

export interface ExpandOptions {
  /** The series' first day (DTSTART), YYYY-MM-DD. */
  start: string;
  /** The last day wanted (inclusive): expansion stops there. */
  to: string;
  /** Days to leave out (EXDATE). */
  exDates?: readonly string[];
  /** The start instant (ms) of a day: needed only when UNTIL is an instant. */
  startsAt?: (day: string) => number;
}

/**
 * The series' days from its first day up to `to` inclusive, EXDATEs left out. `exhausted` says the rule makes no
 * day after `to` (COUNT reached or UNTIL passed), so nobody needs to look again.
 */
export function expandRule(rule: Rule, options: ExpandOptions): { days: string[]; exhausted: boolean } {
  const first = dayNumber(options.start);
  const to = dayNumber(options.to);
  const excluded = new Set(options.exDates ?? []);
  let lastDay = Number.POSITIVE_INFINITY;
  if (rule.until && 'day' in rule.until) lastDay = dayNumber(rule.until.day);
  const untilMs = rule.until && 'instant' in rule.until ? Date.parse(rule.until.instant) : null;
  if (untilMs !== null && !options.startsAt) throw new Error('expandRule: startsAt is needed for an UNTIL instant');
  if (untilMs !== null) lastDay = Math.floor(untilMs / MS_DAY) + 1; // a bound; each day is checked below
  const days: string[] = [];
  let made = 0;
  // Periods (a day, a week, a month) in order; stop once one begins after `to` or after the last day.
  for (let period = 0; ; period++) {
    const candidates = setPositions(periodDays(rule, first, period), rule.bySetPos);
    const periodStart =
      rule.freq === 'DAILY'
        ? first + period * rule.interval
        : rule.freq === 'WEEKLY'
          ? first - weekdayIndex(first) + period * rule.interval * 7
          : firstOfMonth(monthIndex(first) + period * rule.interval);
    if (periodStart > to || periodStart > lastDay) return { days, exhausted: periodStart > lastDay };
    for (const day of candidates) {
      if (day < first) continue;
      if (day > lastDay) return { days, exhausted: true };
      const text = dayText(day);
      if (untilMs !== null && options.startsAt!(text) > untilMs) return { days, exhausted: true };
      if (day > to) return { days, exhausted: false };
      made++;
      if (!excluded.has(text)) days.push(text);
      if (rule.count !== null && made >= rule.count) return { days, exhausted: true };
    }
  }
}

/**
 * Checks a series: its rule, its EXDATEs (each one of its days) and that it has at least one day; answers the
 * canonical rule and its first day. Throws a RuleError (a rule without any day is SERIES_RULE_INVALID).
 */
export function checkSeries(
  text: string,
  start: string,
  exDates: readonly string[],
  startsAt?: (day: string) => number,
): { rule: Rule; canonical: string; firstDay: string } {
  const rule = parseRule(text);
  const span = dayText(dayNumber(start) + RULE_LIMITS.maxSpanDays);
  if (rule.until) {
    const untilDay = 'day' in rule.until ? rule.until.day : rule.until.instant.slice(0, 10);
    if (untilDay > span) throw invalid(`UNTIL must be within ${RULE_LIMITS.maxSpanDays} days of the first day`);
  }
  if (rule.until && 'instant' in rule.until && !startsAt) throw invalid('UNTIL as a time needs the start time');
  const sortedEx = [...new Set(exDates)].sort();
  if (sortedEx.length > RULE_LIMITS.maxExDates) throw invalid(`At most ${RULE_LIMITS.maxExDates} exceptions`);
  const lastEx = sortedEx[sortedEx.length - 1];
  const { days } = expandRule(rule, { start, to: lastEx && lastEx > span ? lastEx : span, startsAt });
  const all = new Set(days);
  for (const ex of sortedEx) {
    if (!all.has(ex)) throw invalid(`${ex} is not one of the series' days, so it cannot be an exception`);
  }
  const firstDay = days.find((d) => !sortedEx.includes(d));
  if (!firstDay) throw new RuleError('SERIES_RULE_INVALID', 'This rule gives no date at all');
  return { rule, canonical: formatRule(rule), firstDay };
}
