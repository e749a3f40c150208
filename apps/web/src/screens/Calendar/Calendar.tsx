import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCard } from '../../components/Activity/ActivityCard.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { formatDate, formatLongDate, weekdayNames } from '../../i18n/dates.ts';
import { useCountDailyQuery, useDailyActivitiesQuery } from '../../state/queries/activity.ts';
import { dayKey, monthGrid, utcDayBounds, utcRangeBounds } from './month.ts';
import '../../components/Activity/activity.css';
import './Calendar.css';

/** A month with a dot on each day that has activities, and the chosen day's list below. */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const today = new Date();
  const [month, setMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selected, setSelected] = useState(dayKey(today));
  const [onlyOwn, setOnlyOwn] = useState(false);
  const weeks = useMemo(() => monthGrid(month.year, month.month), [month]);
  const firstShown = dayKey(weeks[0]![0]!);
  const lastShown = dayKey(weeks[weeks.length - 1]![6]!);
  const counts = useCountDailyQuery({
    onlyOwn,
    ...utcRangeBounds(firstShown, lastShown),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  const move = (delta: number) =>
    setMonth(({ year, month: m }) => {
      const d = new Date(year, m + delta, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });

  return (
    <Screen title={t('screens.calendar')} testId="calendar-screen" actions={<TabActions />}>
      <div className="month-head">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.previousMonth')}
          data-testid="month-previous"
          onClick={() => move(-1)}
        >
          <Icon name="back" />
        </button>
        <h2 data-testid="month-title">
          {formatDate(new Date(month.year, month.month, 1), i18n.language, { month: 'long', year: 'numeric' })}
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('activity.calendar.nextMonth')}
          data-testid="month-next"
          onClick={() => move(1)}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <table className="month-grid" data-testid="month-grid">
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
                const count = counts.data?.get(key) ?? 0;
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className="month-day"
                      data-testid={`day-${key}`}
                      data-outside={day.getMonth() !== month.month || undefined}
                      data-today={key === dayKey(today) || undefined}
                      aria-pressed={key === selected}
                      aria-label={`${formatLongDate(day, i18n.language)}${count ? `, ${t('activity.calendar.dayCount', { count })}` : ''}`}
                      onClick={() => setSelected(key)}
                    >
                      {day.getDate()}
                      {count > 0 && <span className="day-dot" data-testid="day-dot" aria-hidden="true" />}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="day-head">
        <h3 data-testid="selected-day">{formatLongDate(new Date(`${selected}T12:00:00`), i18n.language)}</h3>
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
      <DayList day={selected} onlyOwn={onlyOwn} />
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
  if (query.isPending) {
    return (
      <div className="activity-loading" role="status" aria-label={t('common.loading')}>
        <div className="spinner" />
      </div>
    );
  }
  if (query.isError) return <p className="placeholder">{t('errors.INTERNAL')}</p>;
  return (
    <>
      {activities.length === 0 && (
        <p className="placeholder" data-testid="day-empty">
          {t('activity.calendar.empty')}
        </p>
      )}
      <ul className="activity-list" data-testid="day-list">
        {activities.map((a) => (
          <ActivityCard key={a.activityId} activity={a} />
        ))}
      </ul>
      <div ref={end} data-testid="day-list-end">
        {isFetchingNextPage && <p className="muted">{t('activity.calendar.loadingMore')}</p>}
      </div>
    </>
  );
}
