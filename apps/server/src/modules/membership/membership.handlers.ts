import type { Handlers } from '../../http/handlers.ts';
import type { Membership, Membershipable } from './membership.service.ts';

type Body = Record<string, unknown> & { userId: string; reason: string; userIds?: string[]; groupIds?: string[] };
type Page = { page: number; limit: number };

type Requests = Awaited<ReturnType<Membership<Membershipable>['listRequests']>>;

/**
 * The membership calls of a domain (`activity/participate`, `group/participate`, …), answered by its engine.
 * A change answers with the activity or group as the caller sees it now (`answer`). `requests` adds the domain's
 * own facts to each pending request (an activity's: the requester's attendance record).
 */
export function membershipHandlers<O extends Membershipable>(
  domain: 'activity' | 'group',
  members: Membership<O>,
  answer: (objectId: string, userId: string) => Promise<unknown>,
  requests: (objectId: string, requests: Requests) => Promise<unknown[]> = async (_id, r) => r,
): Handlers {
  const idOf = (body: Body) => body[domain === 'activity' ? 'activityId' : 'groupId'] as string;
  const changed =
    (change: (objectId: string, userId: string, body: Body) => Promise<unknown>) =>
    async (body: Body, userId: string) => {
      await change(idOf(body), userId, body);
      return answer(idOf(body), userId);
    };
  const calls: Record<string, (body: Body, userId: string) => Promise<unknown>> = {
    participate: changed((id, me) => members.participate(me, id)),
    'request-access': changed((id, me) => members.requestAccess(me, id)),
    exit: changed((id, me) => members.exit(me, id)),
    'accept-request': changed((id, me, b) => members.acceptRequest(me, id, b.userId)),
    'reject-request': changed((id, me, b) => members.rejectRequest(me, id, b.userId, b.reason)),
    'remove-user': changed((id, me, b) => members.removeUser(me, id, b.userId)),
    'make-admin': changed((id, me, b) => members.setAdmin(me, id, b.userId, true)),
    'remove-admin': changed((id, me, b) => members.setAdmin(me, id, b.userId, false)),
    'invite-users': (b, me) => members.inviteUsers(me, idOf(b), { userIds: b.userIds, groupIds: b.groupIds }),
    'list-participants': async (b, me) => ({
      participants: await members.listParticipants(me, idOf(b), b.pagination as Page),
    }),
    'count-hidden-participants': (b, me) => members.countParticipants(me, idOf(b)),
    'list-requests': async (b, me) => ({
      requests: await requests(idOf(b), await members.listRequests(me, idOf(b), b.pagination as Page)),
    }),
    'list-invitable-contacts': async (b, me) => ({
      contacts: await members.listInvitableContacts(
        me,
        idOf(b),
        (b.query as string | undefined) || undefined,
        b.pagination as Page,
      ),
    }),
  };
  return Object.fromEntries(
    Object.entries(calls).map(([call, handle]) => [
      `${domain}/${call}`,
      ({ body, user }: { body: unknown; user: { userId: string } }) => handle(body as Body, user.userId),
    ]),
  ) as Handlers;
}
