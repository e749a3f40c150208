import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { groupRules, isAdmin, isMember } from '../access/access.ts';
import type { Member } from '../membership/membership.repository.ts';
import type { MembershipPolicy } from '../membership/membership.service.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';

/**
 * What is particular to belonging to a group: open groups are joined directly, closed ones by a request or an
 * invitation; in an open group every member may invite, in a closed one only admins, and only their contacts;
 * an admin's rights go before they can be removed.
 */
export function groupMembershipPolicy(deps: {
  repo: Pick<GroupsRepository, 'find' | 'lock' | 'liveUserIds' | 'contactIds'>;
  /** Whether a request is accepted at once (the group's reliability threshold, docs/attendance.md). */
  autoAccept?: (tx: DbOrTx, groupId: string, userId: string) => Promise<boolean>;
}): MembershipPolicy<GroupRow> {
  const { repo } = deps;
  return {
    kind: 'group',
    chat: (groupId) => ({ kind: 'GROUP', groupId }),
    notifications: { request: 'GROUP_REQUEST', accept: 'GROUP_ACCEPT', reject: 'GROUP_REJECT', invite: 'GROUP_INVITE' },

    async load(tx, groupId, userId, lock) {
      if (lock) await repo.lock(groupId, tx, lock === 'share' ? 'share' : 'update');
      const row = await repo.find(groupId, userId, tx);
      if (!row) throw new ApiError('GROUP_NOT_FOUND');
      const member: Member | null = row.myState
        ? {
            userId,
            state: row.myState,
            isAdmin: row.myIsAdmin === true,
            rejectionReason: row.myRejectionReason,
            removedAt: row.myRemovedAt,
          }
        : null;
      return { object: row.group, member };
    },

    entry: async (_tx, group, _userId, member) =>
      member?.state !== 'INVITED' && group.type === 'CLOSED' ? 'REQUEST' : 'JOIN',

    mayInvite: (group, member) => (group.type === 'CLOSED' ? isAdmin(member) : isMember(member)),

    async invitees(tx, _group, actorId, request) {
      const candidates = request.userIds ?? [];
      const [live, contacts] = await Promise.all([
        repo.liveUserIds(candidates, tx),
        repo.contactIds(actorId, candidates, tx),
      ]);
      return candidates
        .filter((id) => live.has(id))
        .map((userId) => ({ userId, reason: contacts.has(userId) ? null : ('NOT_CONTACT' as const) }));
    },

    inviteGate: () => null,
    membersVisible: (group, member) => groupRules.membersVisible({ type: group.type, myState: member?.state ?? null }),
    removesAdmins: false,
    exitWithoutMembership: () => new ApiError('NOT_FOUND', { message: 'You are not in this group' }),
    removeSelf: () => new ApiError('FORBIDDEN', { message: 'Leave the group instead' }),
    autoAccept: deps.autoAccept ? (tx, group, userId) => deps.autoAccept!(tx, group.id, userId) : undefined,
  };
}
