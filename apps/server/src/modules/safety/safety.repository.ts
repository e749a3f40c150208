import { FALLBACK_LANGUAGE } from '@cordata/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import {
  activities,
  activityMembers,
  activitySafety,
  deviceKeys,
  emergencyContacts,
  locationPoints,
  queuedEvents,
  safetyLinks,
  userBlocks,
  users,
} from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type SafetyRow = typeof activitySafety.$inferSelect;
export type SafetyState = Partial<Pick<SafetyRow, 'sharing' | 'economy' | 'backAt'>>;

/** An instant as an SQL timestamp (raw SQL parameters carry no column type to convert a Date by). */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

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
        ? queryRows<{ userId: string; latitude: number; longitude: number; recordedAt: Date | string }>(
            tx,
            sql`select distinct on (user_id) user_id as "userId", latitude, longitude, recorded_at as "recordedAt"
              from ${locationPoints}
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

    /** A queued "I'm back" (queued-events.ts): back since `at`, or since an earlier check-in already recorded. */
    async backSince(activityId: string, userId: string, at: Date, tx: DbOrTx = db) {
      await tx
        .insert(activitySafety)
        .values({ activityId, userId, backAt: at, sharing: false })
        .onConflictDoUpdate({
          target: [activitySafety.activityId, activitySafety.userId],
          set: {
            backAt: sql`least(coalesce(${activitySafety.backAt}, ${instant(at)}), ${instant(at)})`,
            sharing: false,
          },
        });
    },

    /** Registers a device key, then drops the person's oldest beyond `keep`. */
    async addDeviceKey(userId: string, publicKey: string, keep: number, tx: DbOrTx = db) {
      const [row] = await tx.insert(deviceKeys).values({ userId, publicKey }).returning({ id: deviceKeys.id });
      await tx.execute(
        sql`delete from ${deviceKeys} where user_id = ${userId} and id not in (
          select id from ${deviceKeys} where user_id = ${userId} order by created_at desc, id desc limit ${keep})`,
      );
      return row!.id;
    },

    deviceKey: async (userId: string, keyId: string, tx: DbOrTx = db) =>
      (
        await tx
          .select({ publicKey: deviceKeys.publicKey })
          .from(deviceKeys)
          .where(and(eq(deviceKeys.userId, userId), eq(deviceKeys.id, keyId)))
      )[0] ?? null,

    /** Records a queued event as applied; false when it already was (a replay). */
    async claimQueuedEvent(row: typeof queuedEvents.$inferInsert, tx: DbOrTx = db) {
      const claimed = await tx
        .insert(queuedEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: queuedEvents.eventId });
      return claimed.length > 0;
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
      return row?.language ?? FALLBACK_LANGUAGE;
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

    /** The activity's planned return changes; answers the activity. */
    async setPlannedReturn(activityId: string, plannedReturnAt: Date | null, tx: DbOrTx = db) {
      const [updated] = await tx
        .update(activities)
        .set({ plannedReturnAt })
        .where(eq(activities.id, activityId))
        .returning();
      return updated!;
    },

    /**
     * People taking part and not back whose escalation step is due: the activity started at or before `returnedBy`
     * and not more than `longestOuting` earlier, its planned return (or end) at or before `returnedBy` and not more
     * than `lookback` earlier, and the step not taken (`alert`), or the alert sent and the contacts not mailed
     * (`contacts`). Soonest activities first, `limit` at most.
     */
    escalationDue(
      returnedBy: Date,
      step: 'alert' | 'contacts',
      window: { longestOutingMs: number; lookbackMs: number; limit: number },
      tx: DbOrTx = db,
    ) {
      return queryRows<{ activityId: string; userId: string }>(
        tx,
        sql`select am.activity_id as "activityId", am.user_id as "userId" from activity_members am
        join ${activities} a on a.id = am.activity_id
        left join ${activitySafety} s on s.activity_id = am.activity_id and s.user_id = am.user_id
        where am.state = 'PARTICIPATING' and a.deleted_at is null and a.cancelled_at is null
          and a.starts_at <= ${instant(returnedBy)}
          and a.starts_at > ${instant(new Date(returnedBy.getTime() - window.longestOutingMs))}
          and coalesce(a.planned_return_at, a.ends_at) <= ${instant(returnedBy)}
          and coalesce(a.planned_return_at, a.ends_at) > ${instant(new Date(returnedBy.getTime() - window.lookbackMs))}
          and s.back_at is null
          and ${step === 'alert' ? sql`s.alerted_at is null` : sql`s.alerted_at is not null and s.contacts_mailed_at is null`}
        order by a.starts_at limit ${window.limit}`,
      );
    },

    /** Claims the alert of the people not alerted yet nor back (a conditional upsert); answers those claimed. */
    claimAlerts(activityId: string, userIds: string[], now: Date, tx: DbOrTx = db) {
      return tx
        .insert(activitySafety)
        .values(userIds.map((userId) => ({ activityId, userId, alertedAt: now })))
        .onConflictDoUpdate({
          target: [activitySafety.activityId, activitySafety.userId],
          set: { alertedAt: now },
          setWhere: sql`${activitySafety.alertedAt} is null and ${activitySafety.backAt} is null`,
        })
        .returning({ userId: activitySafety.userId });
    },

    /** Claims the mail to the person's contacts, unless mailed already or back; whether it was claimed. */
    async claimContactsMail(activityId: string, userId: string, now: Date, tx: DbOrTx = db) {
      const [claimed] = await tx
        .update(activitySafety)
        .set({ contactsMailedAt: now })
        .where(
          and(
            eq(activitySafety.activityId, activityId),
            eq(activitySafety.userId, userId),
            isNull(activitySafety.contactsMailedAt),
            isNull(activitySafety.backAt),
          ),
        )
        .returning({ userId: activitySafety.userId });
      return !!claimed;
    },

    async activity(activityId: string, tx: DbOrTx = db) {
      const [activity] = await tx.select().from(activities).where(eq(activities.id, activityId));
      return activity ?? null;
    },

    /** The activity and the person's name and language, for the mail to their contacts. */
    async escalationSubject(activityId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          activity: activities,
          firstName: users.firstName,
          lastName: users.lastName,
          language: users.language,
        })
        .from(activities)
        .innerJoin(users, eq(users.id, userId))
        .where(eq(activities.id, activityId));
      return row ?? null;
    },

    async insertLink(link: typeof safetyLinks.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(safetyLinks).values(link);
    },

    /** A link not expired at `now`, by its token's hash. */
    async link(tokenHash: string, now: Date, tx: DbOrTx = db) {
      const [link] = await tx
        .select()
        .from(safetyLinks)
        .where(and(eq(safetyLinks.tokenHash, tokenHash), gt(safetyLinks.expiresAt, now)));
      return link ?? null;
    },

    /** A link's live activity and person, with the person's part in its safety loop. */
    async linked(activityId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ activity: activities, person: users, safety: activitySafety })
        .from(activities)
        .innerJoin(users, eq(users.id, userId))
        .leftJoin(activitySafety, and(eq(activitySafety.activityId, activities.id), eq(activitySafety.userId, userId)))
        .where(and(eq(activities.id, activityId), isNull(activities.deletedAt), isNull(users.deletedAt)));
      return row ?? null;
    },

    /** The first names of the activity's organisers. */
    async organiserNames(activityId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ firstName: users.firstName })
        .from(activityMembers)
        .innerJoin(users, eq(users.id, activityMembers.userId))
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.state, 'PARTICIPATING'),
            eq(activityMembers.isAdmin, true),
            isNull(users.deletedAt),
          ),
        );
      return rows;
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
