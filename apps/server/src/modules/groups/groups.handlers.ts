import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import { groupMembershipHandlers } from '../membership/membership.handlers.ts';
import type { Membership } from '../membership/membership.service.ts';
import type { GroupRow, GroupsRepository } from './groups.repository.ts';
import type { GroupsService } from './groups.service.ts';

export function groupsHandlers(deps: {
  groups: GroupsService;
  members: Membership<GroupRow>;
  repo: Pick<GroupsRepository, 'activityIds' | 'countActivities'>;
  activities: Pick<ActivitiesService, 'summaries'>;
  now: () => Date;
}): Handlers {
  const { groups, members } = deps;

  /** A closed group's calendar is for its members; of an open group's, each sees the activities they may see. */
  const audience = groups.assertCalendarVisible;

  const dates = (startDate?: string, endDate?: string) => {
    const from = startDate ? new Date(startDate) : undefined;
    const to = endDate ? new Date(endDate) : undefined;
    if (from && to && to <= from)
      throw new ApiError('VALIDATION_ERROR', { message: 'The end date must be after the start date' });
    return { from, to };
  };

  return {
    'group/create-new': async ({ user, body, baseUrl }) => ({
      group: await groups.create(user.userId, body, baseUrl),
    }),
    'group/update-existing': async ({ user, body, baseUrl }) => ({
      group: await groups.update(user.userId, body, baseUrl),
    }),
    'group/read-info': async ({ user, body }) => ({ group: await groups.read(body.groupId, user.userId) }),
    'group/delete': async ({ user, body }) => groups.remove(user.userId, body.groupId),
    ...groupMembershipHandlers(members, async (groupId, userId) => ({ group: await groups.read(groupId, userId) })),
    'group/explore-groups': async ({ user, body }) => ({ groups: await groups.explore(user.userId, body) }),
    'group/list-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const range = dates(body.startDate, body.endDate);
      const ids = await deps.repo.activityIds(body.groupId, user.userId, range, body.pagination);
      return { activities: await deps.activities.summaries(user.userId, ids) };
    },
    'group/list-next-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const ids = await deps.repo.activityIds(body.groupId, user.userId, { from: deps.now() }, body.pagination);
      return { activities: await deps.activities.summaries(user.userId, ids) };
    },
    'group/count-activities': async ({ user, body }) => {
      await audience(user.userId, body.groupId);
      const range = body.startDate || body.endDate ? dates(body.startDate, body.endDate) : { from: deps.now() };
      return { count: await deps.repo.countActivities(body.groupId, user.userId, range) };
    },
  };
}
