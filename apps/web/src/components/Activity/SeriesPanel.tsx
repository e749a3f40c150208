import type { Activity, SeriesDate } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { describeRule } from '../../sheets/contents/activity/repeat.ts';
import {
  useCancelDateMutation,
  useJoinSeriesMutation,
  useLeaveSeriesMutation,
  useSeriesQuery,
  useSkipDateMutation,
} from '../../state/queries/series.ts';
import { withConsent } from '../Consent/consent.ts';
import { confirm, reporting } from '../feedback.ts';
import { Action } from '../kit/Action.tsx';

/**
 * The series an activity is a date of (docs/series.md): its rule as a sentence, joining every date (or leaving the
 * series), the next dates with the person's status and their per-date opt-out, and, for organisers, cancelling
 * this date. Joining only this date is the page's usual join button.
 */
export function SeriesPanel({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useSeriesQuery(activity.activityId, !!activity.series);
  const join = useJoinSeriesMutation(activity.activityId);
  const leave = useLeaveSeriesMutation(activity.activityId);
  const skip = useSkipDateMutation(activity.activityId);
  const cancel = useCancelDateMutation(activity.activityId);
  const series = query.data;
  if (!activity.series || !series) return null;
  const language = i18n.language;
  const day = (date: SeriesDate) =>
    formatDate(new Date(date.startsAt), language, { weekday: 'short', day: 'numeric', month: 'short' });
  const started = new Date(activity.startsAt) <= new Date();
  // A series whose every date is made (COUNT or UNTIL reached) has ended, yet its later dates may still be cancelled.
  const later = series.nextDates.some((d) => d.activityId && d.date > activity.series!.occurrenceDate);
  const busy = join.isPending || leave.isPending || skip.isPending || cancel.isPending;

  const onCancel = async (scope: 'THIS' | 'FOLLOWING') => {
    const following = scope === 'FOLLOWING';
    const ok = await confirm({
      title: following ? t('series.panel.cancelFollowing') : t('series.panel.cancelDate'),
      description: following ? t('series.panel.cancelFollowingConfirm') : t('series.panel.cancelConfirm'),
      // "Confirm" / "Cancel" would be ambiguous here: the way out must not read as cancelling the dates.
      confirmLabel: following ? t('series.panel.cancelFollowingYes') : t('series.panel.cancelDateYes'),
      cancelLabel: following ? t('series.panel.keepDates') : t('series.panel.keepDate'),
      destructive: true,
    });
    if (!ok) return;
    cancel.mutate(
      scope,
      reporting(following ? t('series.panel.cancelledFollowing') : t('series.panel.cancelled'), () => navigate('/')),
    );
  };

  return (
    <section className="series-panel" data-testid="series-panel">
      <h3>{t('series.panel.title')}</h3>
      <p className="series-rule" data-testid="series-rule">
        {describeRule(series.rule, series.startDate, series.startTime, t, language)}
      </p>
      {series.joined && !series.isAdmin && (
        <p className="muted" data-testid="series-joined">
          {t('series.panel.joinedNotice')}
        </p>
      )}
      {series.ended && <p className="muted">{t('series.panel.ended')}</p>}
      <div className="series-actions">
        {!series.joined && (
          <Action
            testId="series-join"
            pending={busy}
            onPress={() =>
              withConsent(activity, (consentVersion) =>
                join.mutate(consentVersion, reporting(t('series.panel.joinedSeries'))),
              )
            }
          >
            {t('series.panel.joinSeries')}
          </Action>
        )}
        {series.joined && !series.isAdmin && (
          <Action
            kind="outline"
            testId="series-leave"
            pending={busy}
            onPress={() => leave.mutate(undefined, reporting(t('series.panel.leftSeries')))}
          >
            {t('series.panel.leaveSeries')}
          </Action>
        )}
        {activity.isAdmin && !started && (
          <>
            <Action kind="ghost" testId="series-cancel-date" pending={busy} onPress={() => void onCancel('THIS')}>
              {t('series.panel.cancelDate')}
            </Action>
            {(!series.ended || later) && (
              <Action
                kind="ghost"
                testId="series-cancel-following"
                pending={busy}
                onPress={() => void onCancel('FOLLOWING')}
              >
                {t('series.panel.cancelFollowing')}
              </Action>
            )}
          </>
        )}
      </div>
      <h4>{t('series.panel.next')}</h4>
      <ul className="series-dates" data-testid="series-dates">
        {series.nextDates.map((date) => {
          const label = `${day(date)} · ${formatTime(new Date(date.startsAt), language)}`;
          const state = date.skipped
            ? t('series.panel.skipped')
            : date.status === 'PARTICIPATING'
              ? t('series.panel.taking')
              : date.status === 'WAITLISTED'
                ? t('series.panel.waiting')
                : date.activityId
                  ? t('series.panel.open')
                  : t('series.panel.later');
          const current = date.activityId === activity.activityId;
          return (
            <li key={date.date} data-testid={`series-date-${date.date}`} className={current ? 'current' : undefined}>
              {date.activityId && !current ? (
                <Link to={`/view-activity/${date.activityId}`}>{label}</Link>
              ) : (
                <strong>{label}</strong>
              )}
              <span className={`tag${date.skipped ? ' tag-muted' : ''}`}>{state}</span>
              {series.joined && !series.isAdmin && (
                <Action
                  kind="ghost"
                  className="btn-small"
                  testId={`series-skip-${date.date}`}
                  aria-label={
                    date.skipped
                      ? t('series.panel.attendLabel', { date: label })
                      : t('series.panel.skipLabel', { date: label })
                  }
                  pending={busy}
                  onPress={() => skip.mutate({ date: date.date, skip: !date.skipped }, reporting())}
                >
                  {date.skipped ? t('series.panel.attend') : t('series.panel.skip')}
                </Action>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
