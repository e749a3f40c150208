import type { Poll, PollSlot } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirm, showError, showSuccess } from '../../components/feedback.ts';
import { OptionGroup } from '../../components/kit/OptionGroup.tsx';
import { fullName } from '../../components/People/format.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { POLL_ANSWERS, type PollAnswer } from '../../contract.ts';
import { formatDate, formatDateTime } from '../../i18n/dates.ts';
import { openSheet } from '../../sheets/store.ts';
import { useAnswerPollMutation, useClosePollMutation, useLivePoll, usePollQuery } from '../../state/queries/polls.ts';
import '../../components/Activity/activity.css';
import '../../components/Group/group.css';

/** A date poll (docs/polls.md): its dates with the tally, one's own answers, and for its creator who said what. */
export default function PollScreen() {
  const { t } = useTranslation();
  const { pollId } = useParams();
  const query = usePollQuery(pollId);
  useLivePoll(pollId);
  return (
    <Screen title={t('group.polls.screen')} testId="poll-screen" back>
      <QueryState query={query} notFoundCode="POLL_NOT_FOUND" testPrefix="poll" skeleton="page">
        {(poll) => <PollView poll={poll} />}
      </QueryState>
    </Screen>
  );
}

function PollView({ poll }: { poll: Poll }) {
  const { t, i18n } = useTranslation();
  const close = useClosePollMutation();
  const open = poll.closedAt === null;
  const audience = poll.subgroup?.name ?? poll.group?.name;

  const closeNow = async () => {
    const sure = await confirm({
      title: t('group.polls.closeConfirm.title'),
      description: t('group.polls.closeConfirm.description'),
      confirmLabel: t('group.polls.close'),
    });
    if (!sure) return;
    try {
      await close.mutateAsync(poll.pollId);
      showSuccess(t('group.polls.closedDone'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <article className="poll" data-testid="poll" data-poll-id={poll.pollId}>
      <header className="poll-head">
        <h2 data-testid="poll-title">{poll.title}</h2>
        <p className="muted">
          {t('group.polls.by', { name: fullName(poll.creator) })} ·{' '}
          {audience
            ? t('group.polls.forGroup', { name: audience })
            : t('group.polls.forContacts', { count: poll.askedCount })}
        </p>
        <p className="activity-tags">
          <span className="tag" data-testid="poll-state">
            {open
              ? t('group.polls.until', { when: formatDateTime(new Date(poll.deadline), i18n.language) })
              : t('group.polls.closed')}
          </span>
          <span className="tag" data-testid="poll-answered">
            {t('group.polls.answered', { answered: poll.answeredCount, asked: poll.askedCount })}
          </span>
        </p>
      </header>
      {poll.activityId && (
        <Link
          className="btn btn-primary btn-block"
          to={`/view-activity/${poll.activityId}`}
          data-testid="poll-activity"
        >
          {t('group.polls.seeActivity')}
        </Link>
      )}
      <ul className="poll-slots">
        {poll.slots.map((slot) => (
          <SlotRow key={slot.slotId} poll={poll} slot={slot} />
        ))}
      </ul>
      {poll.isCreator && open && (
        <button
          type="button"
          className="btn btn-outline btn-block"
          data-testid="poll-close"
          disabled={close.isPending}
          onClick={() => void closeNow()}
        >
          {t('group.polls.close')}
        </button>
      )}
    </article>
  );
}

function SlotRow({ poll, slot }: { poll: Poll; slot: PollSlot }) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerPollMutation();
  const open = poll.closedAt === null;
  const when = `${formatDate(new Date(`${slot.date}T12:00:00`), i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })} · ${slot.startTime}–${slot.endTime}`;
  const winning = poll.winningSlotId === slot.slotId;

  const choose = async (choice: PollAnswer) => {
    try {
      await answer.mutateAsync({ pollId: poll.pollId, answers: [{ slotId: slot.slotId, answer: choice }] });
      showSuccess(t('group.polls.answeredDone'));
    } catch (error) {
      showError(error);
    }
  };
  const createActivity = () =>
    openSheet({
      type: 'handle-activity',
      params: { step: 'info', groupId: poll.group?.groupId, poll: { pollId: poll.pollId, slotId: slot.slotId } },
    });

  return (
    <li className={winning ? 'poll-slot winning' : 'poll-slot'} data-testid="poll-slot" data-slot-id={slot.slotId}>
      <div className="poll-slot-head">
        <strong>{when}</strong>
        {winning && <span className="tag tag-admin">{t('group.polls.winner')}</span>}
      </div>
      <p className="muted" data-testid="poll-tally">
        {t('group.polls.tally', slot.tally)}
      </p>
      {open && (
        <OptionGroup
          fieldset
          className="segmented"
          aria-label={t('group.polls.yourAnswer', { date: when })}
          options={POLL_ANSWERS}
          value={slot.mine}
          onChange={(choice) => void choose(choice)}
          label={(choice) => t(`group.polls.answers.${choice}`)}
          testId={(choice) => `poll-answer-${choice}`}
        />
      )}
      {slot.voters && (
        <ul className="poll-voters" data-testid="poll-voters">
          {(['yes', 'maybe', 'no'] as const).map(
            (kind) =>
              slot.voters![kind].length > 0 && (
                <li key={kind}>
                  {t(`group.polls.voters.${kind}`, { names: slot.voters![kind].map(fullName).join(', ') })}
                </li>
              ),
          )}
        </ul>
      )}
      {poll.isCreator && !poll.activityId && slot.tally.yes + slot.tally.maybe > 0 && (
        <button
          type="button"
          className={winning ? 'btn btn-primary btn-small' : 'btn btn-outline btn-small'}
          data-testid="poll-create-activity"
          onClick={createActivity}
        >
          {t('group.polls.createActivity')}
        </button>
      )}
    </li>
  );
}
