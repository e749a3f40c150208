import type { Poll } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';

/** Date polls (docs/polls.md), each a link to its page with its deadline and how many answered. */
export function PollList({ polls, testId }: { polls: readonly Poll[]; testId: string }) {
  const { t, i18n } = useTranslation();
  if (polls.length === 0) return <p className="muted">{t('group.polls.none')}</p>;
  return (
    <ul className="poll-list">
      {polls.map((poll) => (
        <li key={poll.pollId}>
          <Link to={`/poll/${poll.pollId}`} className="poll-link" data-testid={testId}>
            <strong>{poll.title}</strong>
            <span className="muted">
              {poll.closedAt
                ? t('group.polls.closed')
                : t('group.polls.until', { when: formatDateTime(new Date(poll.deadline), i18n.language) })}{' '}
              · {t('group.polls.answered', { answered: poll.answeredCount, asked: poll.askedCount })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
