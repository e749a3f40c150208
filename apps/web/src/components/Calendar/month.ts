import { startOfWeek } from '../../i18n/dates.ts';

/** A local calendar day as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The weeks (Monday first) that show a month: whole weeks, with days of the months around it. */
export function monthGrid(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1);
  const last = new Date(year, month + 1, 0);
  const weeks: Date[][] = [];
  let day = startOfWeek(first);
  while (day <= last) {
    const week: Date[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Spec §7: a day's list asks for the day's start and end in UTC. */
export function utcDayBounds(day: string): { startDate: string; endDate: string } {
  return { startDate: `${day}T00:00:00.000Z`, endDate: `${day}T23:59:59.999Z` };
}

/** UTC bounds from the first to the last day shown. */
export function utcRangeBounds(firstDay: string, lastDay: string): { startDate: string; endDate: string } {
  return { startDate: utcDayBounds(firstDay).startDate, endDate: utcDayBounds(lastDay).endDate };
}
