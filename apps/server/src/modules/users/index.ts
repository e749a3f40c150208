import type { Core } from '../../core.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import { DEFAULT_WEB_PUSH_HOSTS } from '../notifications/web-push-endpoint.ts';
import type { Changes } from '../shared/changes.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createAccountRepository } from './account.repository.ts';
import { createAccountDeletionService } from './account-deletion.service.ts';
import { createBlocksRepository, createBlocksService } from './blocks.ts';
import { createConnectionsRepository } from './connections.repository.ts';
import { createConnectionsService } from './connections.service.ts';
import { usersHandlers } from './users.handlers.ts';
import { createUsersRepository } from './users.repository.ts';
import { createUsersService } from './users.service.ts';

/** People: profiles, contacts and blocks, and deleting an account with what other domains erase of it. */
export function createUsersModule(
  core: Core,
  deps: {
    changes: Changes;
    chatMembership: ChatMembership;
    sports: SportsService;
    uploads: UploadsService;
    stepUp: Pick<StepUp, 'assertRecentlyReauthenticated'>;
    recordActiveDay: (userId: string) => Promise<void>;
    /** What other domains erase of the person once the deletion is committed (data exports, carpool points, checklists). */
    erasers: ((userId: string) => Promise<void>)[];
  },
) {
  const { changes } = deps;
  const repository = createUsersRepository(core.db);
  const connectionsRepository = createConnectionsRepository(core.db);
  const blocks = createBlocksService({
    changes,
    blocks: createBlocksRepository(core.db),
    connections: connectionsRepository,
    users: repository,
  });
  const connections = createConnectionsService({
    changes,
    connections: connectionsRepository,
    users: repository,
    blocks,
    now: core.now,
  });
  const users = createUsersService({
    db: core.db,
    users: repository,
    connections,
    blocks,
    sports: deps.sports,
    pictures: deps.uploads,
    webPushHosts:
      core.config.VAPID_PUBLIC_KEY && core.config.VAPID_PRIVATE_KEY
        ? (core.config.WEB_PUSH_HOSTS ?? DEFAULT_WEB_PUSH_HOSTS)
        : null,
    recordActiveDay: deps.recordActiveDay,
    now: core.now,
  });
  const accounts = createAccountDeletionService({
    changes,
    account: createAccountRepository(core.db),
    chatMembership: deps.chatMembership,
    realtime: core.realtime,
    removeFiles: deps.uploads.removeFiles,
    sessionsChanged: core.tokens.sessionsChanged,
    erasers: deps.erasers,
    now: core.now,
  });
  return {
    handlers: usersHandlers({ users, connections, blocks, accounts, stepUp: deps.stepUp }),
    services: { users, connections, accounts, repository },
  } satisfies Module;
}
