import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activities,
  activityMembers,
  activityOutcomes,
  activityRecordings,
  stravaConnections,
  stravaImports,
  stravaStates,
  users,
} from '../../db/schema.ts';
import { blockedPairSql } from '../access/access.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type RecordingRow = typeof activityRecordings.$inferSelect;
export type StravaConnectionRow = typeof stravaConnections.$inferSelect;

/** The recording's owner still takes part in its activity (joined as `activityMembers`). */
const ownerTakesPart = and(
  eq(activityMembers.activityId, activityRecordings.activityId),
  eq(activityMembers.userId, activityRecordings.userId),
  eq(activityMembers.state, 'PARTICIPATING'),
);

/** Recordings, the outcomes they calibrate, and Strava's links and queue (docs/recordings.md); SQL only here. */
export function createRecordingsRepository(db: DbOrTx) {
  return {
    /**
     * Adds a person's recording of an activity, or replaces the one they had (a file keeps whether it was shared); one
     * from Strava never replaces a file, and is never shared: null then.
     */
    save: async (values: typeof activityRecordings.$inferInsert, tx: DbOrTx = db) =>
      (
        await tx
          .insert(activityRecordings)
          .values(values)
          .onConflictDoUpdate({
            target: [activityRecordings.activityId, activityRecordings.userId],
            set: {
              source: values.source,
              externalId: values.externalId ?? null,
              startedAt: values.startedAt,
              endedAt: values.endedAt,
              movingSeconds: values.movingSeconds,
              distance: values.distance,
              onRouteShare: values.onRouteShare,
              line: values.line,
              ...(values.source === 'STRAVA' ? { shared: false } : {}),
              createdAt: values.createdAt,
            },
            setWhere: values.source === 'STRAVA' ? eq(activityRecordings.source, 'STRAVA') : undefined,
          })
          .returning()
      )[0] ?? null,

    mine: async (activityId: string, userId: string, tx: DbOrTx = db) =>
      (
        await tx
          .select()
          .from(activityRecordings)
          .where(and(eq(activityRecordings.activityId, activityId), eq(activityRecordings.userId, userId)))
      )[0] ?? null,

    setShared: async (activityId: string, userId: string, shared: boolean, tx: DbOrTx = db) =>
      (
        await tx
          .update(activityRecordings)
          .set({ shared })
          .where(and(eq(activityRecordings.activityId, activityId), eq(activityRecordings.userId, userId)))
          .returning()
      )[0] ?? null,

    remove: async (activityId: string, userId: string, tx: DbOrTx = db) =>
      (
        await tx
          .delete(activityRecordings)
          .where(and(eq(activityRecordings.activityId, activityId), eq(activityRecordings.userId, userId)))
          .returning({ id: activityRecordings.id })
      ).length > 0,

    /**
     * The lines `viewerId` sees: their own, and those shared by people still taking part, leaving out anyone either
     * of the two blocked. Strava's are never shared (set-shared refuses, save clears).
     */
    lines: (activityId: string, viewerId: string, tx: DbOrTx = db) =>
      tx
        .select({
          ...userSummaryColumns,
          source: activityRecordings.source,
          line: activityRecordings.line,
          movingSeconds: activityRecordings.movingSeconds,
          distance: activityRecordings.distance,
        })
        .from(activityRecordings)
        .innerJoin(users, eq(users.id, activityRecordings.userId))
        .innerJoin(activityMembers, ownerTakesPart)
        .where(
          and(
            eq(activityRecordings.activityId, activityId),
            isNull(users.deletedAt),
            sql`(${activityRecordings.userId} = ${viewerId} or (${activityRecordings.shared}
              and ${activityRecordings.source} = 'FILE' and not ${blockedPairSql(viewerId, activityRecordings.userId)}))`,
          ),
        )
        .orderBy(sql`${activityRecordings.userId} = ${viewerId} desc`, users.firstName, users.id),

    /** The moving times of the recordings that speak for the group: shared, from a file, of people taking part. */
    sharedMovingSeconds: async (activityId: string, tx: DbOrTx = db) =>
      (
        await tx
          .select({ seconds: activityRecordings.movingSeconds })
          .from(activityRecordings)
          .innerJoin(activityMembers, ownerTakesPart)
          .where(
            and(
              eq(activityRecordings.activityId, activityId),
              eq(activityRecordings.shared, true),
              eq(activityRecordings.source, 'FILE'),
            ),
          )
      ).map((r) => r.seconds),

    /** Everyone taking part (whose privacy zones a recap's lines respect). */
    participantIds: async (activityId: string, tx: DbOrTx = db) =>
      (
        await tx
          .select({ userId: activityMembers.userId })
          .from(activityMembers)
          .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')))
      ).map((r) => r.userId),

    saveOutcome: (values: typeof activityOutcomes.$inferInsert, tx: DbOrTx = db) =>
      tx
        .insert(activityOutcomes)
        .values(values)
        .onConflictDoUpdate({
          target: activityOutcomes.activityId,
          set: { modelMinutes: values.modelMinutes, realMinutes: values.realMinutes, recordings: values.recordings },
        }),

    removeOutcome: (activityId: string, tx: DbOrTx = db) =>
      tx.delete(activityOutcomes).where(eq(activityOutcomes.activityId, activityId)),

    /**
     * The activities a Strava activity of `userId` starting at `startedAt` may be a recording of: those they take
     * part in that start within `windowMinutes` of it, nearest first.
     */
    candidates: (userId: string, startedAt: Date, windowMinutes: number, tx: DbOrTx = db) =>
      tx
        .select({
          id: activities.id,
          startsAt: activities.startsAt,
          endsAt: activities.endsAt,
          routeSteps: activities.routeSteps,
        })
        .from(activities)
        .innerJoin(
          activityMembers,
          and(
            eq(activityMembers.activityId, activities.id),
            eq(activityMembers.userId, userId),
            eq(activityMembers.state, 'PARTICIPATING'),
          ),
        )
        .where(
          and(
            isNull(activities.deletedAt),
            sql`abs(extract(epoch from ${activities.startsAt} - ${startedAt.toISOString()}::timestamptz)) <= ${windowMinutes * 60}`,
          ),
        )
        .orderBy(sql`abs(extract(epoch from ${activities.startsAt} - ${startedAt.toISOString()}::timestamptz))`),

    /** Deletes every recording of this person that came from Strava (a Strava activity's id: only that one). */
    removeFromStrava: async (userId: string, tx: DbOrTx = db, stravaActivityId?: string) =>
      (
        await tx
          .delete(activityRecordings)
          .where(
            and(
              eq(activityRecordings.userId, userId),
              eq(activityRecordings.source, 'STRAVA'),
              stravaActivityId ? eq(activityRecordings.externalId, stravaActivityId) : undefined,
            ),
          )
          .returning({ activityId: activityRecordings.activityId })
      ).map((r) => r.activityId),

    connection: async (userId: string, tx: DbOrTx = db) =>
      (await tx.select().from(stravaConnections).where(eq(stravaConnections.userId, userId)))[0] ?? null,

    connectionOfAthlete: async (athleteId: string, tx: DbOrTx = db) =>
      (await tx.select().from(stravaConnections).where(eq(stravaConnections.athleteId, athleteId)))[0] ?? null,

    /** Links the person to a Strava athlete; a link of that athlete to someone else is replaced. */
    saveConnection: async (values: typeof stravaConnections.$inferInsert, tx: DbOrTx = db) => {
      await tx.delete(stravaConnections).where(eq(stravaConnections.athleteId, values.athleteId));
      await tx
        .insert(stravaConnections)
        .values(values)
        .onConflictDoUpdate({ target: stravaConnections.userId, set: values });
    },

    updateTokens: (
      userId: string,
      tokens: Pick<StravaConnectionRow, 'accessToken' | 'refreshToken' | 'expiresAt'>,
      tx: DbOrTx = db,
    ) => tx.update(stravaConnections).set(tokens).where(eq(stravaConnections.userId, userId)),

    removeConnection: async (userId: string, tx: DbOrTx = db) =>
      (await tx.delete(stravaConnections).where(eq(stravaConnections.userId, userId)).returning())[0] ?? null,

    saveState: (values: typeof stravaStates.$inferInsert, tx: DbOrTx = db) => tx.insert(stravaStates).values(values),

    /** Takes a started connection once: the person it belongs to, if it has not expired. */
    takeState: async (stateHash: string, now: Date, tx: DbOrTx = db) =>
      (
        await tx
          .delete(stravaStates)
          .where(and(eq(stravaStates.stateHash, stateHash), gt(stravaStates.expiresAt, now)))
          .returning({ userId: stravaStates.userId })
      )[0]?.userId ?? null,

    /** Queues a Strava activity to fetch (once, however often Strava tells of it). */
    enqueue: (values: { athleteId: string; stravaActivityId: string; notBefore: Date }, tx: DbOrTx = db) =>
      tx.insert(stravaImports).values(values).onConflictDoNothing(),

    /** Claims due imports for this transaction; another instance skips them. */
    claimImports: (now: Date, limit: number, tx: DbOrTx) =>
      tx
        .select()
        .from(stravaImports)
        .where(lte(stravaImports.notBefore, now))
        .orderBy(stravaImports.notBefore)
        .limit(limit)
        .for('update', { skipLocked: true }),

    retryImport: (id: string, notBefore: Date, tx: DbOrTx) =>
      tx
        .update(stravaImports)
        .set({ notBefore, attempts: sql`${stravaImports.attempts} + 1` })
        .where(eq(stravaImports.id, id)),

    /** Puts off every due import until `notBefore` (Strava's rate limit applies to the whole application). */
    holdImports: (notBefore: Date, tx: DbOrTx) =>
      tx.update(stravaImports).set({ notBefore }).where(lte(stravaImports.notBefore, notBefore)),

    removeImports: (ids: string[], tx: DbOrTx) =>
      ids.length ? tx.delete(stravaImports).where(inArray(stravaImports.id, ids)) : Promise.resolve(),

    removeImportsOfAthlete: (athleteId: string, tx: DbOrTx = db) =>
      tx.delete(stravaImports).where(eq(stravaImports.athleteId, athleteId)),

    /** Started connections past their expiry (the purge). */
    removeExpiredStates: (now: Date, tx: DbOrTx = db) =>
      tx.delete(stravaStates).where(lte(stravaStates.expiresAt, now)),
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
