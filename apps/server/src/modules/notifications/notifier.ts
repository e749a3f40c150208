import type { Notification, NotificationType } from '@cordata/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';

export interface NotifyInput {
  /** Who receives it; the actor never notifies themself. */
  userIds: string[];
  type: NotificationType;
  targetId: string;
  actorId: string | null;
  reason?: string | null;
  /** The name of what it is about (an activity, a group), sent with the live event. */
  targetName?: string | null;
}

export interface PushQueue {
  /** Queues pushes for stored notifications; sending happens off the request path. */
  enqueue(db: DbOrTx, stored: { id: string; userId: string; type: string }[]): Promise<void>;
}

/**
 * Turns what happened into notification rows, a live `notification` event and queued pushes.
 * Rows are written with the caller's transaction when one is given, so they are never lost;
 * live delivery happens once `deliver` is called after the commit.
 */
export function createNotifier(deps: { db: DbOrTx; realtime: Realtime; push?: PushQueue }) {
  async function record(input: NotifyInput, db: DbOrTx = deps.db) {
    let recipients = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
    if (!recipients.length) return [];
    if (input.type === 'SEND_MESSAGE') {
      // At most one unread message notification per chat and person.
      const unread = await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, recipients),
            eq(notifications.type, 'SEND_MESSAGE'),
            eq(notifications.targetId, input.targetId),
            isNull(notifications.readAt),
          ),
        );
      const already = new Set(unread.map((r) => r.userId));
      recipients = recipients.filter((id) => !already.has(id));
      if (!recipients.length) return [];
    }
    const rows = await db
      .insert(notifications)
      .values(
        recipients.map((userId) => ({
          userId,
          type: input.type,
          targetId: input.targetId,
          actorId: input.actorId,
          reason: input.reason ?? null,
        })),
      )
      .returning();
    await deps.push?.enqueue(db, rows);
    return rows.map((row) => ({ row, targetName: input.targetName ?? null }));
  }

  /** Sends stored notifications live to their recipients. */
  async function deliver(stored: Awaited<ReturnType<typeof record>>) {
    if (!stored.length) return;
    const actorIds = [...new Set(stored.map((s) => s.row.actorId).filter((id): id is string => !!id))];
    const actors = actorIds.length
      ? await deps.db
          .select({
            userId: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
            profilePicture: users.profilePicture,
            lastOnlineAt: users.lastOnlineAt,
          })
          .from(users)
          .where(inArray(users.id, actorIds))
      : [];
    const byId = new Map(actors.map((a) => [a.userId, a]));
    for (const { row, targetName } of stored) {
      const actor = row.actorId ? byId.get(row.actorId) : undefined;
      const notification: Notification = {
        notificationId: row.id,
        type: row.type as NotificationType,
        targetId: row.targetId,
        actor: actor ? { ...actor, lastOnlineAt: actor.lastOnlineAt?.toISOString() ?? null } : null,
        targetName,
        reason: row.reason,
        read: false,
        createdAt: row.createdAt.toISOString(),
      };
      deps.realtime.toUser(row.userId, 'notification', notification);
    }
  }

  /** record then deliver, for callers outside a transaction. */
  async function notify(input: NotifyInput) {
    await deliver(await record(input));
  }

  return { record, deliver, notify };
}

export type Notifier = ReturnType<typeof createNotifier>;
