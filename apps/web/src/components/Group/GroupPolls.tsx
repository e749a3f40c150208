import type { Group } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import { useMyPollsQuery } from '../../state/queries/polls.ts';
import { PollList } from '../Polls/PollList.tsx';

/** The group's date polls that ask the member (docs/polls.md), and proposing new dates. For members only. */
export function GroupPolls({ group }: { group: Group }) {
  const { t } = useTranslation();
  const member = group.status === 'PARTICIPATING';
  const polls = useMyPollsQuery(group.groupId, member).data ?? [];
  if (!member) return null;
  return (
    <section className="activity-people group-polls" data-testid="group-polls">
      <h3>{t('group.polls.title')}</h3>
      <PollList polls={polls} testId="group-poll" />
      <button
        type="button"
        className="btn btn-outline btn-small"
        data-testid="group-propose-dates"
        onClick={() => openSheet({ type: 'handle-poll', params: { groupId: group.groupId } })}
      >
        {t('group.polls.propose')}
      </button>
    </section>
  );
}
