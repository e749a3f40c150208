import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../i18n/dates.ts';

/**
 * The group's moving time (issue 24) and what sets it: "about 4 h 10 min, set by the climb, for 1 person". Shown
 * once two people take part; it follows joins and leaves live (useLiveActivity).
 */
export function GroupMovingTime({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const group = activity.groupMovingTime;
  if (!group || activity.participantsCount < 2) return null;
  const time = formatDuration(group.minutes);
  return (
    <p className="activity-group-time" data-testid="activity-group-time">
      <strong>{t('activity.groupTime.title')}</strong>
      {': '}
      {t('activity.groupTime.about', { time })}
      {', '}
      {group.limitedBy
        ? t(`activity.groupTime.limitedBy.${group.limitedBy}`, { count: group.limitingCount })
        : t('activity.groupTime.nobodySlows')}
      {!group.includesClimb && ` (${t('activity.groupTime.withoutClimb')})`}
    </p>
  );
}
