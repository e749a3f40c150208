import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import type { createParticipationModule } from '../participation/index.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { groupsHandlers } from './groups.handlers.ts';
import { createGroupsService } from './groups.service.ts';
import { subgroupsHandlers } from './subgroups.handlers.ts';
import { createSubgroupsRepository } from './subgroups.repository.ts';
import { createSubgroupsService } from './subgroups.service.ts';

/** Groups: making and finding them, and their calendars; taking part in them is participation's engine. */
export function createGroupsModule(
  core: Core,
  deps: {
    changes: Changes;
    chatMembership: ChatMembership;
    uploads: UploadsService;
    participation: ReturnType<typeof createParticipationModule>['services'];
    activities: ActivitiesService;
    access: Access;
  },
) {
  const { participation: p } = deps;
  const groups = createGroupsService({
    db: core.db,
    repo: p.groupsRepository,
    activities: p.activitiesRepository,
    memberships: p.memberships,
    changes: deps.changes,
    chatMembership: deps.chatMembership,
    pictures: deps.uploads,
    now: core.now,
    readerLanguage: core.tokens.languageOf,
  });
  const handlers = groupsHandlers({
    groups,
    members: p.groupMembers,
    repo: p.groupsRepository,
    activities: deps.activities,
    now: core.now,
  });
  // The club layer (issue 40): sub-groups and ride leaders.
  const subgroups = createSubgroupsService({
    repo: createSubgroupsRepository(core.db),
    access: deps.access,
    changes: deps.changes,
    now: core.now,
    readerLanguage: core.tokens.languageOf,
  });
  return { handlers: { ...handlers, ...subgroupsHandlers(subgroups) }, services: {} } satisfies Module;
}
