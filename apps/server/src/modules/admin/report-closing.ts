import type { ReportAction } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { AdminRepository, TargetType } from './admin.repository.ts';
import type { AuditLog } from './audit-log.repository.ts';

export interface ReportTarget {
  targetType: TargetType;
  targetId: string;
  reason: string;
}

/**
 * Closes the open reports on a target, dismissed or resolved by `action`, with an audit entry when there were
 * any, in the caller's transaction. The queue's actions end with it, and so do the same actions taken from a
 * directory or a detail page, so that nobody handles those reports twice.
 */
export function createReportClosing(deps: {
  repo: Pick<AdminRepository, 'closeReports'>;
  audit: Pick<AuditLog, 'write'>;
  now: () => Date;
}) {
  return async function closeReportsIn(tx: DbOrTx, actor: AuthUser, target: ReportTarget, action: ReportAction) {
    const dismissed = action === 'DISMISS';
    const closed = await deps.repo.closeReports(
      target,
      { status: dismissed ? 'DISMISSED' : 'RESOLVED', resolution: action, by: actor.userId, at: deps.now() },
      tx,
    );
    if (closed) {
      await deps.audit.write(
        {
          actorId: actor.userId,
          action: dismissed ? 'REPORT_DISMISS' : 'REPORT_RESOLVE',
          targetType: target.targetType,
          targetId: target.targetId,
          reason: target.reason,
          details: { action, reports: closed },
        },
        tx,
      );
    }
    return closed;
  };
}

export type CloseReportsIn = ReturnType<typeof createReportClosing>;
