import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Changes } from '../shared/changes.ts';
import { createSportsAdmin } from '../sports/sports.admin.ts';
import type { SportsRepository } from '../sports/sports.repository.ts';
import type { AccountDeletionService } from '../users/account-deletion.service.ts';
import { createAccountsService } from './accounts.service.ts';
import { adminHandlers } from './admin.handlers.ts';
import { createAdminRepository } from './admin.repository.ts';
import { createAuditLog } from './audit-log.repository.ts';
import { createContentService } from './content.service.ts';
import { createFiguresService } from './figures.service.ts';
import { createModerationService } from './moderation.service.ts';
import { createReportClosing } from './report-closing.ts';

/**
 * The admin module wired: moderation (the report queue, actions on reports, removing content), accounts
 * (suspend, reinstate, delete, roles), content (activities and groups for operators), figures (the dashboard
 * and the audit log), and the sports catalogue, which the sports module owns. Every action runs in one unit of
 * work with its audit entry and the closing of the reports it settles.
 */
export function createAdminModule(deps: {
  db: Db;
  changes: Pick<Changes, 'run'>;
  tokens: Pick<Tokens, 'revokeAll' | 'sessionsChanged'>;
  deletion: Pick<AccountDeletionService, 'deleteIn'>;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
  realtime: Pick<Realtime, 'disconnectUser'>;
  sports: SportsRepository;
  now: () => Date;
}) {
  const { changes, now } = deps;
  const repo = createAdminRepository(deps.db);
  const audit = createAuditLog(deps.db);
  const closeReportsIn = createReportClosing({ repo, audit, now });
  const accounts = createAccountsService({
    changes,
    repo,
    audit,
    closeReportsIn,
    tokens: deps.tokens,
    deletion: deps.deletion,
    realtime: deps.realtime,
    now,
  });
  const moderation = createModerationService({
    changes,
    repo,
    audit,
    closeReportsIn,
    accounts,
    chatMembership: deps.chatMembership,
    now,
  });
  const figures = createFiguresService({ repo, audit, now });
  return {
    handlers: adminHandlers({
      accounts,
      moderation,
      content: createContentService({ repo }),
      figures,
      sports: createSportsAdmin({ changes, repo: deps.sports, audit, now }),
    }),
    /** For `withActiveDays`: the "active users" figure. */
    recordActiveDay: figures.recordActiveDay,
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
