import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import {
  activityMembers,
  activitySafety,
  emergencyContacts,
  locationPoints,
  userBlocks,
  users,
} from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type SafetyRow = typeof activitySafety.$inferSelect;
export type SafetyState = Partial<Pick<SafetyRow, 'sharing' | 'economy' | 'backAt'>>;

/** The queries of the safety loop. */
export function createSafetyRepository(db: Db) {
  return {
    /** Everyone taking part, organisers first, with their part in the loop (null before their first safety action). */
    people: (activityId: string, tx: DbOrTx = db) =>
      tx
        .select({
          user: userSummaryColumns,
          isOrganiser: activityMembers.isAdmin,
          safety: activitySafety,
        })
        .from(activityMembers)
        .innerJoin(users, eq(users.id, activityMembers.userId))
        .leftJoin(
          activitySafety,
          and(eq(activitySafety.activityId, activityMembers.activityId), eq(activitySafety.userId, users.id)),
        )
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.state, 'PARTICIPATING'),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(desc(activityMembers.isAdmin), asc(activityMembers.joinedAt), asc(users.id)),

    /** Sets a person's part in the loop, making its row on the first action. */
    async setState(activityId: string, userId: string, state: SafetyState, tx: DbOrTx = db) {
      await tx
        .insert(activitySafety)
        .values({ activityId, userId, ...state })
        .onConflictDoUpdate({ target: [activitySafety.activityId, activitySafety.userId], set: state });
    },

    /** The last stored position of each of `userIds` in the activity. */
    lastFixes: (activityId: string, userIds: string[], tx: DbOrTx = db) =>
      userIds.length
        ? queryRows<{ user_id: string; latitude: number; longitude: number; recorded_at: Date | string }>(
            tx,
            sql`select distinct on (user_id) user_id, latitude, longitude, recorded_at from ${locationPoints}
              where activity_id = ${activityId} and user_id = any(${uuidArray(userIds)})
              order by user_id, recorded_at desc`,
          )
        : Promise.resolve([]),

    /** Of `others`, those with a block between them and `userId`, in either direction. */
    async blockedAmong(userId: string, others: string[], tx: DbOrTx = db) {
      if (!others.length) return new Set<string>();
      const rows = await queryRows<{ other: string }>(
        tx,
        sql`select case when blocker_id = ${userId} then blocked_id else blocker_id end as other from ${userBlocks}
          where (blocker_id = ${userId} and blocked_id = any(${uuidArray(others)}))
             or (blocked_id = ${userId} and blocker_id = any(${uuidArray(others)}))`,
      );
      return new Set(rows.map((r) => r.other));
    },

    /**
     * How many of the person's escalations reached step 2 since `since`, the one being taken included. Locks the
     * person's row first, so two instances escalating two of their activities at once count one after the other.
     */
    async contactEscalationsSince(userId: string, since: Date, tx: DbOrTx) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(activitySafety)
        .where(and(eq(activitySafety.userId, userId), gt(activitySafety.contactsMailedAt, since)));
      return row?.count ?? 0;
    },

    addPoint: (point: typeof locationPoints.$inferInsert, tx: DbOrTx = db) => tx.insert(locationPoints).values(point),

    contacts: (userId: string, tx: DbOrTx = db) =>
      tx
        .select({
          name: emergencyContacts.name,
          email: emergencyContacts.email,
          confirmed: sql<boolean>`${emergencyContacts.confirmedAt} is not null`,
        })
        .from(emergencyContacts)
        .where(eq(emergencyContacts.userId, userId))
        .orderBy(emergencyContacts.position),

    /**
     * Replaces a person's contacts. An address kept keeps its confirmation (and a pending link); `confirming` gives the
     * token hash for an unconfirmed address that is due a confirmation mail, or null when it is not.
     */
    async replaceContacts(
      userId: string,
      contacts: { name: string; email: string }[],
      confirming: (kept: { confirmedAt: Date | null; confirmSentAt: Date | null } | undefined) => string | null,
      now: Date,
      tx: DbOrTx,
    ) {
      const before = await tx
        .select()
        .from(emergencyContacts)
        .where(eq(emergencyContacts.userId, userId))
        .for('update');
      await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
      const rows = contacts.map((c, position) => {
        const kept = before.find((b) => b.email.toLowerCase() === c.email.toLowerCase());
        const tokenHash = confirming(kept);
        return {
          userId,
          position,
          ...c,
          confirmedAt: kept?.confirmedAt ?? null,
          confirmTokenHash: tokenHash ?? kept?.confirmTokenHash ?? null,
          confirmSentAt: tokenHash ? now : (kept?.confirmSentAt ?? null),
        };
      });
      if (rows.length) await tx.insert(emergencyContacts).values(rows);
      return rows;
    },

    language: async (userId: string, tx: DbOrTx = db) => {
      const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language === 'it' ? ('it' as const) : ('en' as const);
    },

    /** Confirms the address whose link was sent after `sentAfter`; the link then works no more. */
    confirmContact: async (tokenHash: string, sentAfter: Date, now: Date, tx: DbOrTx = db) =>
      (
        await tx
          .update(emergencyContacts)
          .set({ confirmedAt: now, confirmTokenHash: null })
          .where(and(eq(emergencyContacts.confirmTokenHash, tokenHash), gt(emergencyContacts.confirmSentAt, sentAfter)))
          .returning({ userId: emergencyContacts.userId })
      ).length > 0,

    async deleteHistory(userId: string, tx: DbOrTx = db) {
      const deleted = await tx
        .delete(locationPoints)
        .where(eq(locationPoints.userId, userId))
        .returning({ id: locationPoints.id });
      return deleted.length;
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
