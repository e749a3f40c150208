import type { SQL } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { type Access, activityRules, clubRules, groupMemberSql, isAdmin } from '../access/access.ts';
import type { Capacity, MembershipPolicy } from '../membership/membership.service.ts';
import type { ActivitiesRepository, ActivityRow } from './activities.repository.ts';

/**
 * What is particular to taking part in an activity: it must not have started; members of its group join
 * a group activity directly (others ask the group, not the activity); only admins invite, and only their
 * contacts and the members of groups they belong to.
 */
export function activityMembershipPolicy(deps: {
  access: Pick<Access, 'require' | 'isGroupMember' | 'club'>;
  repo: Pick<ActivitiesRepository, 'contactsAmong' | 'membersOfGroups' | 'liveGroup' | 'candidateStates'>;
  now: () => Date;
  /** Seats, the join deadline and the waitlist (seats/seats.service.ts). */
  capacity?: Capacity<ActivityRow>;
}): MembershipPolicy<ActivityRow> {
  const { access, repo } = deps;
  return {
    kind: 'activity',
    chat: (activityId) => ({ kind: 'ACTIVITY', activityId }),
    notifications: {
      request: 'ACTIVITY_REQUEST',
      accept: 'ACTIVITY_ACCEPT',
      reject: 'ACTIVITY_REJECT',
      invite: 'ACTIVITY_INVITE',
      joined: 'ACTIVITY_JOINED',
      waitlisted: 'ACTIVITY_WAITLISTED',
    },

    async readsRequests(tx, activity, userId) {
      if (!activity.groupId) return false;
      const club = await access.club(activity.groupId, userId, tx);
      return !!club && clubRules.takesAttendance({ ...club, organiser: false, visible: true });
    },

    /** A private activity does not exist for outsiders: 404. */
    async load(tx, activityId, userId, lock) {
      const found = await access.require('activity', activityId, userId, { as: 'viewer', lock, tx });
      return {
        object: found.activity,
        member: found.member,
        blockedByAdmin: found.blockedByOrganiser,
        adminIds: found.organiserIds,
      };
    },

    async entry(tx, activity, userId, member) {
      if (activity.startsAt <= deps.now()) throw new ApiError('ACTIVITY_STARTED');
      if (member?.state === 'INVITED') return 'JOIN';
      if (activity.groupId) {
        if (!(await access.isGroupMember(activity.groupId, userId, tx)))
          throw new ApiError('GROUP_MEMBERSHIP_REQUIRED');
        return 'JOIN';
      }
      return activity.access === 'CLOSED' ? 'REQUEST' : 'JOIN';
    },

    mayInvite: (_activity, member) => isAdmin(member),

    async invitees(tx, activity, actorId, request) {
      const direct = request.userIds ?? [];
      const contacts = await repo.contactsAmong(actorId, direct, tx);
      const strangers = direct.filter((id) => !contacts.has(id));
      if (strangers.length) {
        throw new ApiError('FORBIDDEN', {
          message: 'You can invite only your contacts',
          details: { userIds: strangers },
        });
      }
      const groupIds = request.groupIds ?? [];
      const groupMembers = await repo.membersOfGroups(groupIds, tx);
      for (const groupId of groupIds) {
        const members = groupMembers.filter((m) => m.groupId === groupId);
        if (!members.length && !(await repo.liveGroup(groupId, tx))) throw new ApiError('GROUP_NOT_FOUND');
        if (!members.some((m) => m.userId === actorId)) {
          throw new ApiError('FORBIDDEN', { message: 'You can invite only groups you belong to' });
        }
      }
      const vouched = request.vouchedUserIds ?? [];
      const candidates = [...new Set([...direct, ...vouched, ...groupMembers.map((m) => m.userId)])].filter(
        (id) => id !== actorId,
      );
      const states = await repo.candidateStates(activity.id, activity.groupId, candidates, tx);
      return states.map(({ userId, inGroup }) => ({ userId, reason: inGroup ? null : ('NOT_GROUP_MEMBER' as const) }));
    },

    inviteGate: (activity) =>
      activity.groupId
        ? { allowed: groupMemberSql(activity.groupId, users.id) as SQL<boolean>, reason: 'NOT_GROUP_MEMBER' }
        : null,
    membersVisible: (activity, member) =>
      activityRules.participantsVisible({
        participantsPublic: activity.participantsPublic,
        myState: member?.state ?? null,
      }),
    removesAdmins: true,
    exitWithoutMembership: null,
    removeSelf: null,
    capacity: deps.capacity,
  };
}
