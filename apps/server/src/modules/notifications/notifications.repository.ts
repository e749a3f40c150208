import { and, count, desc, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, preparedOn, qualified, uuidList } from '../../db/client.ts';
import { activities, chats, groups, notifications, polls, users } from '../../db/schema.ts';
import { blockedPairSql } from '../access/access.ts';
import { personColumns, userSummaryColumns } from '../users/user-summary.ts';

const chatActivities = alias(activities, 'chat_activities');
const chatGroups = alias(groups, 'chat_groups');

export function createNotificationsRepository(db: DbOrTx) {
  /** A page of a user's notifications, newest first, with the actor and the target's name. */
  const listQuery = (userId: string | Placeholder, limit: number | Placeholder, offset: number | Placeholder) =>
    db
      .select({
        notification: notifications,
        actor: personColumns(users),
        targetName: sql<
          string | null
        >`coalesce(${activities.name}, ${groups.name}, ${polls.title}, ${chatActivities.name}, ${chatGroups.name})`,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(
        activities,
        and(eq(activities.id, notifications.targetId), sql`${notifications.type} like 'ACTIVITY_%'`),
      )
      .leftJoin(groups, and(eq(groups.id, notifications.targetId), sql`${notifications.type} like 'GROUP_%'`))
      .leftJoin(polls, and(eq(polls.id, notifications.targetId), sql`${notifications.type} like 'POLL_%'`))
      .leftJoin(chats, and(eq(chats.id, notifications.targetId), eq(notifications.type, 'SEND_MESSAGE')))
      .leftJoin(chatActivities, eq(chatActivities.id, chats.activityId))
      .leftJoin(chatGroups, eq(chatGroups.id, chats.groupId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset(offset);
  // The list and the badge's count are read on every screen: built and prepared once (the first page is written
  // without `offset`, so it is a statement of its own).
  const listFirst = listQuery(sql.placeholder('userId'), sql.placeholder('limit'), 0).prepare('notifications_first');
  const listPage = listQuery(sql.placeholder('userId'), sql.placeholder('limit'), sql.placeholder('offset')).prepare(
    'notifications_page',
  );
  const unreadCount = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('notifications_unread');

  return {
    listByUser(userId: string, page: { page: number; limit: number }) {
      const offset = (page.page - 1) * page.limit;
      return (offset > 0 ? listPage : listFirst).execute({ userId, limit: page.limit, offset });
    },

    async countUnread(userId: string) {
      const [row] = await unreadCount.execute({ userId });
      return row?.n ?? 0;
    },

    markAllRead: (userId: string, at: Date) =>
      db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),

    /** Marks only the caller's own: ids of others' notifications are ignored. */
    markSomeRead: (userId: string, ids: string[], at: Date) =>
      db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt))),
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/**
 * What the notifier writes and reads as it notifies, each statement run on the caller's transaction when given.
 * Every notification runs these (issue 17): built once, prepared per connection. One array parameter rather than a
 * row of parameters per recipient, so that inviting a group of a thousand stays one cheap statement to bind and plan.
 */
export function createNotifierRepository(db: Db) {
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
  // Nobody is notified of what someone did when either of the two blocked the other (blockRules.blockedPair,
  // security review M-N3): no row, so no live event and no push either.
  const insertStatement = preparedOn(
    db,
    'notify_insert',
    db
      .insert(notifications)
      .select(
        sql`select r.id, r.user_id, ${sql.placeholder('type')}::text, ${sql.placeholder('targetId')}::uuid,
                   ${sql.placeholder('actorId')}::uuid, ${sql.placeholder('reason')}::text, null::timestamptz, now(),
                   null::timestamptz
            from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('userIds')}::uuid[]) as r(id, user_id)
            where ${sql.placeholder('despiteBlocks')}::boolean
              or not ${blockedPairSql(sql`r.user_id`, sql`${sql.placeholder('actorId')}::uuid`)}`,
      )
      .returning(),
  );
  // The newest notification of the type about the target per recipient, if recent, gains one person: " +N" in its
  // reason. Not for a recipient in a blocked pair with the actor (they are not told, not even as a count).
  const foldStatement = preparedOn(
    db,
    'notify_fold',
    db
      .update(notifications)
      .set({
        reason: sql`ltrim(regexp_replace(coalesce(${notifications.reason}, ''), ' ?[+][0-9]+$', '') || ' +' ||
          (coalesce(substring(${notifications.reason} from '[+]([0-9]+)$')::int, 0) + 1))`,
        readAt: null,
        foldedAt: sql`now()`,
      })
      .where(
        sql`${notifications.id} in (
          select distinct on (n.user_id) n.id from ${notifications} n
          where n.user_id = any(${sql.placeholder('userIds')}::uuid[])
            and n.type = ${sql.placeholder('type')} and n.target_id = ${sql.placeholder('targetId')}::uuid
            and n.created_at > now() - ${sql.placeholder('within')}::interval
          order by n.user_id, n.id desc)
          and not ${blockedPairSql(qualified(notifications.userId), sql`${sql.placeholder('actorId')}::uuid`)}`,
      )
      .returning(),
  );
  const turnedOffStatement = preparedOn(
    db,
    'notify_turned_off',
    db
      .select({ userId: users.id })
      .from(users)
      .where(
        sql`${users.id} = any(${sql.placeholder('userIds')}::uuid[])
          and (${users.notificationPreferences} ->> ${sql.placeholder('type')}::text) = 'false'`,
      ),
  );
  const actorsStatement = db
    .select(userSummaryColumns)
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notify_actors');

  return {
    /** Those of `userIds` with an unread message notification about the chat `targetId`. */
    async withUnreadMessage(userIds: string[], targetId: string, tx: DbOrTx = db) {
      const rows = await unreadMessageStatement.on(tx).execute({ userIds: uuidList(userIds), targetId });
      return rows.map((r) => r.userId);
    },

    /** Those of `userIds` who got a notification of `type` about `targetId` from `actorId` within `withinMs`. */
    async notifiedRecently(
      query: { userIds: string[]; type: string; targetId: string; actorId: string; withinMs: number },
      tx: DbOrTx = db,
    ) {
      const rows = await recentStatement.on(tx).execute({
        userIds: uuidList(query.userIds),
        type: query.type,
        targetId: query.targetId,
        actorId: query.actorId,
        within: `${query.withinMs} milliseconds`,
      });
      return rows.map((r) => r.userId);
    },

    /**
     * Stores one notification per recipient (`ids[i]` for `userIds[i]`), but none where recipient and actor blocked
     * each other unless `despiteBlocks`; the stored rows.
     */
    insert(
      input: {
        ids: string[];
        userIds: string[];
        type: string;
        targetId: string;
        actorId: string | null;
        reason: string | null;
        despiteBlocks: boolean;
      },
      tx: DbOrTx = db,
    ) {
      return insertStatement.on(tx).execute({ ...input, ids: uuidList(input.ids), userIds: uuidList(input.userIds) });
    },

    /**
     * Folds one more person into the recent notification of `type` about `targetId` of each of `userIds` who has
     * one from within `withinMs` (and no block with `actorId`); the folded rows.
     */
    fold(
      query: { userIds: string[]; type: string; targetId: string; actorId: string; withinMs: number },
      tx: DbOrTx = db,
    ) {
      return foldStatement.on(tx).execute({
        userIds: uuidList(query.userIds),
        type: query.type,
        targetId: query.targetId,
        actorId: query.actorId,
        within: `${query.withinMs} milliseconds`,
      });
    },

    /** Those of `userIds` who turned notifications of `type` off. */
    async turnedOff(userIds: string[], type: string, tx: DbOrTx = db) {
      const rows = await turnedOffStatement.on(tx).execute({ userIds: uuidList(userIds), type });
      return rows.map((r) => r.userId);
    },

    /** The summaries of the actors `ids`. */
    actors(ids: string[]) {
      return actorsStatement.execute({ ids: uuidList(ids) });
    },
  };
}

export type NotifierRepository = ReturnType<typeof createNotifierRepository>;

/** Organiser notifications with events folded in whose batching window has closed: their digest push is due. */
export function createDigestRepository() {
  return {
    /**
     * Takes up to `limit` folded notifications created more than `withinMs` ago, clearing their mark, in the
     * caller's transaction; rows another instance holds are skipped, so each digest is taken once.
     */
    take(withinMs: number, limit: number, tx: DbOrTx) {
      return tx
        .update(notifications)
        .set({ foldedAt: null })
        .where(
          sql`${notifications.id} in (
            select n.id from ${notifications} n
            where n.folded_at is not null and n.created_at <= now() - make_interval(secs => ${withinMs / 1000})
            order by n.created_at limit ${limit} for update skip locked)`,
        )
        .returning({ id: notifications.id, userId: notifications.userId, type: notifications.type });
    },
  };
}
