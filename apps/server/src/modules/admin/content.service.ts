import type { AdminCallBody } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import { toUserSummary } from '../users/user-summary.ts';
import { toAdminActivity, toAdminGroup, toAdminReport } from './admin.mappers.ts';
import type { AdminRepository, ContentKind } from './admin.repository.ts';

/** Activities and groups as operators see them: every one, removed ones included, with its admins and reports. */
export function createContentService(deps: {
  repo: Pick<AdminRepository, 'activity' | 'group' | 'searchActivities' | 'searchGroups' | 'adminsOf' | 'reportsOn'>;
}) {
  const { repo } = deps;

  const found = <T>(row: T | null, code: 'ACTIVITY_NOT_FOUND' | 'GROUP_NOT_FOUND') => {
    if (!row) throw new ApiError(code);
    return row;
  };

  /** The live admins (the creator first) and the reports on an activity or group. */
  async function around(kind: ContentKind, id: string) {
    const [admins, reports] = await Promise.all([
      repo.adminsOf(kind, id),
      repo.reportsOn(kind === 'activity' ? 'ACTIVITY' : 'GROUP', id),
    ]);
    return { admins: admins.map(toUserSummary), reports: reports.map(toAdminReport) };
  }

  return {
    searchActivities: async (body: AdminCallBody<'activities/search'>) => ({
      activities: (await repo.searchActivities(body.query, body.pagination)).map(toAdminActivity),
    }),
    getActivity: async (activityId: string) => ({
      activity: toAdminActivity(found(await repo.activity(activityId), 'ACTIVITY_NOT_FOUND')),
      ...(await around('activity', activityId)),
    }),
    searchGroups: async (body: AdminCallBody<'groups/search'>) => ({
      groups: (await repo.searchGroups(body.query, body.pagination)).map(toAdminGroup),
    }),
    getGroup: async (groupId: string) => ({
      group: toAdminGroup(found(await repo.group(groupId), 'GROUP_NOT_FOUND')),
      ...(await around('group', groupId)),
    }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
