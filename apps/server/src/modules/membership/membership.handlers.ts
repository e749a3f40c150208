import type { CallResponse } from '@cordata/contract';
import type { Handler } from '../../http/handlers.ts';
import type { Membership, Membershipable } from './membership.service.ts';

type Page = { page: number; limit: number };
type Requests = Awaited<ReturnType<Membership<Membershipable>['listRequests']>>;

/** The membership calls every domain answers, by the part of the call name after the domain. */
const MEMBERSHIP_CALLS = [
  'participate',
  'request-access',
  'exit',
  'accept-request',
  'reject-request',
  'remove-user',
  'make-admin',
  'remove-admin',
  'invite-users',
  'list-participants',
  'count-hidden-participants',
  'list-requests',
  'list-invitable-contacts',
  'accept-consent',
] as const;
type MembershipCall = (typeof MEMBERSHIP_CALLS)[number];

/** The handlers of a domain's membership calls, each typed by its contract entry. */
export type MembershipHandlers<D extends 'activity' | 'group'> = {
  [C in MembershipCall as `${D}/${C}`]: Handler<`${D}/${C}`>;
};

/**
 * The membership calls of a domain, answered by its engine, with the object's id already read from the body.
 * A change answers with the activity or group as the caller sees it now (`answer`). `requests` adds the domain's
 * own facts to each pending request (an activity's: the requester's attendance record).
 */
function membershipCalls<O extends Membershipable, Answer, Request>(
  members: Membership<O>,
  answer: (objectId: string, userId: string) => Promise<Answer>,
  requests: (objectId: string, requests: Requests) => Promise<Request[]>,
) {
  const changed =
    <A extends unknown[]>(change: (me: string, id: string, ...args: A) => Promise<unknown>) =>
    async (id: string, me: string, ...args: A) => {
      await change(me, id, ...args);
      return answer(id, me);
    };
  return {
    participate: changed(members.participate),
    requestAccess: changed(members.requestAccess),
    exit: changed(members.exit),
    acceptConsent: changed(members.acceptConsent),
    acceptRequest: changed(members.acceptRequest),
    rejectRequest: changed(members.rejectRequest),
    removeUser: changed(members.removeUser),
    makeAdmin: changed((me, id, userId: string) => members.setAdmin(me, id, userId, true)),
    removeAdmin: changed((me, id, userId: string) => members.setAdmin(me, id, userId, false)),
    inviteUsers: (id: string, me: string, invited: { userIds?: string[]; groupIds?: string[] }) =>
      members.inviteUsers(me, id, invited),
    listParticipants: async (id: string, me: string, page: Page) => ({
      participants: await members.listParticipants(me, id, page),
    }),
    countHidden: (id: string, me: string) => members.countParticipants(me, id),
    listRequests: async (id: string, me: string, page: Page) => ({
      requests: await requests(id, await members.listRequests(me, id, page)),
    }),
    listInvitableContacts: async (id: string, me: string, query: string | undefined, page: Page) => ({
      contacts: await members.listInvitableContacts(me, id, query || undefined, page),
    }),
  };
}

/** `activity/participate`, `activity/exit`, …: the activity engine's calls; `answer` re-reads the activity. */
export function activityMembershipHandlers<O extends Membershipable>(
  members: Membership<O>,
  answer: (activityId: string, userId: string) => Promise<CallResponse<'activity/participate'>>,
  requests: (activityId: string, requests: Requests) => Promise<CallResponse<'activity/list-requests'>['requests']>,
): MembershipHandlers<'activity'> {
  const m = membershipCalls(members, answer, requests);
  return {
    'activity/participate': ({ body, user }) => m.participate(body.activityId, user.userId, body.consentVersion),
    'activity/request-access': ({ body, user }) => m.requestAccess(body.activityId, user.userId, body.consentVersion),
    'activity/accept-consent': ({ body, user }) => m.acceptConsent(body.activityId, user.userId, body.consentVersion),
    'activity/exit': ({ body, user }) => m.exit(body.activityId, user.userId),
    'activity/accept-request': ({ body, user }) => m.acceptRequest(body.activityId, user.userId, body.userId),
    'activity/reject-request': ({ body, user }) =>
      m.rejectRequest(body.activityId, user.userId, body.userId, body.reason),
    'activity/remove-user': ({ body, user }) => m.removeUser(body.activityId, user.userId, body.userId),
    'activity/make-admin': ({ body, user }) => m.makeAdmin(body.activityId, user.userId, body.userId),
    'activity/remove-admin': ({ body, user }) => m.removeAdmin(body.activityId, user.userId, body.userId),
    'activity/invite-users': ({ body, user }) =>
      m.inviteUsers(body.activityId, user.userId, { userIds: body.userIds, groupIds: body.groupIds }),
    'activity/list-participants': ({ body, user }) => m.listParticipants(body.activityId, user.userId, body.pagination),
    'activity/count-hidden-participants': ({ body, user }) => m.countHidden(body.activityId, user.userId),
    'activity/list-requests': ({ body, user }) => m.listRequests(body.activityId, user.userId, body.pagination),
    'activity/list-invitable-contacts': ({ body, user }) =>
      m.listInvitableContacts(body.activityId, user.userId, body.query, body.pagination),
  };
}

/** `group/participate`, `group/exit`, …: the group engine's calls; `answer` re-reads the group. */
export function groupMembershipHandlers<O extends Membershipable>(
  members: Membership<O>,
  answer: (groupId: string, userId: string) => Promise<CallResponse<'group/participate'>>,
): MembershipHandlers<'group'> {
  const m = membershipCalls(members, answer, async (_id, requests) => requests);
  return {
    'group/participate': ({ body, user }) => m.participate(body.groupId, user.userId, body.consentVersion),
    'group/request-access': ({ body, user }) => m.requestAccess(body.groupId, user.userId, body.consentVersion),
    'group/accept-consent': ({ body, user }) => m.acceptConsent(body.groupId, user.userId, body.consentVersion),
    'group/exit': ({ body, user }) => m.exit(body.groupId, user.userId),
    'group/accept-request': ({ body, user }) => m.acceptRequest(body.groupId, user.userId, body.userId),
    'group/reject-request': ({ body, user }) => m.rejectRequest(body.groupId, user.userId, body.userId, body.reason),
    'group/remove-user': ({ body, user }) => m.removeUser(body.groupId, user.userId, body.userId),
    'group/make-admin': ({ body, user }) => m.makeAdmin(body.groupId, user.userId, body.userId),
    'group/remove-admin': ({ body, user }) => m.removeAdmin(body.groupId, user.userId, body.userId),
    'group/invite-users': ({ body, user }) => m.inviteUsers(body.groupId, user.userId, { userIds: body.userIds }),
    'group/list-participants': ({ body, user }) => m.listParticipants(body.groupId, user.userId, body.pagination),
    'group/count-hidden-participants': ({ body, user }) => m.countHidden(body.groupId, user.userId),
    'group/list-requests': ({ body, user }) => m.listRequests(body.groupId, user.userId, body.pagination),
    'group/list-invitable-contacts': ({ body, user }) =>
      m.listInvitableContacts(body.groupId, user.userId, body.query, body.pagination),
  };
}
