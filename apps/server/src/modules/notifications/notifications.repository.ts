import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { activities, chats, groups, notifications, users } from '../../db/schema.ts';
import { personColumns } from '../users/user-summary.ts';

const chatActivities = alias(activities, 'chat_activities');
const chatGroups = alias(groups, 'chat_groups');

export function createNotificationsRepository(db: DbOrTx) {
  return {
    /** A page of a user's notifications, newest first, with the actor and the target's name. */
    listByUser(userId: string, page: { page: number; limit: number }) {
      return db
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
        .limit(page.limit)
        .offset((page.page - 1) * page.limit);
    },

    async countUnread(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
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
