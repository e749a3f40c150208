import type { Language } from '@cordata/contract';
import { DATE_LOCALE, INTL_LOCALES, WEEK_STARTS_ON } from '../contract.ts';

/** Dates follow the Italian conventions (day first, 24-hour clock, weeks from Monday) in every language (INTL_LOCALES). */
export function dateLocale(language: Language | string = DATE_LOCALE): string {
  return INTL_LOCALES[language as Language] ?? INTL_LOCALES.it;
}

export function formatDate(date: Date, language?: Language | string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(
    dateLocale(language),
    options ?? { day: '2-digit', month: '2-digit', year: 'numeric' },
  ).format(date);
}

export function formatTime(date: Date, language?: Language | string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    date,
  );
}

/** A moment: the short date and the 24-hour time, "27/11/2026 09:00". */
export const formatDateTime = (date: Date, language?: Language | string) =>
  `${formatDate(date, language)} ${formatTime(date, language)}`;

export function formatLongDate(date: Date, language?: Language | string): string {
  return formatDate(date, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** The Monday (local time) of the week `date` falls in. */
export function startOfWeek(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (d.getDay() - WEEK_STARTS_ON + 7) % 7;
  d.setDate(d.getDate() - offset);
  return d;
}

/** Short weekday names, Monday first. */
export function weekdayNames(language?: Language | string): string[] {
  const monday = startOfWeek(new Date(2024, 0, 3));
  const fmt = new Intl.DateTimeFormat(dateLocale(language), { weekday: 'short' });
  return Array.from({ length: 7 }, (_, i) =>
    fmt.format(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i)),
  );
}

/** Hours and minutes, the way spec §9 shows durations ("2 h 05 min"). */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
