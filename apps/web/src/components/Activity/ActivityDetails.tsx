import type { Activity, LatLng } from '@cordata/contract';
import { haversineMetres, lineLengthMetres, pointAtDistance, trimOutsideZones } from '@cordata/geo';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_CENTER } from '../../contract.ts';
import { formatDuration, formatLongDate } from '../../i18n/dates.ts';
import { OutingPack } from '../../offline/OutingPack.tsx';
import { useAcceptActivityConsentMutation, useActivityQuery, useLiveActivity } from '../../state/queries/activity.ts';
import { usePrivacyZonesQuery } from '../../state/queries/privacy.ts';
import { useOwnUserId } from '../../state/queries/profile.ts';
import { useLiveSeats } from '../../state/queries/seats.ts';
import { useUiStore } from '../../state/ui.ts';
import { Icon } from '../Icon.tsx';
import { ActivityLogistics } from '../Logistics/ActivityLogistics.tsx';
import { type MapMarker, RouteMap } from '../Map/RouteMap.tsx';
import { QueryState } from '../QueryState.tsx';
import { ReportButton } from '../Report/ReportButton.tsx';
import { ActivityBar } from './ActivityBar.tsx';
import { useSportName } from './ActivityCard.tsx';
import { AttendancePanel } from './Attendance.tsx';
import { BackupRoutePanel } from './BackupRoutePanel.tsx';
import { CancelledActivity, cancelledDetails } from './CancelledActivity.tsx';
import { Climb } from './Climb.tsx';
import { Directions, meetsSoon } from './Directions.tsx';
import { ElevationChart } from './ElevationChart.tsx';
import type { ProfileSpot } from './elevation.ts';
import { formatDistance, formatGain } from './format.ts';
import { GradesPanel } from './Grades.tsx';
import { GroupMovingTime, groupMovingTimeShown } from './GroupMovingTime.tsx';
import { MovingTimeNote, useMovingTimeText } from './MovingTime.tsx';
import { endpointMarkers } from './markers.ts';
import { GoingFaces, Participants } from './Participants.tsx';
import { PartnerFitLine } from './PartnerFit.tsx';
import { isUnderWay } from './phase.ts';
import { ActivityRecap, showsRecap } from './Recap.tsx';
import { Requests } from './Requests.tsx';
import { RouteAccessPanel } from './RouteAccess.tsx';
import { SafetyPanel, safetyMarkers, useActivitySafety } from './SafetyPanel.tsx';
import { OrganiserWaitlist, OverlapPrompt, SeatsNotice } from './Seats.tsx';
import { SeriesPanel } from './SeriesPanel.tsx';
import { WeatherPanel } from './WeatherPanel.tsx';
import './activity.css';
import { ConsentChanged } from '../Consent/ConsentChanged.tsx';
import { ConsentDetails } from '../Consent/ConsentDetails.tsx';

/** Everything about one activity: the route map, the figures, the actions, the people. */
export function ActivityDetails({ activityId, onGone }: { activityId: string; onGone?: () => void }) {
  const query = useActivityQuery(activityId);
  // A cancelled date opens as cancelled for whoever was in it (its notification leads here), never "not found";
  // also over a copy of its page kept from before (the refetch says it is cancelled now).
  const cancelled = query.isError ? cancelledDetails(query.error) : null;
  if (cancelled) return <CancelledActivity details={cancelled} />;
  return (
    <QueryState query={query} notFoundCode="ACTIVITY_NOT_FOUND" testPrefix="activity" skeleton="page">
      {(activity) => <Details activity={activity} onGone={onGone} />}
    </QueryState>
  );
}

// The page's phases (before, under way, after) live in phase.ts, which the bottom bar shares.
export { hasEnded, isUnderWay } from './phase.ts';

function Details({ activity, onGone }: { activity: Activity; onGone?: () => void }) {
  const { t, i18n } = useTranslation();
  const sportName = useSportName(activity.sportId);
  const markers = useRouteMarkers(activity);
  const [reporting, setReporting] = useState(false);
  const acceptConsent = useAcceptActivityConsentMutation();
  const cursor = useChartCursor(activity);
  const ownZones = useOwnZonesOnRoute(activity);
  const ownUserId = useOwnUserId();
  const { route } = activity;
  const meetingPoint = route.start ?? activity.start;
  const own = activity.isAdmin || (!!ownUserId && activity.createdBy?.userId === ownUserId);
  // Once it has ended, the page of someone who took part is its recap (docs/recap.md).
  const recap = showsRecap(activity);
  // While it is under way, the safety card ("I'm back", sharing) comes first for those taking part (issue 44).
  const safetyFirst = !recap && activity.status === 'PARTICIPATING' && isUnderWay(activity);
  // From two hours before until the end, the way to the meeting point leads too.
  const meetingSoon = !recap && activity.status === 'PARTICIPATING' && meetsSoon(activity);
  useLiveSeats(activity.activityId);
  useLiveActivity(activity.activityId, activity.chatId);
  const safety = useActivitySafety(activity);
  const mapMarkers = useMemo(() => [...markers, ...safetyMarkers(safety, ownUserId)], [markers, safety, ownUserId]);
  return (
    <article className="activity-details" data-testid="activity-details" data-activity-id={activity.activityId}>
      <header className="activity-head">
        <p className="activity-when" data-testid="activity-when">
          <Icon name="calendar" size={18} />
          <span>
            {formatLongDate(new Date(`${activity.date}T12:00:00`), i18n.language)} ·{' '}
            <span className="nowrap">
              {activity.startTime}–{activity.endTime}
            </span>
          </span>
        </p>
        <h2 data-testid="activity-name">{activity.name}</h2>
        {activity.meetingArea && (
          <p className="activity-where" data-testid="activity-meeting-area">
            <Icon name="pin" size={18} />
            <span>
              {t('activity.view.meetingArea', { radius: activity.meetingArea.radiusMetres })}
              <br />
              <small className="muted">{t('activity.view.meetingAreaNote')}</small>
            </span>
          </p>
        )}
        {meetingPoint && (
          <p className="activity-where" data-testid="activity-where">
            <Icon name="pin" size={18} />
            <span>
              {meetingPoint.address ?? t('activity.view.meetingPointUnnamed')}
              <DistanceFromSearch point={meetingPoint} />
              {!meetingSoon && (
                <>
                  {' · '}
                  <Directions point={meetingPoint} prominent={false} />
                </>
              )}
            </span>
          </p>
        )}
        <div className="activity-tags">
          <span className="tag">{sportName}</span>
          <span className="tag">{t(`activity.difficulty.${activity.difficulty}`)}</span>
          {activity.group && <span className="tag">{activity.group.name}</span>}
          {activity.isAdmin && (
            <span className="tag tag-admin" data-testid="activity-admin-badge">
              {t('activity.view.youAreAdmin')}
            </span>
          )}
        </div>
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
        {activity.status === 'INVITED' && (
          <p className="activity-notice" data-testid="activity-invited">
            {t('activity.view.invited')}
          </p>
        )}
        <ConsentChanged
          subject={activity}
          accept={(consentVersion) => acceptConsent.mutateAsync({ activityId: activity.activityId, consentVersion })}
        />
        {!recap && <GoingFaces activity={activity} />}
        <SeatsNotice activity={activity} />
        <OverlapPrompt activity={activity} />
        <OutingPack activity={activity} />
      </header>

      {meetingSoon && meetingPoint && <Directions point={meetingPoint} prominent />}
      {safetyFirst && <SafetyPanel activity={activity} safety={safety} ownUserId={ownUserId} withMap={false} />}

      {recap ? (
        <ActivityRecap activity={activity} />
      ) : (
        <>
          {/* The plain facts (distance, climb, the one duration) before the map, for visitors as for everyone. */}
          <RouteFigures activity={activity} />

          <RouteMap
            label={t('activity.view.map')}
            line={route.routeSteps}
            breaks={route.routeBreaks}
            markers={mapMarkers}
            center={route.start ?? activity.start ?? activity.meetingArea ?? DEFAULT_MAP_CENTER}
            areas={activity.meetingArea ? [activity.meetingArea] : ownZones.length ? ownZones : undefined}
            cursor={cursor.point}
            testId="activity-map"
          />
          {ownZones.length > 0 && (
            <p className="muted activity-map-note" data-testid="activity-own-zones">
              {t('activity.view.ownZones', { count: ownZones.length })}
            </p>
          )}

          {/* Right under the map: scrubbing the profile shows its place on the map, and a phone shows both. */}
          <section>
            <h3>{t('activity.view.elevationProfile')}</h3>
            <ElevationChart profile={route.elevationProfile} onScrub={cursor.set} />
          </section>

          <BackupRoutePanel activity={activity} />

          <WeatherPanel activity={activity} />
        </>
      )}

      {(activity.description || activity.contact || activity.createdBy || activity.consent) && (
        <section className="activity-about">
          {activity.description && <p className="activity-description">{activity.description}</p>}
          {activity.contact && (
            <p>
              <strong>{t('activity.view.contact')}:</strong> {activity.contact}
            </p>
          )}
          <ConsentDetails consent={activity.consent} />
          {activity.createdBy && (
            <p className="muted">
              {t('activity.view.createdBy', {
                name: [activity.createdBy.firstName, activity.createdBy.lastName].filter(Boolean).join(' '),
              })}
            </p>
          )}
        </section>
      )}

      {!safetyFirst && <SafetyPanel activity={activity} safety={safety} ownUserId={ownUserId} withMap={recap} />}

      {activity.status === 'PARTICIPATING' && !recap && <ActivityLogistics activity={activity} />}

      <AttendancePanel activity={activity} />
      <SeriesPanel activity={activity} />
      {(activity.isAdmin || activity.takesAttendance) && <Requests activity={activity} />}
      <OrganiserWaitlist activity={activity} />
      {!recap && <Participants activity={activity} />}

      {reporting && (
        <ReportButton
          targetType="ACTIVITY"
          targetId={activity.activityId}
          initiallyOpen
          onClose={() => setReporting(false)}
        />
      )}
      <ActivityBar activity={activity} onGone={onGone} onReport={own ? undefined : () => setReporting(true)} />
    </article>
  );
}

/**
 * Distance, climb, time, people. The climb is the spec's gain (every rise); the smoothed gain, which hides
 * GPS noise, is said once beside it and only where the two disagree. A route with no elevation data has an
 * unknown climb, not 0 m.
 */
function RouteFigures({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const gain = activity.totalElevationGain;
  const smoothed = activity.smoothedElevationGain;
  const smoothedDiffers = gain !== null && smoothed !== null && Math.round(smoothed) !== Math.round(gain);
  // Past outings' real times (issue 42) make the group's calibrated time the best estimate there is.
  const calibrated = activity.groupMovingTime?.calibration ? activity.groupMovingTime : null;
  const movingTime = useMovingTimeText(calibrated ?? activity.estimatedMovingTime);
  // One duration on the page, the estimate; the group's and the organiser's required times sit under its "How is
  // this estimated?" (issue 44).
  const groupShown = groupMovingTimeShown(activity);
  const otherTimes =
    groupShown || activity.requiredTime ? (
      <>
        <GroupMovingTime activity={activity} />
        {activity.requiredTime ? (
          <p className="activity-required-time">
            <strong>{t('activity.view.requiredTime')}</strong>
            {': '}
            <span data-testid="stat-required-time">{formatDuration(activity.requiredTime)}</span>
            {', '}
            {t('activity.view.requiredTimeNote')}
          </p>
        ) : null}
      </>
    ) : null;
  // The note sits after the list: a <dl> may hold only dt/dd groups (axe: definition-list).
  return (
    <>
      <dl className="activity-stats" data-testid="activity-stats">
        <div>
          <dt>{t('activity.view.distance')}</dt>
          <dd data-testid="stat-distance">{formatDistance(activity.totalDistance, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('activity.view.gain')}</dt>
          <dd data-testid="stat-gain">
            <Climb metres={gain} />
          </dd>
        </div>
        <div>
          <dt>{t('activity.view.descent')}</dt>
          <dd data-testid="stat-descent">
            <Climb metres={activity.elevationLoss} />
          </dd>
        </div>
        <div>
          <dt>{t('activity.view.movingTime')}</dt>
          <dd data-testid="stat-moving-time">{movingTime}</dd>
        </div>
        <div>
          <dt>{t('activity.view.participants')}</dt>
          <dd data-testid="stat-participants">{activity.participantsCount}</dd>
        </div>
        {activity.seats !== null && (
          <div>
            <dt>{t('seats.stat')}</dt>
            <dd data-testid="stat-seats">
              {t('seats.statValue', { taken: activity.participantsCount, seats: activity.seats })}
            </dd>
          </div>
        )}
      </dl>
      <PartnerFitLine activity={activity} />
      <GradesPanel activity={activity} />
      <RouteAccessPanel activity={activity} />
      {smoothedDiffers && (
        <p className="activity-stats-note" data-testid="stat-smoothed-gain">
          {t('activity.view.smoothedGainNote', {
            gain: formatGain(smoothed, i18n.language),
          })}
        </p>
      )}
      <MovingTimeNote
        sportId={activity.sportId}
        estimate={activity.estimatedMovingTime}
        testId="stat-moving-time-note"
        more={otherTimes}
      />
    </>
  );
}

/** "· 4,2 km from Lecco": from the place the person searched near, when they did. */
function DistanceFromSearch({ point }: { point: LatLng }) {
  const { t, i18n } = useTranslation();
  const near = useUiStore((s) => s.homeFilters.near);
  if (!near) return null;
  const distance = formatDistance(haversineMetres(near, point), i18n.language);
  return (
    <span className="muted" data-testid="activity-distance-from-search">
      {' · '}
      {near.label ? t('activity.view.distanceFrom', { distance, place: near.label }) : distance}
    </span>
  );
}

/**
 * The place picked on the elevation chart, on the map. The profile's distances run along the measured route; the
 * drawn line may be a simplified one, a little shorter, so the distance is scaled to it.
 */
function useChartCursor(activity: Activity) {
  const [spot, set] = useState<ProfileSpot | null>(null);
  const line = activity.route.routeSteps;
  const lineLength = useMemo(() => lineLengthMetres(line), [line]);
  const measured = activity.route.elevationProfile.at(-1)?.[0] ?? activity.totalDistance;
  const scale = measured > 0 ? lineLength / measured : 1;
  const point = spot ? pointAtDistance(line, spot.distance * scale) : null;
  return { set, point };
}

/**
 * The organiser's own privacy zones that the route passes through, drawn on their own map: they see the whole route,
 * everyone else sees it cut inside these circles (issue 23, docs/privacy.md).
 */
function useOwnZonesOnRoute(activity: Activity) {
  const ownUserId = useOwnUserId();
  const isOwner = ownUserId !== undefined && activity.createdBy?.userId === ownUserId;
  const zones = usePrivacyZonesQuery({ enabled: isOwner });
  const line = activity.route.routeSteps;
  return useMemo(
    () =>
      isOwner && line.length > 1
        ? (zones.data ?? []).filter((zone) => {
            // The same cut the server makes for everyone else: does this zone take anything off the line?
            const pieces = trimOutsideZones(line, [zone]);
            return pieces.length !== 1 || pieces[0]!.from !== 0 || pieces[0]!.to !== line.length - 1;
          })
        : [],
    [isOwner, zones.data, line],
  );
}

/** Start and end icons, and the route's waypoints between them. */
function useRouteMarkers(activity: Activity): MapMarker[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const { route } = activity;
    const line = route.routeSteps;
    // A start or destination hidden (by the meeting area or a privacy zone) gets no marker: the line's first or last
    // visible point is not it, and an A or B there would say it is.
    const hidden = route.hiddenByPrivacy || !!activity.meetingArea;
    const start = route.start ?? (hidden ? undefined : line[0]);
    const end = route.destination ?? (hidden ? undefined : line.at(-1));
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
