import type { Group } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import {
  useGroupMembersQuery,
  useHiddenMembersCountQuery,
  useMakeGroupAdminMutation,
  useRemoveGroupAdminMutation,
  useRemoveGroupMemberMutation,
} from '../../state/queries/group.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { PersonButton, personName } from '../Activity/Participants.tsx';
import { confirm, showError } from '../feedback.ts';
import { mayListMembers } from './actions.ts';

/**
 * The members, 10 a page, admins first and marked; admins manage them here. Outsiders of a
 * closed group see only how many there are.
 */
export function GroupMembers({ group }: { group: Group }) {
  const { t } = useTranslation();
  const { groupId } = group;
  const listed = mayListMembers(group);
  const query = useGroupMembersQuery(groupId, listed);
  const hidden = !listed || (query.isError && isApiError(query.error) && query.error.code === 'FORBIDDEN');
  const hiddenCount = useHiddenMembersCountQuery(groupId, hidden);
  const makeAdmin = useMakeGroupAdminMutation();
  const removeAdmin = useRemoveGroupAdminMutation();
  const removeMember = useRemoveGroupMemberMutation();
  const me = useOwnProfileQuery().data?.user.userId;
  const busy = makeAdmin.isPending || removeAdmin.isPending || removeMember.isPending;
  const members = query.data?.pages.flatMap((p) => p.participants) ?? [];
  const admins = members.filter((m) => m.isAdmin);

  if (hidden) {
    return (
      <section className="activity-people" data-testid="group-members">
        <h3>{t('group.view.members')}</h3>
        <p className="muted" data-testid="group-members-hidden">
          {t('group.view.hiddenMembers', { count: hiddenCount.data ?? group.membersCount })}
        </p>
      </section>
    );
  }

  const remove = async (member: (typeof members)[number]) => {
    const sure = await confirm({
      title: t('group.feedback.removeConfirm.title'),
      description: t('group.feedback.removeConfirm.description', { name: personName(member) }),
      confirmLabel: t('group.view.removeMember'),
      destructive: true,
    });
    if (sure) removeMember.mutate({ groupId, userId: member.userId }, { onError: (e) => showError(e) });
  };

  return (
    <>
      {admins.length > 0 && (
        <section className="activity-people" data-testid="group-admins">
          <h3>{t('group.view.admins')}</h3>
          <p className="group-admin-names">{admins.map(personName).join(', ')}</p>
        </section>
      )}
      <section className="activity-people" data-testid="group-members">
        <h3>
          {t('group.view.members')} ({group.membersCount})
        </h3>
        <ul className="people-list">
          {members.map((m) => (
            <li key={m.userId} className="group-member" data-testid="group-member" data-user-id={m.userId}>
              <PersonButton person={m} />
              {m.isAdmin && <span className="tag tag-admin">{t('group.view.admin')}</span>}
              {group.isAdmin && m.userId !== me && (
                <span className="group-member-actions">
                  {m.isAdmin ? (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      data-testid="member-remove-admin"
                      disabled={busy}
                      onClick={() =>
                        removeAdmin.mutate({ groupId, userId: m.userId }, { onError: (e) => showError(e) })
                      }
                    >
                      {t('group.view.removeAdmin')}
                    </button>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost"
                        data-testid="member-make-admin"
                        disabled={busy}
                        onClick={() =>
                          makeAdmin.mutate({ groupId, userId: m.userId }, { onError: (e) => showError(e) })
                        }
                      >
                        {t('group.view.makeAdmin')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-danger"
                        data-testid="member-remove"
                        disabled={busy}
                        onClick={() => void remove(m)}
                      >
                        {t('group.view.removeMember')}
                      </button>
                    </>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
        {query.hasNextPage && (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            data-testid="group-members-more"
            disabled={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {t('group.showMore')}
          </button>
        )}
      </section>
    </>
  );
}
