import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCard } from '../../components/Activity/ActivityCard.tsx';
import { MonthCalendar, useMonthCalendar } from '../../components/Calendar/MonthCalendar.tsx';
import { utcDayBounds, utcRangeBounds } from '../../components/Calendar/month.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { formatLongDate } from '../../i18n/dates.ts';
import { useCountDailyQuery, useDailyActivitiesQuery } from '../../state/queries/activity.ts';
import '../../components/Activity/activity.css';
import './Calendar.css';

/** A month with a dot on each day that has activities, and the chosen day's list below. */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const calendar = useMonthCalendar();
  const [onlyOwn, setOnlyOwn] = useState(false);
  const counts = useCountDailyQuery({
    onlyOwn,
    ...utcRangeBounds(calendar.firstShown, calendar.lastShown),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  return (
    <Screen title={t('screens.calendar')} testId="calendar-screen" actions={<TabActions />}>
      <MonthCalendar calendar={calendar} countOf={(day) => counts.data?.get(day) ?? 0} />
      <div className="day-head">
        <h3 data-testid="selected-day">{formatLongDate(new Date(`${calendar.selected}T12:00:00`), i18n.language)}</h3>
        <label className="only-own">
          <input
            type="checkbox"
            data-testid="only-own"
            checked={onlyOwn}
            onChange={(e) => setOnlyOwn(e.target.checked)}
          />
          {t('activity.calendar.onlyOwn')}
        </label>
      </div>
      <DayList day={calendar.selected} onlyOwn={onlyOwn} />
    </Screen>
  );
}

/** The day's activities, loading the next page as the end of the list comes into view. */
function DayList({ day, onlyOwn }: { day: string; onlyOwn: boolean }) {
  const { t } = useTranslation();
  const query = useDailyActivitiesQuery({ onlyOwn, ...utcDayBounds(day) });
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const activities = query.data?.pages.flat() ?? [];
  return (
    <>
      <QueryState query={query} testPrefix="day" skeleton="card">
        {() => (
          <>
            {activities.length === 0 && (
              <EmptyState icon="calendar" text={t('activity.calendar.empty')} testId="day-empty" />
            )}
            <ul className="activity-list" data-testid="day-list">
              {activities.map((a) => (
                <ActivityCard key={a.activityId} activity={a} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <div ref={end} data-testid="day-list-end">
        {isFetchingNextPage && <p className="muted">{t('activity.calendar.loadingMore')}</p>}
      </div>
    </>
  );
}
