import type { Activity, ActivitySafety, SafetyPerson } from '@cordata/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../i18n/dates.ts';
import { openSheet } from '../../sheets/store.ts';
import {
  useActivitySafetyQuery,
  useCheckInMutation,
  useDeviceKey,
  usePlannedReturnMutation,
  usePositionSharing,
  useQueuedBack,
  useShareMutation,
} from '../../state/queries/safety.ts';
import { reporting } from '../feedback.ts';
import { Action } from '../kit/Action.tsx';
import type { MapMarker } from '../Map/RouteMap.tsx';
import { RouteMap } from '../Map/RouteMap.tsx';
import { useClock } from './clock.ts';

const MINUTE = 60_000;

/** The current minute, so "2 min ago" moves on by itself. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const displayName = (p: SafetyPerson) => [p.user.firstName, p.user.lastName].filter(Boolean).join(' ') || '—';

/** The safety loop of an activity for the people taking part; null for everyone else. */
export function useActivitySafety(activity: Activity) {
  const query = useActivitySafetyQuery(activity.activityId, activity.status === 'PARTICIPATING');
  usePositionSharing(activity.activityId, query.data);
  return query.data;
}

/** The others' last positions as map markers (the caller's own is not shown: their phone knows where they are). */
export function safetyMarkers(safety: ActivitySafety | undefined, ownUserId: string | null | undefined): MapMarker[] {
  if (safety?.state !== 'OPEN') return [];
  return safety.people
    .filter((p) => p.lastFix && p.user.userId !== ownUserId)
    .map((p) => ({
      id: `safety-${p.user.userId}`,
      kind: 'here' as const,
      latitude: p.lastFix!.latitude,
      longitude: p.lastFix!.longitude,
      label: (p.user.firstName ?? '?').slice(0, 1),
      title: displayName(p),
    }));
}

/**
 * The safety loop (issue 23, docs/safety.md): the planned return (the organiser may change it), sharing one's live
 * position (opt-in, reciprocal, economy mode), "I'm back", who is back and where the others who share last were.
 */
export function SafetyPanel({
  activity,
  safety,
  ownUserId,
  withMap,
}: {
  activity: Activity;
  safety: ActivitySafety | undefined;
  ownUserId: string | null | undefined;
  /** The activity's own map is not on the page (its recap is): the positions get a map of their own. */
  withMap: boolean;
}) {
  const { t } = useTranslation();
  const clock = useClock(activity.timeZone);
  const now = useNow();
  const share = useShareMutation(activity.activityId);
  const checkIn = useCheckInMutation(activity.activityId, ownUserId);
  const queuedBack = useQueuedBack(activity.activityId, ownUserId);
  useDeviceKey(safety ? ownUserId : null);
  if (!safety) return null;
  const { me } = safety;
  const markers = safetyMarkers(safety, ownUserId);
  return (
    <section className="safety" data-testid="safety" data-state={safety.state}>
      <h3>{t('activity.safety.title')}</h3>
      <p data-testid="safety-planned-return">
        {t('activity.safety.plannedReturn', { time: clock(safety.plannedReturnAt) })}
      </p>
      {activity.isAdmin && <PlannedReturn activity={activity} safety={safety} />}
      {me.emergencyContacts === 0 && (
        <p className="activity-notice" data-testid="safety-no-contacts">
          {t('activity.safety.noContacts')}{' '}
          <button
            type="button"
            className="safety-link"
            onClick={() => openSheet({ type: 'account', params: { step: 'settings' } })}
          >
            {t('activity.safety.addContacts')}
          </button>
        </p>
      )}
      {safety.state === 'BEFORE' && (
        <p className="muted">{t('activity.safety.before', { time: clock(safety.opensAt) })}</p>
      )}
      {safety.state === 'CLOSED' && (
        <p className="muted" data-testid="safety-closed">
          {t(safety.allBackAt ? 'activity.safety.closedAllBack' : 'activity.safety.closedLate')}
        </p>
      )}
      {safety.state === 'OPEN' && !me.backAt && !queuedBack && (
        <div className="safety-share">
          <SafetyCheck
            testId="safety-share"
            checked={me.sharing}
            pending={share.isPending}
            onChange={(sharing) => share.mutate({ sharing, economy: me.economy }, reporting())}
          >
            {t('activity.safety.share')}
          </SafetyCheck>
          <p className="muted">{t('activity.safety.shareHint')}</p>
          {me.sharing && (
            <SafetyCheck
              testId="safety-economy"
              checked={me.economy}
              pending={share.isPending}
              onChange={(economy) => share.mutate({ sharing: true, economy }, reporting())}
            >
              {t('activity.safety.economy')}
            </SafetyCheck>
          )}
        </div>
      )}
      {safety.state !== 'BEFORE' &&
        (!me.backAt && queuedBack ? (
          <p className="activity-notice" data-testid="safety-back-queued" role="status">
            {t('activity.safety.backQueued', { time: clock(queuedBack) })}
          </p>
        ) : me.backAt ? (
          <p data-testid="safety-you-are-back">
            {t('activity.safety.youAreBack', { time: clock(me.backAt) })}{' '}
            <button type="button" className="safety-link" onClick={() => checkIn.mutate({ back: false }, reporting())}>
              {t('activity.safety.undo')}
            </button>
          </p>
        ) : (
          <Action
            block
            testId="safety-back"
            pending={checkIn.isPending}
            onPress={() => checkIn.mutate({ back: true }, reporting())}
          >
            {t('activity.safety.back')}
          </Action>
        ))}
      {withMap && markers.length > 0 && (
        <RouteMap
          label={t('activity.safety.positionsMap')}
          line={activity.route.routeSteps}
          breaks={activity.route.routeBreaks}
          markers={markers}
          center={markers[0]!}
          testId="safety-map"
        />
      )}
      <h4>{t('activity.safety.people')}</h4>
      <ul className="safety-people" data-testid="safety-people">
        {safety.people.map((p) => (
          <li
            className="safety-person"
            key={p.user.userId}
            data-testid="safety-person"
            data-user-id={p.user.userId}
            data-back={!!p.backAt}
          >
            <span className={`safety-dot ${p.backAt ? 'is-back' : 'not-back'}`} aria-hidden="true" />
            <span className="safety-person-text">
              <strong>{displayName(p)}</strong>
              <small className="muted">
                {p.backAt ? t('activity.safety.isBack', { time: clock(p.backAt) }) : t('activity.safety.notBack')}
                {p.sharing && ` · ${t('activity.safety.sharing')}`}
                {p.lastFix && p.user.userId !== ownUserId && (
                  <span data-testid="safety-fix">
                    {' · '}
                    {now - new Date(p.lastFix.at).getTime() < MINUTE
                      ? t('activity.safety.fixNow')
                      : t('activity.safety.fixAgo', {
                          ago: formatDuration((now - new Date(p.lastFix.at).getTime()) / MINUTE),
                        })}
                  </span>
                )}
                {!p.backAt && p.contactsMailedAt
                  ? ` · ${t('activity.safety.contactsMailed')}`
                  : !p.backAt && p.alertedAt
                    ? ` · ${t('activity.safety.alerted')}`
                    : ''}
              </small>
            </span>
            {activity.isAdmin && !p.backAt && p.user.userId !== ownUserId && safety.state !== 'BEFORE' && (
              <Action
                kind="outline"
                className="safety-mark"
                testId="safety-mark-back"
                onPress={() => checkIn.mutate({ userId: p.user.userId, back: true }, reporting())}
              >
                {t('activity.safety.markBack')}
              </Action>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "HH:mm" of an instant in a time zone, for a time input. */
function timeInput(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );
}

/**
 * The organiser's planned return: a time on the activity's day (after midnight it is the next day), the end time, or
 * the start plus the group's estimated moving time when that is later than the end.
 */
function PlannedReturn({ activity, safety }: { activity: Activity; safety: ActivitySafety }) {
  const { t } = useTranslation();
  const clock = useClock(activity.timeZone);
  const mutation = usePlannedReturnMutation(activity.activityId);
  const [editing, setEditing] = useState(false);
  const [time, setTime] = useState(() => timeInput(safety.plannedReturnAt, activity.timeZone));
  const minutes = activity.groupMovingTime?.minutes;
  const estimate = minutes ? new Date(new Date(activity.startsAt).getTime() + minutes * MINUTE) : null;
  const estimateLater = estimate && estimate.getTime() > new Date(activity.endsAt).getTime() ? estimate : null;
  const save = (plannedReturnAt: string | null) =>
    mutation.mutate(
      plannedReturnAt,
      reporting(undefined, () => setEditing(false)),
    );
  function submit(e: FormEvent) {
    e.preventDefault();
    // The same wall-clock shift as between the end time and the chosen time, on the activity's day.
    const [h, m] = time.split(':').map(Number) as [number, number];
    const [eh, em] = activity.endTime.split(':').map(Number) as [number, number];
    let shift = (h * 60 + m - (eh * 60 + em)) * MINUTE;
    if (new Date(activity.endsAt).getTime() + shift <= new Date(activity.startsAt).getTime()) shift += 24 * 60 * MINUTE;
    save(new Date(new Date(activity.endsAt).getTime() + shift).toISOString());
  }
  if (!editing)
    return (
      <button type="button" className="safety-link" data-testid="safety-edit-return" onClick={() => setEditing(true)}>
        {t('activity.safety.setReturn')}
      </button>
    );
  return (
    <form className="safety-return" onSubmit={submit}>
      <label>
        {t('activity.safety.returnLabel')}
        <input
          type="time"
          data-testid="safety-return-time"
          value={time}
          required
          onChange={(e) => setTime(e.target.value)}
        />
      </label>
      <Action type="submit" testId="safety-return-save" pending={mutation.isPending}>
        {t('activity.safety.saveReturn')}
      </Action>
      {estimateLater && (
        <Action kind="outline" onPress={() => save(estimateLater.toISOString())}>
          {t('activity.safety.useEstimate', { time: clock(estimateLater.toISOString()) })}
        </Action>
      )}
      {safety.plannedReturnSet && (
        <Action kind="outline" onPress={() => save(null)}>
          {t('activity.safety.resetReturn')}
        </Action>
      )}
    </form>
  );
}

/** A checkbox of the safety panel with its text, disabled while its change is saved. */
function SafetyCheck({
  testId,
  checked,
  pending,
  onChange,
  children,
}: {
  testId: string;
  checked: boolean;
  pending: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="safety-check">
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        disabled={pending}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
