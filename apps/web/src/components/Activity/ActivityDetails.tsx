import type { Activity } from '@cordata/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import { formatDuration, formatLongDate } from '../../i18n/dates.ts';
import { useActivityQuery } from '../../state/queries/activity.ts';
import { ActivityLogistics } from '../Logistics/ActivityLogistics.tsx';
import { type MapMarker, RouteMap } from '../Map/RouteMap.tsx';
import { QueryState } from '../QueryState.tsx';
import { ActivityActions } from './ActivityActions.tsx';
import { useSportName } from './ActivityCard.tsx';
import { ElevationChart } from './ElevationChart.tsx';
import { formatDistance, formatMetres } from './format.ts';
import { endpointMarkers } from './markers.ts';
import { Participants } from './Participants.tsx';
import { Requests } from './Requests.tsx';
import './activity.css';

/** Everything about one activity: the route map, the figures, the actions, the people. */
export function ActivityDetails({ activityId, onGone }: { activityId: string; onGone?: () => void }) {
  const query = useActivityQuery(activityId);
  return (
    <QueryState query={query} notFoundCode="ACTIVITY_NOT_FOUND" testPrefix="activity">
      {(activity) => <Details activity={activity} onGone={onGone} />}
    </QueryState>
  );
}

function Details({ activity, onGone }: { activity: Activity; onGone?: () => void }) {
  const { t, i18n } = useTranslation();
  const sportName = useSportName(activity.sportId);
  const markers = useRouteMarkers(activity);
  const { route } = activity;
  return (
    <article className="activity-details" data-testid="activity-details" data-activity-id={activity.activityId}>
      <header className="activity-head">
        <h2 data-testid="activity-name">{activity.name}</h2>
        <p className="muted">
          {sportName} · {formatLongDate(new Date(activity.startsAt), i18n.language)} · {activity.startTime}–
          {activity.endTime}
        </p>
        <div className="activity-tags">
          <span className="tag">{t(`activity.access.${activity.access}`)}</span>
          <span className="tag">{t(`activity.visibility.${activity.visibility}`)}</span>
          {activity.group && <span className="tag">{activity.group.name}</span>}
          {activity.isAdmin && (
            <span className="tag tag-admin" data-testid="activity-admin-badge">
              {t('activity.view.youAreAdmin')}
            </span>
          )}
        </div>
      </header>

      <RouteMap
        label={t('activity.view.map')}
        line={route.routeSteps}
        markers={markers}
        center={route.start ?? activity.start ?? DEFAULT_MAP_CENTER}
        testId="activity-map"
      />

      <dl className="activity-stats" data-testid="activity-stats">
        <div>
          <dt>{t('activity.view.distance')}</dt>
          <dd data-testid="stat-distance">{formatDistance(activity.totalDistance, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.gain')}</dt>
          <dd data-testid="stat-gain">{formatMetres(activity.totalElevationGain, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.smoothedGain')}</dt>
          <dd data-testid="stat-smoothed-gain">{formatMetres(activity.smoothedElevationGain, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.requiredTime')}</dt>
          <dd data-testid="stat-required-time">
            {activity.requiredTime ? formatDuration(activity.requiredTime) : t('activity.view.notSet')}
          </dd>
        </div>
        <div>
          <dt>{t('activity.view.difficulty')}</dt>
          <dd data-testid="stat-difficulty">{t(`activity.difficulty.${activity.difficulty}`)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.participants')}</dt>
          <dd data-testid="stat-participants">{activity.participantsCount}</dd>
        </div>
      </dl>
      <details className="gain-methods">
        <summary>{t('activity.view.gainMethodTitle')}</summary>
        <p>
          <strong>{t('activity.view.gain')}:</strong> {t('activity.view.gainMethod')}
        </p>
        <p>
          <strong>{t('activity.view.smoothedGain')}:</strong> {t('activity.view.smoothedGainMethod')}
        </p>
      </details>

      <section>
        <h3>{t('activity.view.elevationProfile')}</h3>
        <ElevationChart profile={route.elevationProfile} />
      </section>

      {activity.status === 'REJECTED' && (
        <p className="activity-notice error" data-testid="activity-rejected">
          {t('activity.view.rejected', { reason: activity.rejectionReason ?? '' })}
        </p>
      )}
      {activity.status === 'REQUESTED' && (
        <p className="activity-notice" data-testid="activity-requested">
          {t('activity.view.requestPending')}
        </p>
      )}
      {activity.status === 'INVITED' && <p className="activity-notice">{t('activity.view.invited')}</p>}

      <ActivityActions activity={activity} onGone={onGone} />

      {(activity.description || activity.contact || activity.createdBy) && (
        <section className="activity-about">
          {activity.description && <p className="activity-description">{activity.description}</p>}
          {activity.contact && (
            <p>
              <strong>{t('activity.view.contact')}:</strong> {activity.contact}
            </p>
          )}
          {activity.createdBy && (
            <p className="muted">
              {t('activity.view.createdBy', {
                name: [activity.createdBy.firstName, activity.createdBy.lastName].filter(Boolean).join(' '),
              })}
            </p>
          )}
        </section>
      )}

      {activity.status === 'PARTICIPATING' && <ActivityLogistics activity={activity} />}

      {activity.isAdmin && <Requests activity={activity} />}
      <Participants activity={activity} />
    </article>
  );
}

/** Start and end icons, and the route's waypoints between them. */
function useRouteMarkers(activity: Activity): MapMarker[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const { route } = activity;
    const line = route.routeSteps;
    const start = route.start ?? line[0];
    const end = route.destination ?? line[line.length - 1];
    const markers: MapMarker[] = [];
    route.waypoints.forEach((w, i) => {
      if (w.type === 'START' || w.type === 'FINISH') return;
      markers.push({
        id: `waypoint-${i}`,
        kind: 'waypoint',
        latitude: w.latitude,
        longitude: w.longitude,
        label: t(`activity.waypoint.${w.type}.short`),
        title: t(`activity.waypoint.${w.type}.name`),
      });
    });
    markers.push(...endpointMarkers(start, end, t));
    return markers;
  }, [activity, t]);
}
