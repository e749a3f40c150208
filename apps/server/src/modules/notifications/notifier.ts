import type { Notification, NotificationType, UserSummary } from '@cordata/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, type DbOrTx, preparedOn, uuidList } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { blockedPairSql } from '../access/access.ts';
import { toUserSummary, userSummaryColumns } from '../users/user-summary.ts';

/** A stored notification as the API shows it, live or listed. */
export const toNotification = (
  row: typeof notifications.$inferSelect,
  actor: UserSummary | null,
  targetName: string | null,
): Notification => ({
  notificationId: row.id,
  type: row.type as NotificationType,
  targetId: row.targetId,
  actor,
  targetName,
  reason: row.reason,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export interface NotifyInput {
  /** Who receives it; the actor never notifies themself. */
  userIds: string[];
  type: NotificationType;
  targetId: string;
  actorId: string | null;
  reason?: string | null;
  /** The name of what it is about (an activity, a group), sent with the live event. */
  targetName?: string | null;
  /**
   * A cool-down: recipients who got this type about this target from this actor within this many
   * milliseconds are not notified again (request-cancel loops, security review L3).
   */
  onceWithinMs?: number;
  /**
   * Delivered whatever blocks lie between recipient and actor: only for an organiser told that a participant is
   * missing (the safety loop decides itself who else may be told; docs/safety.md).
   */
  despiteBlocks?: boolean;
}

export interface PushQueue {
  /** Queues pushes for stored notifications; sending happens off the request path. */
  enqueue(stored: { id: string; userId: string; type: string }[], tx: DbOrTx): Promise<void>;
  /** The queued pushes are committed: a sender may pick them up now (inside the transaction it would see none). */
  committed(): void;
}

/**
 * Turns what happened into notification rows, a live `notification` event and queued pushes.
 * Rows are written with the caller's transaction when one is given, so they are never lost;
 * live delivery happens once `deliver` is called after the commit.
 */
export function createNotifier(deps: { db: Db; realtime: Realtime; push?: PushQueue }) {
  const { db } = deps;
  // Every notification runs these (issue 17): built once, prepared per connection, run on the change's
  // transaction. One array parameter rather than a row of parameters per recipient, so that inviting a group
  // of a thousand stays one cheap statement to bind and plan.
  const recipients = sql`${notifications.userId} = any(${sql.placeholder('userIds')}::uuid[])`;
  const unreadMessageStatement = preparedOn(
    db,
    'notify_unread_message',
    db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          recipients,
          eq(notifications.type, 'SEND_MESSAGE'),
          eq(notifications.targetId, sql.placeholder('targetId')),
          isNull(notifications.readAt),
        ),
      ),
  );
  const recentStatement = preparedOn(
    db,
    'notify_recent',
    db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          recipients,
          eq(notifications.type, sql.placeholder('type')),
          eq(notifications.targetId, sql.placeholder('targetId')),
          eq(notifications.actorId, sql.placeholder('actorId')),
          sql`${notifications.createdAt} > now() - ${sql.placeholder('within')}::interval`,
        ),
      ),
  );
  // Ids are uuidv7 as everywhere: they order the list. Nobody is notified of what someone did when either of the two
  // blocked the other (blockRules.blockedPair, security review M-N3): no row, so no live event and no push either.
  const insertStatement = preparedOn(
    db,
    'notify_insert',
    db
      .insert(notifications)
      .select(
        sql`select r.id, r.user_id, ${sql.placeholder('type')}::text, ${sql.placeholder('targetId')}::uuid,
                   ${sql.placeholder('actorId')}::uuid, ${sql.placeholder('reason')}::text, null::timestamptz, now()
            from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('userIds')}::uuid[]) as r(id, user_id)
            where ${sql.placeholder('despiteBlocks')}::boolean
              or not ${blockedPairSql(sql`r.user_id`, sql`${sql.placeholder('actorId')}::uuid`)}`,
      )
      .returning(),
  );
  const actorsStatement = db
    .select(userSummaryColumns)
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notify_actors');

  async function record(input: NotifyInput, tx: DbOrTx = db) {
    let userIds = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
    if (!userIds.length) return [];
    if (input.type === 'SEND_MESSAGE') {
      // At most one unread message notification per chat and person.
      const unread = await unreadMessageStatement
        .on(tx)
        .execute({ userIds: uuidList(userIds), targetId: input.targetId });
      const already = new Set(unread.map((r) => r.userId));
      userIds = userIds.filter((id) => !already.has(id));
      if (!userIds.length) return [];
    }
    if (input.onceWithinMs && input.actorId) {
      const recent = await recentStatement.on(tx).execute({
        userIds: uuidList(userIds),
        type: input.type,
        targetId: input.targetId,
        actorId: input.actorId,
        within: `${input.onceWithinMs} milliseconds`,
      });
      const already = new Set(recent.map((r) => r.userId));
      userIds = userIds.filter((id) => !already.has(id));
      if (!userIds.length) return [];
    }
    const rows = await insertStatement.on(tx).execute({
      ids: uuidList(userIds.map(() => uuidv7())),
      userIds: uuidList(userIds),
      type: input.type,
      targetId: input.targetId,
      actorId: input.actorId,
      reason: input.reason ?? null,
      despiteBlocks: input.despiteBlocks ?? false,
    });
    await deps.push?.enqueue(rows, tx);
    return rows.map((row) => ({ row, targetName: input.targetName ?? null }));
  }

  /** Sends stored notifications live to their recipients. */
  async function deliver(stored: Awaited<ReturnType<typeof record>>) {
    if (!stored.length) return;
    try {
      await emit(stored);
    } finally {
      // The queued pushes are sent once the live events are out, so that the sender's first batch does not
      // hold up the rest of the request (it runs on the same event loop).
      deps.push?.committed();
    }
  }

  async function emit(stored: Awaited<ReturnType<typeof record>>) {
    const actorIds = [...new Set(stored.map((s) => s.row.actorId).filter((id): id is string => !!id))];
    const actors = actorIds.length ? await actorsStatement.execute({ ids: uuidList(actorIds) }) : [];
    const byId = new Map(actors.map((a) => [a.userId, a]));
    for (const { row, targetName } of stored) {
      const actor = row.actorId ? byId.get(row.actorId) : undefined;
      const notification = toNotification(row, actor ? toUserSummary(actor) : null, targetName);
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
