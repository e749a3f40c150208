import type { MovingTimeEstimate } from '@cordata/contract';
import { MOVING_TIME_MODELS } from '@cordata/geo';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../i18n/dates.ts';
import { UNKNOWN } from './format.ts';

/** "about 3 h 40 min", or "—" for a sport without a time model. */
export function useMovingTimeText(estimate: MovingTimeEstimate | null): string {
  const { t } = useTranslation();
  return estimate ? t('activity.view.about', { duration: formatDuration(estimate.minutes) }) : UNKNOWN;
}

/**
 * That the climb is left out when the elevation is unknown, and what the estimate assumes (its model, no breaks) one
 * tap away, under "How is this estimated?". `more` goes under the same tap: on the activity page, the group's and
 * the required times, so that the page itself shows one duration (issue 44).
 */
export function MovingTimeNote({
  sportId,
  estimate,
  testId,
  more,
}: {
  sportId: string;
  estimate: MovingTimeEstimate | null;
  testId?: string;
  more?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const found = Object.hasOwn(MOVING_TIME_MODELS, sportId) ? MOVING_TIME_MODELS[sportId] : undefined;
  const model = estimate ? found : undefined;
  if (!model && !more) return null;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const assumes = !model
    ? null
    : model.kind === 'DIN_33466'
      ? t('activity.view.movingTimeModel.DIN_33466')
      : model.kind === 'KM_EFFORT'
        ? t('activity.view.movingTimeModel.KM_EFFORT', { pace: formatPace(model.flatMinutesPerKm) })
        : t('activity.view.movingTimeModel.CYCLING', {
            speed: number(model.flatKmPerHour),
            climb: number(model.climbMetresPerHour),
          });
  return (
    <div className="activity-stats-note" data-testid={testId}>
      {estimate && !estimate.includesClimb && <p>{t('activity.view.movingTimeNoClimb')}</p>}
      <details className="moving-time-how">
        <summary>{t('activity.view.howEstimated')}</summary>
        {assumes && <p>{assumes}</p>}
        {more}
      </details>
    </div>
  );
}

/** 6 → "6:00", 7.5 → "7:30". */
const formatPace = (minutes: number) =>
  `${Math.floor(minutes)}:${String(Math.round((minutes % 1) * 60)).padStart(2, '0')}`;
