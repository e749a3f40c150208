import { parseRule, RULE_LIMITS, weekdayOf } from '@cordata/contract';
import { WEEKDAYS, type Weekday } from '@cordata/contract/enums';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../i18n/dates.ts';

/** The "Repeats" choices of the create wizard (docs/series.md), turned into an RRULE of the supported subset. */
export interface RepeatDraft {
  freq: 'NONE' | 'DAILY' | 'WEEKLY' | 'MONTHLY';
  /** WEEKLY: the days; empty means the first date's weekday. */
  weekdays: Weekday[];
  /** MONTHLY: the nth weekday of the first date ("first Sunday"), or its day of the month. */
  monthlyBy: 'WEEKDAY' | 'DAY';
  /** NEVER: no end (the server keeps 12 weeks of dates ahead). */
  ends: 'NEVER' | 'UNTIL' | 'COUNT';
  until: string;
  count: string;
}

export const noRepeat = (): RepeatDraft => ({
  freq: 'NONE',
  weekdays: [],
  monthlyBy: 'WEEKDAY',
  ends: 'NEVER',
  until: '',
  count: '',
});

/** The nth weekday of its month a day is (1–4), or -1 when it is the last one (a fifth is always the last). */
export function weekdayOrdinal(date: string): number {
  const day = Number(date.slice(8, 10));
  const n = Math.ceil(day / 7);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return day + 7 > daysInMonth ? (n >= 4 ? -1 : n) : n;
}

export type RepeatProblem = 'weekdays' | 'until' | 'count';

/** What is wrong with the repeat choices, for a series starting on `date`. */
export function repeatProblems(r: RepeatDraft, date: string): RepeatProblem[] {
  if (r.freq === 'NONE') return [];
  const problems: RepeatProblem[] = [];
  if (r.ends === 'UNTIL' && (!/^\d{4}-\d{2}-\d{2}$/.test(r.until) || (date && r.until < date))) problems.push('until');
  const count = Number(r.count);
  if (r.ends === 'COUNT' && !(Number.isInteger(count) && count >= 1 && count <= RULE_LIMITS.maxCount))
    problems.push('count');
  return problems;
}

/** The RRULE for the choices, from the first date `date`; null when the activity does not repeat. */
export function repeatRule(r: RepeatDraft, date: string): string | null {
  if (r.freq === 'NONE' || !date) return null;
  const parts = [`FREQ=${r.freq}`];
  if (r.freq === 'WEEKLY') {
    const days = r.weekdays.length ? WEEKDAYS.filter((d) => r.weekdays.includes(d)) : [weekdayOf(date)];
    parts.push(`BYDAY=${days.join(',')}`);
  }
  if (r.freq === 'MONTHLY' && r.monthlyBy === 'WEEKDAY') parts.push(`BYDAY=${weekdayOrdinal(date)}${weekdayOf(date)}`);
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
  new Intl.ListFormat(language === 'it' ? 'it' : 'en', { type: 'conjunction' }).format(items);

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
    const nth = parsed.byDay.find((d) => d.ordinal !== null) ?? parsed.byDay[0];
    const ordinal = nth?.ordinal ?? (parsed.bySetPos[0] as number | undefined);
    if (nth && ordinal !== undefined) {
      const key = nth.weekday === 'SU' ? 'series.ordinalsFeminine' : 'series.ordinals';
      text = t('series.summary.monthlyNth', {
        time,
        ordinal: t(`${key}.${ordinal}`),
        weekday: weekdayName(nth.weekday, language),
      });
    } else text = t('series.summary.monthlyDay', { time, day: Number(startDate.slice(8, 10)) });
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
