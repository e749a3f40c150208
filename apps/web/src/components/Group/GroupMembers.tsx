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
import { LoadMore } from '../LoadMore.tsx';
import { fullName } from '../People/format.ts';
import { type MemberAction, MemberList, type MemberManagement } from '../People/Members.tsx';
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
  const remove = useRemoveGroupMemberMutation();
  const calls: Record<MemberAction, typeof makeAdmin> = { makeAdmin, removeAdmin, remove };
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

  const manage: MemberManagement | null = group.isAdmin
    ? {
        run: (action, userId) => calls[action].mutateAsync({ groupId, userId }),
        removeConfirm: (name) => ({
          title: t('group.feedback.removeConfirm.title'),
          description: t('group.feedback.removeConfirm.description', { name }),
        }),
      }
    : null;

  return (
    <>
      {admins.length > 0 && (
        <section className="activity-people" data-testid="group-admins">
          <h3>{t('group.view.admins')}</h3>
          <p className="group-admin-names">{admins.map(fullName).join(', ')}</p>
        </section>
      )}
      <section className="activity-people" data-testid="group-members">
        <h3>
          {t('group.view.members')} ({group.membersCount})
        </h3>
        <MemberList
          members={members}
          manage={manage}
          rowTestId="group-member"
          consentVersion={group.isAdmin ? group.consent?.version : undefined}
        />
        <LoadMore list={query} label={t('group.showMore')} testId="group-members-more" />
      </section>
    </>
  );
}
