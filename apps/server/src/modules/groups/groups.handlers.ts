import type { ActivitySummary } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { ActivitiesRepository } from '../activities/activities.repository.ts';
import { toSummary } from '../activities/activities.service.ts';
import { requestBaseUrl } from '../users/users.handlers.ts';
import type { GroupsRepository } from './groups.repository.ts';
import type { GroupsService } from './groups.service.ts';

export function groupsHandlers(deps: {
  groups: GroupsService;
  repo: Pick<GroupsRepository, 'activityIds' | 'countActivities'>;
  activities: Pick<ActivitiesRepository, 'summaries'>;
  now: () => Date;
}): Handlers {
  const { groups } = deps;

  /** A closed group's calendar is for its members; of an open group's, each sees the activities they may see. */
  const audience = (userId: string, groupId: string) =>
    groups.assertMembersVisible(userId, groupId, "Only members can see this group's activities");

  async function summaries(userId: string, ids: string[]): Promise<ActivitySummary[]> {
    const rows = await deps.activities.summaries(userId, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(row)] : [];
    });
  }

  const dates = (startDate?: string, endDate?: string) => {
    const from = startDate ? new Date(startDate) : undefined;
    const to = endDate ? new Date(endDate) : undefined;
    if (from && to && to <= from)
      throw new ApiError('VALIDATION_ERROR', { message: 'The end date must be after the start date' });
    return { from, to };
  };

  return {
    'group/create-new': async ({ user, body, request }) => ({
      group: await groups.create(user.userId, body, requestBaseUrl(request)),
    }),
    'group/update-existing': async ({ user, body, request }) => ({
      group: await groups.update(user.userId, body, requestBaseUrl(request)),
    }),
    'group/read-info': async ({ user, body }) => ({ group: await groups.read(body.groupId, user.userId) }),
    'group/delete': async ({ user, body }) => groups.remove(user.userId, body.groupId),
    'group/participate': async ({ user, body }) => ({ group: await groups.participate(user.userId, body.groupId) }),
    'group/request-access': async ({ user, body }) => ({
      group: await groups.requestAccess(user.userId, body.groupId),
    }),
    'group/accept-request': async ({ user, body }) => ({
      group: await groups.acceptRequest(user.userId, body.groupId, body.userId),
    }),
    'group/reject-request': async ({ user, body }) => ({
      group: await groups.rejectRequest(user.userId, body.groupId, body.userId, body.reason),
    }),
    'group/exit': async ({ user, body }) => ({ group: await groups.exit(user.userId, body.groupId) }),
    'group/remove-user': async ({ user, body }) => ({
      group: await groups.removeUser(user.userId, body.groupId, body.userId),
    }),
    'group/make-admin': async ({ user, body }) => ({
      group: await groups.setAdmin(user.userId, body.groupId, body.userId, true),
    }),
    'group/remove-admin': async ({ user, body }) => ({
      group: await groups.setAdmin(user.userId, body.groupId, body.userId, false),
    }),
    'group/invite-users': async ({ user, body }) => groups.invite(user.userId, body.groupId, body.userIds),
    'group/list-participants': async ({ user, body }) => ({
      participants: await groups.participants(user.userId, body.groupId, body.pagination),
    }),
    'group/count-hidden-participants': async ({ user, body }) => groups.countHidden(user.userId, body.groupId),
    'group/list-requests': async ({ user, body }) => ({
      requests: await groups.requests(user.userId, body.groupId, body.pagination),
    }),
    'group/list-invitable-contacts': async ({ user, body }) => ({
      contacts: await groups.invitableContacts(user.userId, body.groupId, body.query, body.pagination),
    }),
    'group/explore-groups': async ({ user, body }) => ({ groups: await groups.explore(user.userId, body) }),
    'group/list-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const range = dates(body.startDate, body.endDate);
      const ids = await deps.repo.activityIds(body.groupId, user.userId, range, body.pagination);
      return { activities: await summaries(user.userId, ids) };
    },
    'group/list-next-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const ids = await deps.repo.activityIds(body.groupId, user.userId, { from: deps.now() }, body.pagination);
      return { activities: await summaries(user.userId, ids) };
    },
    'group/count-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const range = body.startDate || body.endDate ? dates(body.startDate, body.endDate) : { from: deps.now() };
      return { count: await deps.repo.countActivities(body.groupId, user.userId, range) };
    },
  };
}
