import type { CallBody } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { activities, reports } from '../../db/schema.ts';
import { activityVisibleSql } from '../access/access.ts';

export type ReportTargetType = CallBody<'report/create'>['targetType'];

export function createReportsRepository(db: DbOrTx) {
  return {
    /**
     * Whether the reporter can see the target as the app shows it: a live account; a live activity they
     * may see (access: activityVisibleSql); a live group; a text message of a
     * chat they are or were in.
     */
    async isVisibleTo(type: ReportTargetType, targetId: string, userId: string, tx: DbOrTx = db) {
      const query = {
        USER: sql`select 1 from users where id = ${targetId} and deleted_at is null`,
        ACTIVITY: sql`
          select 1 from ${activities} where ${activities.id} = ${targetId} and ${activities.deletedAt} is null
            and ${activityVisibleSql(userId)}`,
        GROUP: sql`select 1 from groups where id = ${targetId} and deleted_at is null`,
        MESSAGE: sql`
          select 1 from messages m join chat_members c on c.chat_id = m.chat_id and c.user_id = ${userId}
          where m.id = ${targetId} and m.kind = 'TEXT' and m.removed_at is null`,
      }[type];
      const rows = await queryRows(tx, query);
      return rows.length > 0;
    },

    /** The new report's id, or null when this reporter already reported this target. */
    async insert(
      input: { reporterId: string; targetType: ReportTargetType; targetId: string; reason: string; details?: string },
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .insert(reports)
        .values({ ...input, details: input.details || null })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return row?.id ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
