import type { AdminCallBody, ReportContext, ReportedTarget } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toPersonOrNull, toUserSummary } from '../users/user-summary.ts';
import type { AccountsService } from './accounts.service.ts';
import { toAdminActivity, toAdminGroup, toAdminMessage, toAdminReport, toAdminUser } from './admin.mappers.ts';
import type { AdminRepository, ContentKind, TargetType } from './admin.repository.ts';
import type { AuditLog } from './audit-log.repository.ts';
import type { CloseReportsIn } from './report-closing.ts';

const CONTEXT_MESSAGES = 5;
const targetTypeOf = { activity: 'ACTIVITY', group: 'GROUP' } as const satisfies Record<ContentKind, TargetType>;

/**
 * Moderation: the report queue with each target in context, the actions on a report, and removing or restoring
 * content (a message, an activity, a group). Each action, its audit entry and the closing of the reports it
 * settles run in one unit of work; closed chats are announced once it commits.
 */
export function createModerationService(deps: {
  changes: Pick<Changes, 'run'>;
  repo: Pick<
    AdminRepository,
    | 'user'
    | 'activity'
    | 'group'
    | 'message'
    | 'messagesAround'
    | 'reportedTargets'
    | 'reportsOn'
    | 'openReports'
    | 'ownerOf'
    | 'lockContent'
    | 'setDeleted'
    | 'removeMessage'
  >;
  audit: Pick<AuditLog, 'write'>;
  closeReportsIn: CloseReportsIn;
  accounts: Pick<AccountsService, 'suspendIn' | 'deleteIn'>;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
  now: () => Date;
}) {
  const { repo, audit } = deps;

  async function contextOf(targetType: TargetType, targetId: string): Promise<ReportContext | null> {
    if (targetType === 'USER') {
      const row = await repo.user(targetId);
      return row ? { user: toAdminUser(row), owner: row.deletedAt ? null : toUserSummary(row) } : null;
    }
    if (targetType === 'ACTIVITY') {
      const row = await repo.activity(targetId);
      return row ? { activity: toAdminActivity(row), owner: toPersonOrNull(row.creator) } : null;
    }
    if (targetType === 'GROUP') {
      const row = await repo.group(targetId);
      return row ? { group: toAdminGroup(row), owner: toPersonOrNull(row.creator) } : null;
    }
    const row = await repo.message(targetId);
    if (!row) return null;
    const around = await repo.messagesAround(row.chatId, targetId, CONTEXT_MESSAGES);
    return {
      message: {
        ...toAdminMessage(row),
        chatId: row.chatId,
        before: around.before.map(toAdminMessage),
        after: around.after.map(toAdminMessage),
      },
      owner: toPersonOrNull(row.sender),
    };
  }

  async function listReports(body: AdminCallBody<'reports/list'>) {
    const targets = await repo.reportedTargets(body.status === 'OPEN', body.pagination);
    return {
      targets: await Promise.all(
        targets.map(async (t): Promise<ReportedTarget> => {
          const [reports, context] = await Promise.all([
            repo.reportsOn(t.targetType, t.targetId),
            contextOf(t.targetType, t.targetId),
          ]);
          return {
            ...t,
            // A target is listed for its reports: there is at least one, so a latest one.
            lastReportedAt: t.lastReportedAt!.toISOString(),
            reports: reports.map(toAdminReport),
            context,
          };
        }),
      ),
    };
  }

  /** Removes (soft delete, chat closed) or restores an activity or group in the caller's unit of work. */
  async function changeContentIn(
    tx: DbOrTx,
    fx: Effects,
    actor: AuthUser,
    target: { kind: ContentKind; id: string; reason: string },
    remove: boolean,
    details?: Record<string, unknown>,
  ) {
    const { kind, id, reason } = target;
    const row = await repo.lockContent(kind, id, tx);
    if (!row) throw new ApiError(kind === 'activity' ? 'ACTIVITY_NOT_FOUND' : 'GROUP_NOT_FOUND');
    if (remove && !row.deletedAt) {
      await repo.setDeleted(kind, id, deps.now(), tx);
      const chatId = await deps.chatMembership.chatIdOf(
        tx,
        kind === 'activity' ? { kind: 'ACTIVITY', activityId: id } : { kind: 'GROUP', groupId: id },
      );
      if (chatId) await deps.chatMembership.close(tx, chatId, fx.chat);
    } else if (!remove && row.deletedAt) {
      await repo.setDeleted(kind, id, null, tx);
    }
    const targetType = targetTypeOf[kind];
    await audit.write(
      {
        actorId: actor.userId,
        action: `${targetType}_${remove ? 'REMOVE' : 'RESTORE'}`,
        targetType,
        targetId: id,
        reason,
        ...(details ? { details } : {}),
      },
      tx,
    );
  }

  async function removeMessageIn(
    tx: DbOrTx,
    actor: AuthUser,
    target: { id: string; reason: string },
    details: Record<string, unknown>,
  ) {
    if (!(await repo.message(target.id, tx))) throw new ApiError('NOT_FOUND', { message: 'Message not found' });
    await repo.removeMessage(target.id, deps.now(), tx);
    await audit.write(
      {
        actorId: actor.userId,
        action: 'MESSAGE_REMOVE',
        targetType: 'MESSAGE',
        targetId: target.id,
        reason: target.reason,
        details,
      },
      tx,
    );
  }

  /** Acts on a reported target and closes every open report on it, all in one transaction. */
  function resolve(actor: AuthUser, body: AdminCallBody<'reports/resolve'>) {
    const { targetType, targetId, action, reason } = body;
    return deps.changes.run(async (tx, fx) => {
      const open = await repo.openReports({ targetType, targetId }, tx);
      if (!open) throw new ApiError('REPORT_NOT_FOUND', { message: 'There is no open report on this' });
      const details = { reports: open, action };
      if (action === 'REMOVE_CONTENT') {
        if (targetType === 'USER') {
          throw new ApiError('VALIDATION_ERROR', {
            message: 'A person is not content: suspend or delete the account instead',
            issues: [{ path: 'action', message: 'Not for a person' }],
          });
        }
        if (targetType === 'MESSAGE') await removeMessageIn(tx, actor, { id: targetId, reason }, details);
        else {
          const kind = targetType === 'ACTIVITY' ? 'activity' : 'group';
          await changeContentIn(tx, fx, actor, { kind, id: targetId, reason }, true, details);
        }
      } else if (action !== 'DISMISS') {
        const ownerId = await repo.ownerOf(targetType, targetId, tx);
        if (!ownerId) throw new ApiError('USER_NOT_FOUND', { message: 'The account behind this is already deleted' });
        if (action === 'SUSPEND_USER') {
          if (!body.days)
            throw new ApiError('VALIDATION_ERROR', {
              message: 'Say for how many days',
              issues: [{ path: 'days', message: 'Required' }],
            });
          await deps.accounts.suspendIn(
            tx,
            fx,
            actor,
            { userId: ownerId, days: body.days, reason },
            {
              ...details,
              report: { targetType, targetId },
            },
          );
        } else {
          await deps.accounts.deleteIn(tx, fx, actor, ownerId, reason);
        }
      }
      return { closed: await deps.closeReportsIn(tx, actor, body, action) };
    });
  }

  /**
   * Removes or restores an activity or group from its detail page; a removal settles the open reports on it,
   * as the queue would.
   */
  function setRemoved(actor: AuthUser, target: { kind: ContentKind; id: string; reason: string }, remove: boolean) {
    return deps.changes.run(async (tx, fx) => {
      await changeContentIn(tx, fx, actor, target, remove);
      if (remove) {
        await deps.closeReportsIn(
          tx,
          actor,
          { targetType: targetTypeOf[target.kind], targetId: target.id, reason: target.reason },
          'REMOVE_CONTENT',
        );
      }
    });
  }

  return {
    listReports,
    resolve,
    setActivityRemoved: async (actor: AuthUser, body: { activityId: string; reason: string }, remove: boolean) => {
      await setRemoved(actor, { kind: 'activity', id: body.activityId, reason: body.reason }, remove);
      return { activity: toAdminActivity((await repo.activity(body.activityId))!) };
    },
    setGroupRemoved: async (actor: AuthUser, body: { groupId: string; reason: string }, remove: boolean) => {
      await setRemoved(actor, { kind: 'group', id: body.groupId, reason: body.reason }, remove);
      return { group: toAdminGroup((await repo.group(body.groupId))!) };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
