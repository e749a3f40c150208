import type { Activity, UserSummary } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { openSheet } from '../../sheets/store.ts';
import { useHiddenParticipantsCountQuery, useParticipantsQuery } from '../../state/queries/activity.ts';

/** The participants, 10 a page, with "show more" while the last page was full. */
export function Participants({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const query = useParticipantsQuery(activity.activityId);
  const hidden = query.isError && isApiError(query.error) && query.error.code === 'FORBIDDEN';
  const hiddenCount = useHiddenParticipantsCountQuery(activity.activityId, hidden);
  const participants = query.data?.pages.flatMap((p) => p.participants) ?? [];
  return (
    <section className="activity-people" data-testid="participants">
      <h3>
        {t('activity.view.participants')} ({activity.participantsCount})
      </h3>
      {hidden && (
        <p className="muted" data-testid="participants-hidden">
          {t('activity.view.hiddenParticipants', { count: hiddenCount.data ?? activity.participantsCount })}
        </p>
      )}
      <ul className="people-list">
        {participants.map((p) => (
          <li key={p.userId} data-testid="participant">
            <PersonButton person={p} />
            {p.isAdmin && <span className="tag tag-admin">{t('activity.view.admin')}</span>}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          data-testid="participants-more"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {t('activity.view.showMore')}
        </button>
      )}
    </section>
  );
}

export const personName = (p: UserSummary) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || '—';

/** A person's avatar and name; a tap opens their profile sheet. */
export function PersonButton({ person }: { person: UserSummary }) {
  const name = personName(person);
  return (
    <button
      type="button"
      className="person"
      onClick={() => openSheet({ type: 'profile', params: { id: person.userId } })}
    >
      {person.profilePicture ? (
        <img className="avatar" src={person.profilePicture} alt="" />
      ) : (
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <span>
        {name}
        {person.username && <small className="muted"> @{person.username}</small>}
      </span>
    </button>
  );
}
