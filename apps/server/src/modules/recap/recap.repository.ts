import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { activityAttendance, activityMembers, activityPhotos, users } from '../../db/schema.ts';
import { blockedPairSql } from '../access/access.ts';
import { personColumns, userSummaryColumns } from '../users/user-summary.ts';

/** The recap's queries: who took part, the album, and whether a viewer is kept out by an organiser's block. */
export function createRecapRepository(db: DbOrTx) {
  return {
    /** Everyone taking part, organisers first, then by when they joined, with their attendance (docs/attendance.md). */
    attendees: (activityId: string, tx: DbOrTx = db) =>
      tx
        .select({ ...userSummaryColumns, isAdmin: activityMembers.isAdmin, attendance: activityAttendance.status })
        .from(activityMembers)
        .innerJoin(users, eq(users.id, activityMembers.userId))
        .leftJoin(
          activityAttendance,
          and(eq(activityAttendance.activityId, activityId), eq(activityAttendance.userId, activityMembers.userId)),
        )
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.state, 'PARTICIPATING'),
            sql`${users.deletedAt} is null`,
          ),
        )
        .orderBy(desc(activityMembers.isAdmin), asc(activityMembers.joinedAt), asc(users.id)),

    /** The album as the viewer sees it, newest first: without the photos of people either of the two blocked. */
    photos: (activityId: string, viewerId: string, tx: DbOrTx = db) =>
      tx
        .select({
          photoId: activityPhotos.id,
          storageKey: activityPhotos.storageKey,
          uploaderId: activityPhotos.uploaderId,
          createdAt: activityPhotos.createdAt,
          uploader: personColumns(users),
        })
        .from(activityPhotos)
        .leftJoin(users, eq(users.id, activityPhotos.uploaderId))
        .where(
          and(
            eq(activityPhotos.activityId, activityId),
            sql`(${activityPhotos.uploaderId} is null or not ${blockedPairSql(viewerId, activityPhotos.uploaderId)})`,
          ),
        )
        .orderBy(desc(activityPhotos.createdAt), desc(activityPhotos.id)),

    count: async (activityId: string, tx: DbOrTx = db) =>
      (await tx.select({ n: count() }).from(activityPhotos).where(eq(activityPhotos.activityId, activityId)))[0]!.n,

    /** Adds a photo; null when this upload is in an album already. */
    insert: async (values: typeof activityPhotos.$inferInsert, tx: DbOrTx = db) =>
      (await tx.insert(activityPhotos).values(values).onConflictDoNothing().returning())[0] ?? null,

    find: async (activityId: string, photoId: string, tx: DbOrTx = db) =>
      (
        await tx
          .select()
          .from(activityPhotos)
          .where(and(eq(activityPhotos.activityId, activityId), eq(activityPhotos.id, photoId)))
      )[0] ?? null,

    remove: (photoId: string, tx: DbOrTx = db) => tx.delete(activityPhotos).where(eq(activityPhotos.id, photoId)),
  };
}

export type RecapRepository = ReturnType<typeof createRecapRepository>;

/**
 * Claims up to `limit` activities that ended within `lateAfter` before `now` and were never announced, by inserting
 * their `activity_recap_notices` rows, and returns each with the participants to tell (those no organiser blocked).
 * Run it in the transaction that notifies them.
 */
export function claimDueRecapNotices(due: { now: string; lateAfter: string; limit: number }, tx: DbOrTx) {
  return queryRows<{ activityId: string; name: string; userIds: string[] }>(
    tx,
    sql`with due as (
          insert into activity_recap_notices (activity_id, sent_at)
          select a.id, ${due.now}::timestamptz from activities a
          where a.deleted_at is null and a.ends_at <= ${due.now}::timestamptz
            and a.ends_at > ${due.now}::timestamptz - ${due.lateAfter}::interval
            and not exists (select 1 from activity_recap_notices n where n.activity_id = a.id)
          order by a.ends_at
          limit ${due.limit}
          on conflict do nothing
          returning activity_id)
        select a.id as "activityId", a.name, array_agg(m.user_id)::text[] as "userIds"
        from due
        join activities a on a.id = due.activity_id
        join activity_members m on m.activity_id = a.id and m.state = 'PARTICIPATING'
        where not exists (select 1 from activity_members adm
          join user_blocks ub on ub.blocker_id = adm.user_id and ub.blocked_id = m.user_id
          where adm.activity_id = a.id and adm.state = 'PARTICIPATING' and adm.is_admin)
        group by a.id, a.name`,
  );
}
