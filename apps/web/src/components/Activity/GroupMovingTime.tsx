import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../i18n/dates.ts';
import { useSportName } from './ActivityCard.tsx';

type Calibration = NonNullable<NonNullable<Activity['groupMovingTime']>['calibration']>;

/**
 * The group's moving time (issue 24) and what sets it: "about 4 h 10 min, set by the climb, for 1 person". Shown
 * once two people take part, or past outings calibrated it (issue 42: then how, under it); it follows joins and
 * leaves live (useLiveActivity).
 */
export const groupMovingTimeShown = (activity: Activity) =>
  !!activity.groupMovingTime && (activity.participantsCount >= 2 || !!activity.groupMovingTime.calibration);

export function GroupMovingTime({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const group = activity.groupMovingTime;
  if (!group || !groupMovingTimeShown(activity)) return null;
  const time = formatDuration(group.minutes);
  return (
    <>
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
      {group.calibration &&
        (group.calibration.scope === 'SPORT' ? (
          <SportCalibration calibration={group.calibration} sportId={activity.sportId} />
        ) : (
          <CalibrationLine calibration={group.calibration} sport="" />
        ))}
    </>
  );
}

/** The sport's name is read only for a calibration on every outing of the sport here. */
function SportCalibration({ calibration, sportId }: { calibration: Calibration; sportId: string }) {
  return <CalibrationLine calibration={calibration} sport={useSportName(sportId)} />;
}

/** "Calibrated on 5 past outings of this group: they took 12% longer than the model". */
function CalibrationLine({ calibration, sport }: { calibration: Calibration; sport: string }) {
  const { t } = useTranslation();
  const { scope, outings, factor } = calibration;
  const percent = Math.round(Math.abs(factor - 1) * 100);
  const basis =
    scope === 'GROUP'
      ? t('activity.groupTime.calibratedGroup', { count: outings })
      : t('activity.groupTime.calibratedSport', { count: outings, sport });
  const comparison =
    percent === 0
      ? t('activity.groupTime.same')
      : t(factor > 1 ? 'activity.groupTime.longer' : 'activity.groupTime.shorter', { percent });
  return (
    <p className="activity-group-calibration" data-testid="activity-group-calibration" data-scope={scope}>
      {t('activity.groupTime.calibration', { basis, comparison })}
    </p>
  );
}
