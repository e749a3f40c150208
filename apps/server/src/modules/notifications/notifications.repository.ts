import { and, count, desc, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { activities, chats, groups, notifications, users } from '../../db/schema.ts';
import { personColumns } from '../users/user-summary.ts';

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
        >`coalesce(${activities.name}, ${groups.name}, ${chatActivities.name}, ${chatGroups.name})`,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(
        activities,
        and(eq(activities.id, notifications.targetId), sql`${notifications.type} like 'ACTIVITY_%'`),
      )
      .leftJoin(groups, and(eq(groups.id, notifications.targetId), sql`${notifications.type} like 'GROUP_%'`))
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
