import { and, asc, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { activities, activityMembers, groups, users } from '../../db/schema.ts';
import { activityExactPointVisibleSql, activityPublicSql, activityVisibleSql } from '../access/access.ts';

/** The calendar feeds' reads (docs/logistics.md): people's feed versions, live groups and the feeds' activities. */
export function createCalendarRepository(db: Db) {
  /**
   * Activities matching `condition` that end after `since`, soonest first, `limit` at most, each with whether
   * `readerId` may see its exact start; a cancelled date of a series stays.
   */
  function feedRows(condition: SQL | undefined, readerId: string | null, since: Date, limit: number, tx: DbOrTx) {
    // A feed read without signing in is anybody's: it shows a closed activity's area, like to an outsider.
    const exact = readerId ? activityExactPointVisibleSql(readerId) : sql`${activities.access} = 'OPEN'`;
    return tx
      .select({ activity: activities, exact: sql<boolean>`${exact}` })
      .from(activities)
      .where(
        and(
          or(isNull(activities.deletedAt), isNotNull(activities.cancelledAt)),
          gt(activities.endsAt, since),
          condition,
        ),
      )
      .orderBy(asc(activities.startsAt))
      .limit(limit);
  }

  return {
    db,

    /** A live person's feed version and suspension; null when the account is gone. */
    async feedVersion(userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ version: users.calendarFeedVersion, suspendedUntil: users.suspendedUntil })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row ?? null;
    },

    /** Every feed address of the person changes. */
    async bumpFeedVersion(userId: string, tx: DbOrTx = db) {
      await tx
        .update(users)
        .set({ calendarFeedVersion: sql`${users.calendarFeedVersion} + 1` })
        .where(eq(users.id, userId));
    },

    async liveGroup(groupId: string, tx: DbOrTx = db) {
      const [group] = await tx
        .select({ id: groups.id, name: groups.name, type: groups.type })
        .from(groups)
        .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
      return group ?? null;
    },

    /** An open group's public activities, for anybody. */
    groupPublicFeed(groupId: string, since: Date, limit: number, tx: DbOrTx = db) {
      return feedRows(and(eq(activities.groupId, groupId), activityPublicSql), null, since, limit, tx);
    },

    /** The activities the person takes part in. */
    personalFeed(userId: string, since: Date, limit: number, tx: DbOrTx = db) {
      const mine = sql`exists (select 1 from ${activityMembers} feed_am where feed_am.activity_id = ${activities.id}
          and feed_am.user_id = ${userId} and feed_am.state = 'PARTICIPATING')`;
      return feedRows(and(mine, activityVisibleSql(userId)), userId, since, limit, tx);
    },

    /** A group's activities as the member sees them. */
    memberGroupFeed(groupId: string, userId: string, since: Date, limit: number, tx: DbOrTx = db) {
      return feedRows(and(eq(activities.groupId, groupId), activityVisibleSql(userId)), userId, since, limit, tx);
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
