import { SERIES_SCOPES } from '@cordata/contract/enums';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSportName } from '../../../../components/Activity/ActivityCard.tsx';
import { formatDistance } from '../../../../components/Activity/format.ts';
import { showError, showSuccess } from '../../../../components/feedback.ts';
import { formatDate, formatDuration } from '../../../../i18n/dates.ts';
import { useCreateActivityMutation, useUpdateActivityMutation } from '../../../../state/queries/activity.ts';
import { useCreateFromPollMutation } from '../../../../state/queries/polls.ts';
import { activityBody, type DraftRoute, requiredMinutes, useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { describeRule, noRepeat, repeatFromSeries, repeatProblems, repeatRule } from '../repeat.ts';
import { Choice } from './InfoStep.tsx';
import { RepeatFields } from './RepeatFields.tsx';
import { WizardStep } from './WizardStep.tsx';

/** Step 4/4: the summary, the invitations, and publishing. */
export function PublishStep({ go, close }: StepProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraftStore((s) => s.draft);
  const create = useCreateActivityMutation();
  const fromPoll = useCreateFromPollMutation();
  const save = useUpdateActivityMutation();
  const sportName = useSportName(draft.sportId);
  const busy = create.isPending || save.isPending || fromPoll.isPending;
  const required = requiredMinutes(draft);
  const distance = routeDistance(draft.route);
  const update = useDraftStore((s) => s.update);
  // Editing a date of a series: which dates change. A new activity: its repeat rule read back.
  const series = !!draft.activityId && draft.inSeries;
  const changesRule = series && draft.scope !== 'THIS';
  const rule = !draft.activityId || changesRule ? repeatRule(draft.repeat, draft.date) : null;
  const ruleProblems = changesRule && draft.repeat.freq !== 'NONE' ? repeatProblems(draft.repeat, draft.date) : [];
  const repeatText = rule ? describeRule(rule, draft.date, draft.startTime, t, i18n.language) : null;

  const publish = async () => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { route, ...body } = await activityBody(draft, timeZone);
    const onError = (e: unknown) => showError(e);
    if (draft.activityId) {
      save.mutate(
        { ...body, route, activityId: draft.activityId },
        {
          onSuccess: ({ activity }) => {
            close();
            showSuccess(t('activity.wizard.saved'));
            // A new rule may have cancelled this date: the answer is the new series' first one.
            if (activity.activityId !== draft.activityId) navigate(`/view-activity/${activity.activityId}`);
          },
          onError,
        },
      );
    } else if (route) {
      const published = {
        onSuccess: ({ activity }: { activity: { activityId: string } }) => {
          // Published: the kept draft has done its job.
          useDraftStore.getState().discard();
          close();
          showSuccess(t('activity.wizard.created'));
          navigate(`/view-activity/${activity.activityId}`);
        },
        onError,
      };
      if (draft.fromPoll) {
        // The poll fixes the day, the times, the group and who is invited (its date's yes and maybe voters).
        const { date, startTime, endTime, timeZone: _zone, groupId, subgroupIds, invitedUserIds, ...activity } = body;
        fromPoll.mutate(
          { pollId: draft.fromPoll.pollId, slotId: draft.fromPoll.slotId, activity: { ...activity, route } },
          published,
        );
      } else create.mutate({ ...body, route }, published);
    }
  };

  return (
    <WizardStep
      testId="wizard-publish"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-publish-button"
          disabled={busy || ruleProblems.length > 0}
          onClick={publish}
        >
          {draft.activityId ? t('activity.wizard.save') : t('activity.wizard.publish')}
        </button>
      }
    >
      <h3>{t('activity.wizard.summary')}</h3>
      <dl className="wizard-summary" data-testid="wizard-summary">
        <dt>{t('activity.wizard.name')}</dt>
        <dd>{draft.name}</dd>
        <dt>{t('activity.wizard.sport')}</dt>
        <dd>{sportName}</dd>
        <dt>{t('activity.wizard.date')}</dt>
        <dd>
          {formatDate(new Date(`${draft.date}T12:00:00`), i18n.language)} · {draft.startTime}–{draft.endTime}
        </dd>
        {distance !== null && (
          <>
            <dt>{t('activity.view.distance')}</dt>
            <dd>{formatDistance(distance, i18n.language)}</dd>
          </>
        )}
        {repeatText && (
          <>
            <dt>{t('series.wizard.summaryLabel')}</dt>
            <dd data-testid="wizard-repeat-summary">{repeatText}</dd>
          </>
        )}
        <dt>{t('activity.view.difficulty')}</dt>
        <dd>{draft.difficulty ? t(`activity.difficulty.${draft.difficulty}`) : '—'}</dd>
        <dt>{t('activity.view.requiredTime')}</dt>
        <dd>{required ? formatDuration(required) : t('activity.view.notSet')}</dd>
        <dt>{t('seats.wizard.title')}</dt>
        <dd data-testid="wizard-places-summary">
          {draft.places.trim() ? t('seats.wizard.summary', { count: Number(draft.places) }) : t('seats.wizard.noLimit')}
        </dd>
        <dt>{t('activity.wizard.access')}</dt>
        <dd>
          {t(`activity.access.${draft.access}`)} · {t(`activity.visibility.${draft.visibility}`)}
        </dd>
      </dl>
      {series && (
        <Choice
          legend={t('series.scope.title')}
          name="scope"
          value={draft.scope}
          options={SERIES_SCOPES.map((scope) => ({
            value: scope,
            label: t(`series.scope.${scope}`),
            hint: scope === 'THIS' ? '' : t('series.scope.note'),
          }))}
          onChange={(scope) => update(scope === 'THIS' ? { scope, repeat: noRepeat() } : { scope })}
        />
      )}
      {changesRule && (
        <label className="settings-toggle" data-testid="wizard-change-rule">
          <span>{t('series.scope.changeRule')}</span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={draft.repeat.freq !== 'NONE'}
            checked={draft.repeat.freq !== 'NONE'}
            onChange={(e) =>
              update({
                // The series' current rule to change from (frequency, days, end, exceptions), not defaults.
                repeat: !e.target.checked
                  ? noRepeat()
                  : draft.seriesRule
                    ? repeatFromSeries(draft.seriesRule, draft.date)
                    : { ...noRepeat(), freq: 'WEEKLY' },
              })
            }
          />
        </label>
      )}
      {changesRule && draft.repeat.freq !== 'NONE' && (
        <>
          <RepeatFields showErrors />
          <p className="muted" data-testid="wizard-rule-note">
            {t('series.scope.ruleNote')}
          </p>
        </>
      )}
      <button
        type="button"
        className="btn btn-outline btn-block"
        data-testid="wizard-invite"
        onClick={() => go('contacts')}
      >
        {t('activity.wizard.invite')}
      </button>
      {draft.invitedUserIds.length > 0 && (
        <p className="muted" data-testid="wizard-invited-count">
          {t('activity.wizard.invitedCount', { count: draft.invitedUserIds.length })}
        </p>
      )}
    </WizardStep>
  );
}

function routeDistance(route: DraftRoute): number | null {
  switch (route.mode) {
    case 'GPX':
      return route.preview.totalDistance;
    case 'EXISTING':
      return route.activity.totalDistance;
    default:
      return null;
  }
}
