import type { AuditEntry } from '@cordata/contract';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type Page, paging } from '../../db/paging.ts';
import { auditLog, users } from '../../db/schema.ts';
import { personColumns, toPersonOrNull } from '../users/user-summary.ts';

export interface AuditInput {
  actorId: string;
  action: string;
  targetType?: string;
  targetId?: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}

const actor = alias(users, 'actor');

/**
 * The audit log: who did what to what, and why. Every operator action writes its entry in the transaction of
 * the action itself (`write(entry, tx)`), so that the entry exists exactly when the action does.
 */
export function createAuditLog(db: DbOrTx) {
  return {
    async write(entry: AuditInput, tx: DbOrTx = db) {
      await tx.insert(auditLog).values({ ...entry, reason: entry.reason ?? null, details: entry.details ?? null });
    },

    async list(filter: { actorId?: string; targetId?: string }, page: Page): Promise<AuditEntry[]> {
      const { limit, offset } = paging(page);
      const rows = await db
        .select({
          auditId: auditLog.id,
          actor: personColumns(actor),
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          reason: auditLog.reason,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .where(
          and(
            filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
            filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ ...r, actor: toPersonOrNull(r.actor), createdAt: r.createdAt.toISOString() }));
    },

    /** The role of whoever imposed a person's latest suspension (null when none is on record). */
    async lastSuspensionBy(userId: string, tx: DbOrTx = db): Promise<string | null> {
      const [last] = await tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'USER_SUSPEND'), eq(auditLog.targetId, userId)))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      const byRole = last?.details?.byRole;
      return typeof byRole === 'string' ? byRole : null;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
