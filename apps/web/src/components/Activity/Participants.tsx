import type { Activity, UserSummary } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { openSheet } from '../../sheets/store.ts';
import { useHiddenParticipantsCountQuery, useParticipantsQuery } from '../../state/queries/activity.ts';
import { fullName } from '../People/format.ts';
import { Avatar, PersonRow } from '../People/People.tsx';

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
          <PersonRow
            key={p.userId}
            person={p}
            onOpen={() => openProfile(p.userId)}
            actions={p.isAdmin && <span className="tag tag-admin">{t('activity.view.admin')}</span>}
          />
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

export const openProfile = (userId: string) => openSheet({ type: 'profile', params: { id: userId } });

export const personName = fullName;

/** A person's picture and name; a tap opens their profile sheet. */
export function PersonButton({ person }: { person: UserSummary }) {
  return (
    <button type="button" className="person-open" onClick={() => openProfile(person.userId)}>
      <Avatar person={person} size={36} />
      <span className="person-text">
        <strong>{fullName(person)}</strong>
        {person.username && <small className="muted">@{person.username}</small>}
      </span>
    </button>
  );
}
