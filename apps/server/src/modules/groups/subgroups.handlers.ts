import type { Handlers } from '../../http/handlers.ts';
import type { SubgroupsService } from './subgroups.service.ts';

/** The club layer's calls (issue 40): sub-groups and ride leaders. */
export function subgroupsHandlers(subgroups: SubgroupsService): Handlers {
  return {
    'group/list-subgroups': ({ user, body }) => subgroups.list(user.userId, body.groupId),
    'group/create-subgroup': ({ user, body }) => subgroups.create(user.userId, body),
    'group/update-subgroup': ({ user, body }) => subgroups.update(user.userId, body),
    'group/delete-subgroup': ({ user, body }) => subgroups.remove(user.userId, body.subgroupId),
    'group/list-subgroup-members': ({ user, body }) => subgroups.members(user.userId, body.subgroupId),
    'group/assign-subgroup': ({ user, body }) => subgroups.assign(user.userId, body),
    'group/pick-subgroups': ({ user, body }) => subgroups.pick(user.userId, body),
    'group/make-leader': ({ user, body }) => subgroups.setLeader(user.userId, body.groupId, body.userId, true),
    'group/export-roster': ({ user, body }) => subgroups.exportRoster(user.userId, body.groupId),
    'group/share-email': ({ user, body }) => subgroups.shareEmail(user.userId, body.groupId, body.share),
    'group/remove-leader': ({ user, body }) => subgroups.setLeader(user.userId, body.groupId, body.userId, false),
  };
}
