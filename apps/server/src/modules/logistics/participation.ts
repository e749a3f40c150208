import type { ServerToClientEvents } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { activityMembers } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type Access, isAdmin, isMember } from '../access/access.ts';

/**
 * Carpools and gear are for the people taking part in an activity: whoever else asks is told the activity
 * does not exist (when they may not see it) or that this is not for them.
 */
export function createParticipation(deps: { db: Db; access: Access; realtime: Realtime }) {
  async function require(activityId: string, userId: string, tx: DbOrTx = deps.db, options: { lock?: boolean } = {}) {
    const row = await deps.access.activity(activityId, userId, tx, options);
    if (!row?.visible) throw new ApiError('ACTIVITY_NOT_FOUND');
    if (!isMember(row.member)) throw new ApiError('FORBIDDEN');
    return { activity: row.activity, isAdmin: isAdmin(row.member) };
  }

  async function participantIds(activityId: string, tx: DbOrTx = deps.db) {
    const rows = await tx
      .select({ userId: activityMembers.userId, isAdmin: activityMembers.isAdmin })
      .from(activityMembers)
      .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')));
    return rows;
  }

  /** Tells everyone taking part that the activity's logistics changed (they refetch what they may see). */
  async function broadcast(event: Parameters<ServerToClientEvents['logistics']>[0]) {
    for (const { userId } of await participantIds(event.activityId)) deps.realtime.toUser(userId, 'logistics', event);
  }

  return { require, participantIds, broadcast };
}

export type Participation = ReturnType<typeof createParticipation>;
