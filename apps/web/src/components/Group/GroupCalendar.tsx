import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../i18n/dates.ts';
import { useCountGroupActivitiesQuery, useGroupActivitiesInRangeQuery } from '../../state/queries/group.ts';
import { ActivityCard } from '../Activity/ActivityCard.tsx';
import { MonthCalendar, useMonthCalendar } from '../Calendar/MonthCalendar.tsx';
import { utcRangeBounds } from '../Calendar/month.ts';

/** A month of the group's activities: a dot on each day that has some, the chosen day's list below. */
export function GroupCalendar({ groupId }: { groupId: string }) {
  const { t, i18n } = useTranslation();
  const calendar = useMonthCalendar();
  const shown = utcRangeBounds(calendar.firstShown, calendar.lastShown);
  const monthRange = utcRangeBounds(calendar.firstOfMonth, calendar.lastOfMonth);
  const activities = useGroupActivitiesInRangeQuery(groupId, shown, true);
  const monthCount = useCountGroupActivitiesQuery(groupId, monthRange, true);
  const byDay = useMemo(() => {
    const days = new Map<string, NonNullable<typeof activities.data>>();
    for (const a of activities.data ?? []) days.set(a.date, [...(days.get(a.date) ?? []), a]);
    return days;
  }, [activities.data]);
  const dayActivities = byDay.get(calendar.selected) ?? [];

  return (
    <section data-testid="group-calendar">
      <h3>{t('group.view.calendar')}</h3>
      <MonthCalendar calendar={calendar} countOf={(day) => byDay.get(day)?.length ?? 0} testIdPrefix="group-">
        {monthCount.data !== undefined && (
          <p className="muted" data-testid="group-month-count">
            {t('group.view.monthCount', { count: monthCount.data })}
          </p>
        )}
      </MonthCalendar>
      <h4 className="group-day-title">{formatLongDate(new Date(`${calendar.selected}T12:00:00`), i18n.language)}</h4>
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
