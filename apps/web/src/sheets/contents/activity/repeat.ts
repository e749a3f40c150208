import {
  dayNumber,
  dayText,
  expandRule,
  parseRule,
  RULE_LIMITS,
  type Rule,
  type SeriesRef,
  weekdayOf,
} from '@cordata/contract';
import { WEEKDAYS, type Weekday } from '@cordata/contract/enums';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../i18n/dates.ts';

/** The "Repeats" choices of the create wizard (docs/series.md), turned into an RRULE of the supported subset. */
export interface RepeatDraft {
  freq: 'NONE' | 'DAILY' | 'WEEKLY' | 'MONTHLY';
  /** Every how many days, weeks or months (INTERVAL), as typed; empty is 1. */
  interval: string;
  /** WEEKLY: the days; empty means the first date's weekday. */
  weekdays: Weekday[];
  /**
   * MONTHLY: the nth weekday of the first date ("first Sunday"), its day of the month, or (RULE) the days an existing
   * series already picks and the other two cannot say ("the last weekday of the month"), kept in `monthlyRule`.
   */
  monthlyBy: 'WEEKDAY' | 'DAY' | 'RULE';
  /** With monthlyBy RULE: the series' own BYDAY (and BYSETPOS) parts, "BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1". */
  monthlyRule: string;
  /** NEVER: no end (the server keeps 12 weeks of dates ahead). */
  ends: 'NEVER' | 'UNTIL' | 'COUNT';
  until: string;
  count: string;
  /** Days of the rule left out (EXDATE): an edited series keeps its exceptions from the edited date on. */
  exDates: string[];
}

export const noRepeat = (): RepeatDraft => ({
  freq: 'NONE',
  interval: '',
  weekdays: [],
  monthlyBy: 'WEEKDAY',
  monthlyRule: '',
  ends: 'NEVER',
  until: '',
  count: '',
  exDates: [],
});

/** The BYDAY and BYSETPOS parts of a parsed rule, as an RRULE writes them ("BYDAY=-1FR", "BYDAY=SU;BYSETPOS=1"). */
function dayParts(rule: Rule): string {
  const parts: string[] = [];
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.ordinal ?? ''}${d.weekday}`).join(',')}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  return parts.join(';');
}

/** The one weekday a monthly rule picks with its ordinal ("1SU", or "SU" with BYSETPOS=1), or null. */
function monthlyNth(rule: Rule): string | null {
  if (rule.byDay.length !== 1) return null;
  const [only] = rule.byDay as [Rule['byDay'][number]];
  if (only.ordinal !== null && !rule.bySetPos.length) return `${only.ordinal}${only.weekday}`;
  if (only.ordinal === null && rule.bySetPos.length === 1) return `${rule.bySetPos[0]}${only.weekday}`;
  return null;
}

/**
 * The repeat choices of a series as it repeats now, for an edit of its dates from `date` on (docs/series.md): the
 * person changes what they want instead of starting from defaults. A COUNT becomes the dates the rule still makes
 * from `date` on (the new rule counts from there), and the exceptions are those from `date` on.
 */
export function repeatFromSeries(series: Pick<SeriesRef, 'rule' | 'startDate' | 'exDates'>, date: string): RepeatDraft {
  let rule: Rule;
  try {
    rule = parseRule(series.rule);
  } catch {
    return { ...noRepeat(), freq: 'WEEKLY' };
  }
  const draft: RepeatDraft = {
    ...noRepeat(),
    freq: rule.freq,
    interval: rule.interval > 1 ? String(rule.interval) : '',
    exDates: series.exDates.filter((d) => d >= date).sort(),
  };
  if (rule.freq === 'WEEKLY') {
    const days = rule.byDay.map((d) => d.weekday);
    // The edited date's own weekday alone is what an empty choice means.
    draft.weekdays = days.length === 1 && days[0] === weekdayOf(date) ? [] : WEEKDAYS.filter((d) => days.includes(d));
  }
  if (rule.freq === 'MONTHLY') {
    const nth = monthlyNth(rule);
    if (!rule.byDay.length && Number(date.slice(8, 10)) === Number(series.startDate.slice(8, 10)))
      draft.monthlyBy = 'DAY';
    else if (nth !== null && nth === `${weekdayOrdinal(date)}${weekdayOf(date)}`) draft.monthlyBy = 'WEEKDAY';
    else if (rule.byDay.length) {
      draft.monthlyBy = 'RULE';
      draft.monthlyRule = dayParts(rule);
    } else draft.monthlyBy = 'DAY';
  }
  if (rule.count !== null) {
    const { days } = expandRule(rule, {
      start: series.startDate,
      to: dayText(dayNumber(series.startDate) + RULE_LIMITS.maxSpanDays),
    });
    draft.ends = 'COUNT';
    draft.count = String(Math.max(1, days.filter((d) => d >= date).length));
  } else if (rule.until) {
    draft.ends = 'UNTIL';
    draft.until = 'day' in rule.until ? rule.until.day : rule.until.instant.slice(0, 10);
  }
  return draft;
}

/**
 * The exceptions to send with a rule: those of the choices that are days of the rule from `date` on (the server
 * refuses any other); a changed rule drops the ones it no longer makes.
 */
export function repeatExDates(r: RepeatDraft, date: string, rule: string): string[] {
  if (!r.exDates.length) return [];
  try {
    const parsed = parseRule(rule);
    const last = r.exDates.reduce((a, b) => (a > b ? a : b));
    const { days } = expandRule(parsed, { start: date, to: last, startsAt: (d) => Date.parse(`${d}T12:00:00Z`) });
    const ruleDays = new Set(days);
    return r.exDates.filter((d) => ruleDays.has(d));
  } catch {
    return [];
  }
}

/** The nth weekday of its month a day is (1–4), or -1 when it is the last one (a fifth is always the last). */
export function weekdayOrdinal(date: string): number {
  const day = Number(date.slice(8, 10));
  const n = Math.ceil(day / 7);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return day + 7 > daysInMonth ? (n >= 4 ? -1 : n) : n;
}

export type RepeatProblem = 'weekdays' | 'until' | 'count' | 'interval';

/** What is wrong with the repeat choices, for a series starting on `date`. */
export function repeatProblems(r: RepeatDraft, date: string): RepeatProblem[] {
  if (r.freq === 'NONE') return [];
  const problems: RepeatProblem[] = [];
  if (r.ends === 'UNTIL' && (!/^\d{4}-\d{2}-\d{2}$/.test(r.until) || (date && r.until < date))) problems.push('until');
  const interval = Number(r.interval || '1');
  if (!(Number.isInteger(interval) && interval >= 1 && interval <= RULE_LIMITS.maxInterval)) problems.push('interval');
  const count = Number(r.count);
  if (r.ends === 'COUNT' && !(Number.isInteger(count) && count >= 1 && count <= RULE_LIMITS.maxCount))
    problems.push('count');
  return problems;
}

/** The RRULE for the choices, from the first date `date`; null when the activity does not repeat. */
export function repeatRule(r: RepeatDraft, date: string): string | null {
  if (r.freq === 'NONE' || !date) return null;
  const parts = [`FREQ=${r.freq}`];
  const interval = Number(r.interval || '1');
  if (Number.isInteger(interval) && interval > 1) parts.push(`INTERVAL=${interval}`);
  if (r.freq === 'WEEKLY') {
    const days = r.weekdays.length ? WEEKDAYS.filter((d) => r.weekdays.includes(d)) : [weekdayOf(date)];
    parts.push(`BYDAY=${days.join(',')}`);
  }
  if (r.freq === 'MONTHLY' && r.monthlyBy === 'WEEKDAY') parts.push(`BYDAY=${weekdayOrdinal(date)}${weekdayOf(date)}`);
  if (r.freq === 'MONTHLY' && r.monthlyBy === 'RULE' && r.monthlyRule) parts.push(r.monthlyRule);
  if (r.ends === 'UNTIL' && r.until) parts.push(`UNTIL=${r.until.replace(/-/g, '')}`);
  if (r.ends === 'COUNT' && r.count) parts.push(`COUNT=${Number(r.count)}`);
  return parts.join(';');
}

/** A weekday's name ("Tuesday", "martedì"), from 2024-01-01, a Monday. */
export function weekdayName(day: Weekday, language: string, width: 'long' | 'short' = 'long') {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  return formatDate(date, language, { weekday: width, timeZone: 'UTC' });
}

const list = (items: string[], language: string) =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/**
 * A rule as people read it: "Every Tuesday at 18:30, until 20 Dec", "Ogni prima domenica del mese alle 09:00". The
 * rule is the server's canonical one (or the wizard's), from the series' first day `startDate`.
 */
export function describeRule(rule: string, startDate: string, startTime: string, t: TFunction, language: string) {
  let parsed: ReturnType<typeof parseRule>;
  try {
    parsed = parseRule(rule);
  } catch {
    return '';
  }
  const time = startTime;
  let text: string;
  if (parsed.freq === 'DAILY') {
    text =
      parsed.interval === 1
        ? t('series.summary.daily', { time })
        : t('series.summary.dailyEvery', { time, count: parsed.interval });
  } else if (parsed.freq === 'WEEKLY') {
    const days = (parsed.byDay.length ? parsed.byDay.map((d) => d.weekday) : [weekdayOf(startDate)]).map((d) =>
      weekdayName(d, language),
    );
    text =
      parsed.interval === 1
        ? t('series.summary.weekly', { time, days: list(days, language) })
        : t('series.summary.weeklyEvery', { time, days: list(days, language), count: parsed.interval });
  } else {
    text = describeMonthly(parsed, startDate, time, t, language);
    if (parsed.interval > 1) text = t('series.summary.everyMonths', { rule: text, count: parsed.interval });
  }
  if (parsed.count !== null) return t('series.summary.count', { rule: text, count: parsed.count });
  if (parsed.until) {
    const day = 'day' in parsed.until ? parsed.until.day : parsed.until.instant.slice(0, 10);
    const date = formatDate(new Date(`${day}T12:00:00Z`), language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return t('series.summary.until', { rule: text, date });
  }
  return text;
}

/** An ordinal as a word ("first", "prima"), or its number past the named ones (BYSETPOS may go to 31). */
function ordinalText(n: number, feminine: boolean, t: TFunction) {
  return t(`${feminine ? 'series.ordinalsFeminine' : 'series.ordinals'}.${n}`, { defaultValue: `${n}°` });
}

/** Which days of the month a monthly rule picks, as people read it. */
function describeMonthly(parsed: Rule, startDate: string, time: string, t: TFunction, language: string) {
  const nth = monthlyNth(parsed);
  if (nth !== null) {
    const weekday = nth.slice(-2) as Weekday;
    return t('series.summary.monthlyNth', {
      time,
      ordinal: ordinalText(Number(nth.slice(0, -2)), weekday === 'SU', t),
      weekday: weekdayName(weekday, language),
    });
  }
  if (!parsed.byDay.length) return t('series.summary.monthlyDay', { time, day: Number(startDate.slice(8, 10)) });
  if (parsed.bySetPos.length === 1 && parsed.byDay.every((d) => d.ordinal === null)) {
    // "The last of Monday … Friday": the last weekday of the month.
    const days = parsed.byDay.map((d) => weekdayName(d.weekday, language));
    return t('series.summary.monthlySetPos', {
      time,
      ordinal: ordinalText(parsed.bySetPos[0]!, false, t),
      days: new Intl.ListFormat(language, { type: 'disjunction' }).format(days),
    });
  }
  const items = parsed.byDay.map((d) =>
    d.ordinal === null
      ? weekdayName(d.weekday, language)
      : `${ordinalText(d.ordinal, d.weekday === 'SU', t)} ${weekdayName(d.weekday, language)}`,
  );
  return t('series.summary.monthlyDays', { time, days: list(items, language) });
}
