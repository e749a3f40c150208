import { adminPrefix } from '@cordata/contract';
import type { Core } from '../../core.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import type { Changes } from '../shared/changes.ts';
import { createSportsAdmin } from '../sports/sports.admin.ts';
import type { SportsRepository } from '../sports/sports.repository.ts';
import type { AccountDeletionService } from '../users/account-deletion.service.ts';
import { createAccountsService } from './accounts.service.ts';
import { adminHandlers } from './admin.handlers.ts';
import { createAdminRepository } from './admin.repository.ts';
import { registerAdminCalls } from './admin.routes.ts';
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
export function createAdminModule(
  core: Core,
  deps: {
    changes: Pick<Changes, 'run'>;
    deletion: Pick<AccountDeletionService, 'deleteIn'>;
    chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
    sports: SportsRepository;
    stepUp: Pick<StepUp, 'assertSecondFactor'>;
  },
) {
  const { changes } = deps;
  const { now } = core;
  const repo = createAdminRepository(core.db);
  const audit = createAuditLog(core.db);
  const closeReportsIn = createReportClosing({ repo, audit, now });
  const accounts = createAccountsService({
    changes,
    repo,
    audit,
    closeReportsIn,
    tokens: core.tokens,
    deletion: deps.deletion,
    realtime: core.realtime,
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
  const handlers = adminHandlers({
    accounts,
    moderation,
    content: createContentService({ repo }),
    figures,
    sports: createSportsAdmin({ changes, repo: deps.sports, audit, now }),
  });
  return {
    // The admin API has its own registry (packages/contract admin.ts) and prefix, with a second factor.
    routes: (app) => registerAdminCalls(app, adminPrefix(core.config.PRODUCT_SLUG), handlers, core.tokens, deps.stepUp),
    services: {},
  } satisfies Module;
}
