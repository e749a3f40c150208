import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activityAttendance, activityMembers, activityPhotos, users } from '../../db/schema.ts';
import { blockedPairSql, hasBlockedSql } from '../access/access.ts';
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
