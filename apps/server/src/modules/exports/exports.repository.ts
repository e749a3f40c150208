import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  activities,
  activityAttendance,
  activityMembers,
  activityRecordings,
  activityRoutes,
  chats,
  connections,
  dataExports,
  emergencyContacts,
  gearItems,
  groupMembers,
  groups,
  locationPoints,
  messages,
  notifications,
  privacyZones,
  stravaConnections,
  userSports,
  users,
} from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type ExportRow = typeof dataExports.$inferSelect;

/** The data exports (docs/logistics.md), and everything a person has, read for their export. */
export function createExportsRepository(db: Db) {
  return {
    db,

    /** The person's latest export not expired at `now`. */
    async latest(userId: string, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(
          and(
            eq(dataExports.userId, userId),
            or(isNull(dataExports.expiresAt), sql`${dataExports.expiresAt} > ${now.toISOString()}::timestamptz`),
          ),
        )
        .orderBy(desc(dataExports.requestedAt))
        .limit(1);
      return row ?? null;
    },

    async insertPending(userId: string, requestedAt: Date, tx: DbOrTx = db) {
      const [row] = await tx.insert(dataExports).values({ userId, status: 'PENDING', requestedAt }).returning();
      return row!;
    },

    /**
     * Takes the oldest pending export no other instance holds (FOR UPDATE SKIP LOCKED, a claim expired at `now`
     * counts as none), until `lockedUntil`, counting the attempt.
     */
    async claim(now: Date, lockedUntil: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(dataExports)
        .set({ lockedUntil, attempts: sql`${dataExports.attempts} + 1` })
        .where(
          sql`${dataExports.id} = (select id from data_exports where status = 'PENDING'
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by created_at limit 1 for update skip locked)`,
        )
        .returning();
      return row ?? null;
    },

    /** Where and in which language the export's mail goes, and whether the account is gone. */
    async recipient(userId: string, tx: DbOrTx = db) {
      const [user] = await tx
        .select({ email: users.email, language: users.language, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      return user ?? null;
    },

    async remove(exportId: string, tx: DbOrTx = db) {
      await tx.delete(dataExports).where(eq(dataExports.id, exportId));
    },

    /** The export is ready in storage; null when its row is gone (the account was deleted meanwhile). */
    async markReady(exportId: string, ready: { storageKey: string; readyAt: Date; expiresAt: Date }, tx: DbOrTx = db) {
      const [row] = await tx
        .update(dataExports)
        .set({ status: 'READY', ...ready, lockedUntil: null })
        .where(eq(dataExports.id, exportId))
        .returning();
      return row ?? null;
    },

    async markFailed(exportId: string, tx: DbOrTx = db) {
      await tx.update(dataExports).set({ status: 'FAILED', lockedUntil: null }).where(eq(dataExports.id, exportId));
    },

    /** Exports expired at `now`, and failed ones asked for before `failedBefore`, go; answers their stored files. */
    async removeExpired(now: Date, failedBefore: Date, tx: DbOrTx = db) {
      return tx
        .delete(dataExports)
        .where(
          or(
            lt(dataExports.expiresAt, now),
            and(eq(dataExports.status, 'FAILED'), lt(dataExports.requestedAt, failedBefore)),
          ),
        )
        .returning({ key: dataExports.storageKey });
    },

    /** Every export of the person goes; answers their stored files. */
    removeAllOf(userId: string, tx: DbOrTx = db) {
      return tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ key: dataExports.storageKey });
    },

    /** A ready export, by id. */
    async ready(exportId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(and(inArray(dataExports.id, [exportId]), eq(dataExports.status, 'READY')));
      return row ?? null;
    },

    /**
     * Everything the person has, read with their id only (nobody else's private data can slip in); null when the
     * person is missing.
     */
    async personalData(userId: string, tx: DbOrTx = db) {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      const sports = await tx.select().from(userSports).where(eq(userSports.userId, userId));

      const contactRows = await tx
        .select()
        .from(connections)
        .where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)));
      const otherIds = contactRows.map((c) => (c.requesterId === userId ? c.addresseeId : c.requesterId));
      const people = otherIds.length
        ? await tx.select(userSummaryColumns).from(users).where(inArray(users.id, otherIds))
        : [];

      const activityRows = await tx
        .select({ activity: activities, member: activityMembers, gpx: activityRoutes.gpx })
        .from(activities)
        .leftJoin(
          activityMembers,
          and(eq(activityMembers.activityId, activities.id), eq(activityMembers.userId, userId)),
        )
        // Only the person's own files are read: nobody else's is parsed or written out as it was uploaded.
        .leftJoin(activityRoutes, and(eq(activityRoutes.activityId, activities.id), eq(activities.createdBy, userId)))
        .where(
          sql`${activities.deletedAt} is null and (${activities.createdBy} = ${userId} or ${activityMembers.userId} is not null)`,
        )
        .orderBy(asc(activities.startsAt));

      const groupRows = await tx
        .select({ group: groups, member: groupMembers })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(sql`${groupMembers.userId} = ${userId} and ${groups.deletedAt} is null`);

      const messageRows = await tx
        .select({ message: messages, chat: chats })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(and(eq(messages.senderId, userId), eq(messages.kind, 'TEXT')))
        .orderBy(asc(messages.id));

      const notificationRows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id));

      const gearRows = await tx
        .select()
        .from(gearItems)
        .where(or(eq(gearItems.personalFor, userId), eq(gearItems.claimedBy, userId)));

      const [recordingRows, stravaRows] = await Promise.all([
        tx
          .select()
          .from(activityRecordings)
          .where(eq(activityRecordings.userId, userId))
          .orderBy(asc(activityRecordings.startedAt)),
        tx
          .select({ athleteId: stravaConnections.athleteId, connectedAt: stravaConnections.connectedAt })
          .from(stravaConnections)
          .where(eq(stravaConnections.userId, userId)),
      ]);

      const [contactsInEmergency, zoneRows, attendanceRows, positionRows] = await Promise.all([
        tx
          .select()
          .from(emergencyContacts)
          .where(eq(emergencyContacts.userId, userId))
          .orderBy(asc(emergencyContacts.position)),
        tx.select().from(privacyZones).where(eq(privacyZones.userId, userId)).orderBy(asc(privacyZones.createdAt)),
        tx
          .select()
          .from(activityAttendance)
          .where(eq(activityAttendance.userId, userId))
          .orderBy(asc(activityAttendance.markedAt)),
        tx
          .select()
          .from(locationPoints)
          .where(eq(locationPoints.userId, userId))
          .orderBy(asc(locationPoints.recordedAt)),
      ]);

      return {
        user,
        sports,
        contactRows,
        people,
        activityRows,
        groupRows,
        messageRows,
        notificationRows,
        gearRows,
        contactsInEmergency,
        zoneRows,
        attendanceRows,
        positionRows,
        recordingRows,
        strava: stravaRows[0] ?? null,
      };
    },
  };
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>;
