import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import { useMyPollsQuery } from '../../state/queries/polls.ts';
import { PollList } from './PollList.tsx';
import '../Group/group.css';

/** Date polls among contacts, outside any group (docs/polls.md): those asking me or made by me, and a new one. */
export function ContactPolls() {
  const { t } = useTranslation();
  const polls = (useMyPollsQuery().data ?? []).filter((poll) => !poll.group);
  return (
    <section className="activity-people group-polls contact-polls" data-testid="contact-polls">
      <h3>{t('group.polls.withContacts')}</h3>
      {polls.length > 0 && <PollList polls={polls} testId="contact-poll" />}
      <button
        type="button"
        className="btn btn-outline btn-small"
        data-testid="contacts-propose-dates"
        onClick={() => openSheet({ type: 'handle-poll', params: {} })}
      >
        {t('group.polls.askContacts')}
      </button>
    </section>
  );
}
