import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLongDate, weekdayNames } from '../../i18n/dates.ts';
import { Icon } from '../Icon.tsx';
import { dayKey, monthGrid } from './month.ts';
import './MonthCalendar.css';

/** The shown month and the chosen day of a month calendar, starting at today. */
export function useMonthCalendar() {
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selected, setSelected] = useState(dayKey(today));
  const weeks = useMemo(() => monthGrid(month.year, month.month), [month]);
  /** Another month: its chosen day is today when it holds today, else its first day (never a day out of view). */
  const move = (delta: number) => {
    const d = new Date(month.year, month.month + delta, 1);
    const holdsToday = d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth();
    setMonth({ year: d.getFullYear(), month: d.getMonth() });
    setSelected(dayKey(holdsToday ? today : d));
  };
  return {
    ...month,
    weeks,
    /** The first and last day the grid shows (days of the months around it included). */
    firstShown: dayKey(weeks[0]![0]!),
    lastShown: dayKey(weeks[weeks.length - 1]![6]!),
    /** The first and last day of the month itself. */
    firstOfMonth: dayKey(new Date(month.year, month.month, 1)),
    lastOfMonth: dayKey(new Date(month.year, month.month + 1, 0)),
    selected,
    select: setSelected,
    move,
  };
}

export type MonthCalendarState = ReturnType<typeof useMonthCalendar>;

interface MonthCalendarProps {
  calendar: MonthCalendarState;
  /** How many activities a day (YYYY-MM-DD) has: a dot marks the days with some. */
  countOf: (day: string) => number;
  /** Put before every test id, so that two calendars can tell theirs apart ('' or 'group-'). */
  testIdPrefix?: string;
  /** Shown between the month's title and its grid. */
  children?: ReactNode;
}

/**
 * A month of days, weeks from Monday, with the month's name and the weekdays in the app's language,
 * a dot on each day that has activities; a tap chooses the day.
 */
export function MonthCalendar({ calendar, countOf, testIdPrefix = '', children }: MonthCalendarProps) {
  const { t, i18n } = useTranslation();
  const todayKey = dayKey(new Date());
  const id = (name: string) => `${testIdPrefix}${name}`;
  return (
    <>
      <div className="month-head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.previousMonth')}
          data-testid={id('month-previous')}
          onClick={() => calendar.move(-1)}
        >
          <Icon name="back" />
        </button>
        <h2 data-testid={id('month-title')}>
          {formatDate(new Date(calendar.year, calendar.month, 1), i18n.language, { month: 'long', year: 'numeric' })}
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.nextMonth')}
          data-testid={id('month-next')}
          onClick={() => calendar.move(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      {children}
      <table className="month-grid" data-testid={id('month-grid')}>
        <thead>
          <tr>
            {weekdayNames(i18n.language).map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                const key = dayKey(day);
                const count = countOf(key);
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className="month-day"
                      data-testid={id(`day-${key}`)}
                      data-outside={day.getMonth() !== calendar.month || undefined}
                      data-today={key === todayKey || undefined}
                      aria-pressed={key === calendar.selected}
                      aria-label={`${formatLongDate(day, i18n.language)}${count ? `, ${t('activity.calendar.dayCount', { count })}` : ''}`}
                      onClick={() => calendar.select(key)}
                    >
                      {day.getDate()}
                      {count > 0 && <span className="day-dot" data-testid={id('day-dot')} aria-hidden="true" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
