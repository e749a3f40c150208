import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLongDate, weekdayNames } from '../../i18n/dates.ts';
import { dayKey, monthGrid, utcRangeBounds } from '../../screens/Calendar/month.ts';
import { useCountGroupActivitiesQuery, useGroupActivitiesInRangeQuery } from '../../state/queries/group.ts';
import { ActivityCard } from '../Activity/ActivityCard.tsx';
import { Icon } from '../Icon.tsx';
import '../../screens/Calendar/Calendar.css';

/** A month of the group's activities: a dot on each day that has some, the chosen day's list below. */
export function GroupCalendar({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selected, setSelected] = useState(dayKey(today));
  const weeks = useMemo(() => monthGrid(month.year, month.month), [month]);
  const shown = utcRangeBounds(dayKey(weeks[0]![0]!), dayKey(weeks[weeks.length - 1]![6]!));
  const monthRange = utcRangeBounds(
    dayKey(new Date(month.year, month.month, 1)),
    dayKey(new Date(month.year, month.month + 1, 0)),
  );
  const activities = useGroupActivitiesInRangeQuery(groupId, shown, true);
  const monthCount = useCountGroupActivitiesQuery(groupId, monthRange, true);
  const byDay = useMemo(() => {
    const days = new Map<string, NonNullable<typeof activities.data>>();
    for (const a of activities.data ?? []) days.set(a.date, [...(days.get(a.date) ?? []), a]);
    return days;
  }, [activities.data]);
  const dayActivities = byDay.get(selected) ?? [];

  const move = (delta: number) =>
    setMonth(({ year, month: m }) => {
      const d = new Date(year, m + delta, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });

  return (
    <section data-testid="group-calendar">
      <h3>{t('group.view.calendar')}</h3>
      <div className="month-head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.previousMonth')}
          data-testid="group-month-previous"
          onClick={() => move(-1)}
        >
          <Icon name="back" />
        </button>
        <h2 data-testid="group-month-title">
          {formatDate(new Date(month.year, month.month, 1), i18n.language, { month: 'long', year: 'numeric' })}
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.nextMonth')}
          data-testid="group-month-next"
          onClick={() => move(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      {monthCount.data !== undefined && (
        <p className="muted" data-testid="group-month-count">
          {t('group.view.monthCount', { count: monthCount.data })}
        </p>
      )}
      <table className="month-grid">
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
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                const key = dayKey(day);
                const count = byDay.get(key)?.length ?? 0;
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className="month-day"
                      data-testid={`group-day-${key}`}
                      data-outside={day.getMonth() !== month.month || undefined}
                      data-today={key === dayKey(today) || undefined}
                      aria-pressed={key === selected}
                      aria-label={`${formatLongDate(day, i18n.language)}${count ? `, ${t('activity.calendar.dayCount', { count })}` : ''}`}
                      onClick={() => setSelected(key)}
                    >
                      {day.getDate()}
                      {count > 0 && <span className="day-dot" aria-hidden="true" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h4 className="group-day-title">{formatLongDate(new Date(`${selected}T12:00:00`), i18n.language)}</h4>
      {!activities.isPending && dayActivities.length === 0 && (
        <p className="muted" data-testid="group-day-empty">
          {t('group.view.dayEmpty')}
        </p>
      )}
      <ul className="activity-list" data-testid="group-day-list">
        {dayActivities.map((a) => (
          <ActivityCard key={a.activityId} activity={a} />
        ))}
      </ul>
    </section>
  );
}
