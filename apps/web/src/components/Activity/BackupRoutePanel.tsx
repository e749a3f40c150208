import type { Activity } from '@cordata/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import { useBackupRouteMutation } from '../../state/queries/activity.ts';
import { confirm, showError } from '../feedback.ts';
import { RouteMap } from '../Map/RouteMap.tsx';
import { Climb } from './Climb.tsx';
import { formatDistance } from './format.ts';
import { useMovingTimeText } from './MovingTime.tsx';
import { endpointMarkers } from './markers.ts';

/**
 * The organiser's backup route (issue 24): its line, distance, climb and moving time for everyone; for the
 * organisers, adding one (the wizard's route screens: drawn and snapped, or a GPX file), replacing or removing it.
 * A weather decision switches it with the route.
 */
export function BackupRoutePanel({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const backup = activity.backupRoute;
  const remove = useBackupRouteMutation();
  const movingTime = useMovingTimeText(backup?.estimatedMovingTime ?? null);
  const line = backup?.route.routeSteps;
  const markers = useMemo(() => (line ? endpointMarkers(line[0], line.at(-1), t) : []), [line, t]);
  if (!backup && !activity.isAdmin) return null;
  const edit = () =>
    openSheet({
      type: 'handle-activity',
      params: { step: 'path', activityId: activity.activityId, purpose: 'backup' },
    });
  const removeIt = async () => {
    const sure = await confirm({
      title: t('activity.backup.removeTitle'),
      description: t('activity.backup.removeText'),
      confirmLabel: t('activity.backup.remove'),
      destructive: true,
    });
    if (sure) remove.mutate({ activityId: activity.activityId, route: null }, { onError: (e) => showError(e) });
  };
  return (
    <section className="backup-route" data-testid="backup-route">
      <h3>{t('activity.backup.title')}</h3>
      {backup ? (
        <>
          <p className="muted">{t('activity.backup.explain')}</p>
          <RouteMap
            label={t('activity.backup.map')}
            line={backup.route.routeSteps}
            breaks={backup.route.routeBreaks}
            markers={markers}
            center={backup.route.start ?? backup.route.routeSteps[0]!}
            testId="backup-map"
          />
          <dl className="activity-stats" data-testid="backup-stats">
            <div>
              <dt>{t('activity.view.distance')}</dt>
              <dd data-testid="backup-distance">{formatDistance(backup.totalDistance, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('activity.view.gain')}</dt>
              <dd data-testid="backup-gain">
                <Climb metres={backup.totalElevationGain} />
              </dd>
            </div>
            <div>
              <dt>{t('activity.view.movingTime')}</dt>
              <dd data-testid="backup-moving-time">{movingTime}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="muted">{t('activity.backup.none')}</p>
      )}
      {activity.isAdmin && (
        <div className="weather-buttons">
          <button type="button" className="btn btn-outline" data-testid="backup-edit" onClick={edit}>
            {t(backup ? 'activity.backup.replace' : 'activity.backup.add')}
          </button>
          {backup && (
            <button
              type="button"
              className="btn btn-ghost"
              data-testid="backup-remove"
              disabled={remove.isPending}
              onClick={() => void removeIt()}
            >
              {t('activity.backup.remove')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
