import type { Activity, ActivitySummary, UserSummary } from '@cordata/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../i18n/dates.ts';
import { useExitMutation } from '../../state/queries/activity.ts';
import {
  useClaimSeatMutation,
  useDeclineSeatMutation,
  useMoveInWaitlistMutation,
  usePickFromWaitlistMutation,
  useRemoveFromWaitlistMutation,
  useWaitlistQuery,
} from '../../state/queries/seats.ts';
import { confirm, reporting, showError, showSuccess } from '../feedback.ts';
import { Action } from '../kit/Action.tsx';

/** Whether joining now puts the person on the waitlist: full, or past the join deadline (docs/seats.md). */
export function joinsWaitlist(activity: ActivitySummary & Partial<Pick<Activity, 'joinDeadlineAt'>>, now = new Date()) {
  if (activity.seatsLeft === 0) return true;
  return !!activity.joinDeadlineAt && new Date(activity.joinDeadlineAt) <= now;
}

/**
 * "3 seats left" or "Full — join the waitlist" on a card; nothing without seats. Full reads as the caller's own
 * when it is: an organiser's "You organise · every seat taken", a participant's "You're in", a waiting person's
 * "On the waitlist" (issue 44: the calendar told an organiser to join her own activity's waitlist).
 */
export function SeatsTag({ activity }: { activity: ActivitySummary }) {
  const { t } = useTranslation();
  if (activity.seatsLeft === null) return null;
  const full = activity.seatsLeft === 0;
  const text = !full
    ? t('seats.card.left', { count: activity.seatsLeft })
    : activity.isAdmin
      ? t('seats.card.fullYouOrganise')
      : activity.status === 'PARTICIPATING'
        ? t('seats.card.fullYouAreIn')
        : activity.status === 'WAITLISTED'
          ? t('seats.card.fullYouWait')
          : t('seats.card.full');
  const joinable = full && !activity.isAdmin && activity.status !== 'PARTICIPATING' && activity.status !== 'WAITLISTED';
  return (
    <span className={`seats-tag${joinable ? ' seats-full' : ''}`} data-testid="activity-card-seats">
      {text}
    </span>
  );
}

/** The time left, "1 h 59 min" or "4 min 10 s", ticking every second; null once it has run out. */
export function useCountdown(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.floor((new Date(until).getTime() - now) / 1000);
  if (left <= 0) return null;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min ${String(s).padStart(2, '0')} s`;
}

/**
 * Where the person stands with the seats: the join deadline before joining, their place on the waitlist, or the seat
 * offered to them with its countdown and Claim / Decline.
 */
export function SeatsNotice({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const claim = useClaimSeatMutation();
  const decline = useDeclineSeatMutation();
  const offer = activity.waitlist?.offerExpiresAt ?? null;
  const left = useCountdown(offer);
  if (activity.status === 'WAITLISTED' && activity.waitlist) {
    if (offer && left) {
      const busy = claim.isPending || decline.isPending;
      return (
        <section className="seat-offer" data-testid="seat-offer" aria-live="polite">
          <h3>{t('seats.offer.title')}</h3>
          <p data-testid="seat-offer-countdown">{t('seats.offer.text', { left })}</p>
          <div className="seat-offer-actions">
            <Action
              testId="seat-claim"
              pending={busy}
              onPress={() => claim.mutate(activity.activityId, reporting(t('seats.offer.claimed')))}
            >
              {t('seats.offer.claim')}
            </Action>
            <Action
              kind="outline"
              testId="seat-decline"
              pending={busy}
              onPress={() => decline.mutate(activity.activityId, reporting(t('seats.offer.declined')))}
            >
              {t('seats.offer.decline')}
            </Action>
          </div>
        </section>
      );
    }
    return (
      <p className="activity-notice" data-testid="waitlist-position">
        {t('seats.position', { position: activity.waitlist.position })}
      </p>
    );
  }
  if (activity.status !== 'NONE' && activity.status !== 'INVITED') return null;
  if (!activity.joinDeadlineAt || new Date(activity.startsAt) <= new Date()) return null;
  const deadline = new Date(activity.joinDeadlineAt);
  return (
    <p className="activity-notice" data-testid="join-deadline">
      {deadline <= new Date()
        ? t('seats.deadlinePassed')
        : t('seats.deadline', { when: formatDateTime(deadline, i18n.language) })}
    </p>
  );
}

/** After a seat is confirmed: the overlapping activities the person still waits for, to leave in one tap. */
export function OverlapPrompt({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const exit = useExitMutation();
  const [busy, setBusy] = useState(false);
  if (activity.status !== 'PARTICIPATING' || activity.overlappingWaitlists.length === 0) return null;
  const leaveAll = async () => {
    setBusy(true);
    try {
      for (const other of activity.overlappingWaitlists) await exit.mutateAsync(other.activityId);
      showSuccess(t('seats.overlap.left'));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="seat-overlap" data-testid="seat-overlap">
      <h3>{t('seats.overlap.title')}</h3>
      <p>{t('seats.overlap.text')}</p>
      <ul>
        {activity.overlappingWaitlists.map((o) => (
          <li key={o.activityId}>
            <strong>{o.name}</strong> · {formatDateTime(new Date(o.startsAt), i18n.language)}
          </li>
        ))}
      </ul>
      <Action kind="outline" testId="seat-overlap-leave" pending={busy} onPress={leaveAll}>
        {t('seats.overlap.leave')}
      </Action>
    </section>
  );
}

const nameOf = (u: UserSummary | null, fallback: string) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || fallback : fallback;

/** The two moves of a waitlist entry: one place up, one place down. */
const MOVES = [
  { way: 'up', step: -1, arrow: '↑' },
  { way: 'down', step: 1, arrow: '↓' },
] as const;

/** Organisers: the waitlist in order, moved up or down or picked, and every change made to it. */
export function OrganiserWaitlist({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const { activityId } = activity;
  const shown = activity.isAdmin && (activity.waitlistCount > 0 || activity.seats !== null);
  const query = useWaitlistQuery(activityId, shown);
  const move = useMoveInWaitlistMutation(activityId);
  const pick = usePickFromWaitlistMutation(activityId);
  const remove = useRemoveFromWaitlistMutation(activityId);
  if (!shown) return null;
  const waitlist = query.data?.waitlist ?? [];
  const overrides = query.data?.overrides ?? [];
  const someone = t('notification.someone');
  const busy = move.isPending || pick.isPending || remove.isPending;
  const removeOne = async (userId: string, name: string) => {
    const sure = await confirm({
      title: t('seats.organiser.removeLabel', { name }),
      description: t('seats.organiser.removeConfirm', { name }),
      confirmLabel: t('seats.organiser.remove'),
      destructive: true,
    });
    if (!sure) return;
    remove.mutate(userId, reporting(t('seats.organiser.removed', { name })));
  };
  const moveTo = (userId: string, position: number) => move.mutate({ userId, position }, reporting());
  return (
    <section className="organiser-waitlist" data-testid="organiser-waitlist">
      <h3>{t('seats.organiser.title', { count: activity.waitlistCount })}</h3>
      <p className="muted">{t('seats.organiser.fair')}</p>
      {waitlist.length === 0 ? (
        <p className="muted" data-testid="waitlist-empty">
          {t('seats.organiser.empty')}
        </p>
      ) : (
        <ol className="waitlist-list">
          {waitlist.map((w) => {
            const name = nameOf(w, someone);
            return (
              <li key={w.userId} data-testid="waitlist-entry" data-user-id={w.userId}>
                <span className="waitlist-position">{w.position}</span>
                <span className="waitlist-name">
                  <strong>{name}</strong>
                  {w.offerExpiresAt && (
                    <small className="muted">
                      {t('seats.organiser.offered', { time: formatTime(new Date(w.offerExpiresAt), i18n.language) })}
                    </small>
                  )}
                </span>
                {MOVES.map(({ way, step, arrow }) => (
                  <Action
                    key={way}
                    kind="icon"
                    aria-label={t(`seats.organiser.${way}`, { name })}
                    testId={`waitlist-${way}`}
                    pending={busy}
                    disabled={w.position + step < 1 || w.position + step > waitlist.length}
                    onPress={() => moveTo(w.userId, w.position + step)}
                  >
                    {arrow}
                  </Action>
                ))}
                <Action
                  kind="outline"
                  className="waitlist-pick-btn"
                  aria-label={t('seats.organiser.pickLabel', { name })}
                  testId="waitlist-pick"
                  pending={busy}
                  onPress={() => pick.mutate(w.userId, reporting(t('seats.organiser.picked', { name })))}
                >
                  {t('seats.organiser.pick')}
                </Action>
                <Action
                  kind="icon"
                  aria-label={t('seats.organiser.removeLabel', { name })}
                  title={t('seats.organiser.remove')}
                  testId="waitlist-remove"
                  pending={busy}
                  onPress={() => void removeOne(w.userId, name)}
                >
                  ✕
                </Action>
              </li>
            );
          })}
        </ol>
      )}
      <details className="waitlist-log" data-testid="waitlist-log">
        <summary>{t('seats.organiser.log')}</summary>
        {overrides.length === 0 ? (
          <p className="muted">{t('seats.organiser.logEmpty')}</p>
        ) : (
          <ul>
            {overrides.map((o) => (
              <li key={`${o.createdAt}-${o.user?.userId}-${o.kind}`} data-testid="waitlist-log-entry">
                <small className="muted">{formatDateTime(new Date(o.createdAt), i18n.language)}</small>{' '}
                {t(`seats.organiser.${o.kind}`, {
                  actor: nameOf(o.actor, someone),
                  user: nameOf(o.user, someone),
                  from: o.fromPosition,
                  to: o.toPosition,
                })}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}
