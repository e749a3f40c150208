import type { WaitlistOverride } from '@cordata/contract/enums';
import { and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, preparedRows, queryRows } from '../../db/client.ts';
import { activities, activityMembers, activityWaitlistOverrides, users } from '../../db/schema.ts';
import { hasBlockedSql } from '../access/access.ts';
import { personColumns, userSummaryColumns } from '../users/user-summary.ts';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** A waitlisted row's order: its key, then its user id (two keys may be equal). */
const waitlistOrder = [asc(activityMembers.waitlistKey), asc(activityMembers.userId)];

/** A waitlist place as its JSON column holds it (waitlistPlaceJsonSql). */
export interface WaitlistPlaceJson {
  position: number;
  offerExpiresAt: string | null;
}
/** An overlapping waitlist as its JSON column holds it (overlappingWaitlistsJsonSql). */
export interface OverlappingWaitlistJson {
  activityId: string;
  name: string;
  startsAt: string;
  endsAt: string;
}

/**
 * A person's place on an activity's waitlist (1 = next) and the expiry of the seat offered to them, as one JSON
 * object; null unless `member` (the alias of their activity_members row) waits. An activity's answer carries it in
 * its own statement (issue 43); a claim and a decline read it on their transaction.
 */
export const waitlistPlaceJsonSql = (member: string) =>
  sql.raw(`(case when ${member}.state = 'WAITLISTED' then json_build_object(
    'position', (select count(*)::int from activity_members o where o.activity_id = ${member}.activity_id
      and o.state = 'WAITLISTED' and (o.waitlist_key, o.user_id) < (${member}.waitlist_key, ${member}.user_id)) + 1,
    'offerExpiresAt', ${member}.offer_expires_at) end)`);

/**
 * The other live activities overlapping `activity` in time on whose waitlist `userId` is, soonest first, as one JSON
 * array: a participant's answer offers to leave them (docs/seats.md). A column of the answer's own statement.
 */
export const overlappingWaitlistsJsonSql = (
  userId: SQLWrapper,
  activity: { id: SQLWrapper; startsAt: SQLWrapper; endsAt: SQLWrapper },
) => sql<OverlappingWaitlistJson[]>`(select coalesce(json_agg(json_build_object('activityId', o.id, 'name', o.name,
    'startsAt', o.starts_at, 'endsAt', o.ends_at) order by o.starts_at), '[]')
  from activity_members w join activities o on o.id = w.activity_id
  where w.user_id = ${userId} and w.state = 'WAITLISTED' and o.id <> ${activity.id} and o.deleted_at is null
    and o.starts_at < ${activity.endsAt} and o.ends_at > ${activity.startsAt})`;

const iso = (instant: string) => new Date(instant).toISOString();
/** The JSON columns above as answers give them, their instants in ISO 8601 UTC. */
export const waitlistPlaceOf = (place: WaitlistPlaceJson | null) =>
  place && { position: place.position, offerExpiresAt: place.offerExpiresAt && iso(place.offerExpiresAt) };
export const overlappingWaitlistsOf = (waitlists: OverlappingWaitlistJson[]) =>
  waitlists.map((w) => ({ ...w, startsAt: iso(w.startsAt), endsAt: iso(w.endsAt) }));

/** The seats of activities and the rows of their waitlists (state WAITLISTED of activity_members). */
export function createSeatsRepository(db: Db) {
  // On every exit from a full activity (a hot write): prepared once, like the rest of the exit (issue 17).
  const markSeatFreedStatement = preparedRows(
    db,
    'seats_mark_freed',
    sql`update activities set seat_freed_at = coalesce(seat_freed_at, ${sql.placeholder('freedAt')}::timestamptz)
      where id = ${sql.placeholder('activityId')}::uuid and exists (select 1 from activity_members w
        where w.activity_id = ${sql.placeholder('activityId')}::uuid and w.state = 'WAITLISTED'
          and w.offer_expires_at is null)`,
  );

  return {
    db,
    /**
     * Holds the seats of one activity for the transaction: every join, claim, seat change and offer of an
     * activity with seats or a deadline queues here, so two of them never count the same free seat (an advisory
     * lock on a hash of the id: a collision only makes two unrelated activities queue).
     */
    async lock(activityId: string, tx: DbOrTx = db) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seats:${activityId}`}::text, 0))`);
    },

    /** A live activity's row. */
    async activity(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(activities)
        .where(and(eq(activities.id, activityId), sql`${activities.deletedAt} is null`));
      return row ?? null;
    },

    /** Takes the person off the waitlist. */
    async leave(activityId: string, userId: string, tx: DbOrTx = db) {
      await tx
        .delete(activityMembers)
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.userId, userId),
            eq(activityMembers.state, 'WAITLISTED'),
          ),
        );
    },

    /** People taking part, people waiting, and the offers still open at `now`. */
    async counts(activityId: string, now: Date, tx: DbOrTx = db) {
      const [row] = await queryRows<{ participating: number; waitlisted: number; offers: number }>(
        tx,
        sql`select count(*) filter (where state = 'PARTICIPATING')::int as participating,
                   count(*) filter (where state = 'WAITLISTED')::int as waitlisted,
                   count(*) filter (where state = 'WAITLISTED' and offer_expires_at > ${at(now)})::int as offers
            from activity_members where activity_id = ${activityId}`,
      );
      return row ?? { participating: 0, waitlisted: 0, offers: 0 };
    },

    /** Puts the person at the end of the waitlist (their join time is their place), with no offer. */
    async addToWaitlist(activityId: string, userId: string, now: Date, tx: DbOrTx = db) {
      await tx.execute(sql`
        insert into activity_members (activity_id, user_id, state, is_admin, created_at, waitlist_key)
        values (${activityId}, ${userId}, 'WAITLISTED', false, ${at(now)}, ${now.getTime()})
        on conflict (activity_id, user_id) do update set
          state = 'WAITLISTED', is_admin = false, rejection_reason = null, created_at = excluded.created_at,
          joined_at = null, removed_at = null, waitlist_key = excluded.waitlist_key, offer_expires_at = null`);
    },

    /** Clears the waitlist columns of someone who now takes part. */
    async clearWaitlist(activityId: string, userId: string, tx: DbOrTx = db) {
      await tx
        .update(activityMembers)
        .set({ waitlistKey: null, offerExpiresAt: null })
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, userId)));
    },

    async setOffer(activityId: string, userId: string, expiresAt: Date | null, tx: DbOrTx = db) {
      await tx
        .update(activityMembers)
        .set({ offerExpiresAt: expiresAt })
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, userId)));
    },

    async setKey(activityId: string, userId: string, key: number, tx: DbOrTx = db) {
      await tx
        .update(activityMembers)
        .set({ waitlistKey: key })
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, userId)));
    },

    /** Removes the people whose offer ran out by `now` from the waitlist; when the first of those offers ran out. */
    async dropExpired(activityId: string, now: Date, tx: DbOrTx = db) {
      const rows = await queryRows<{ expired_at: string | Date }>(
        tx,
        sql`delete from activity_members where activity_id = ${activityId} and state = 'WAITLISTED'
              and offer_expires_at <= ${at(now)} returning offer_expires_at as expired_at`,
      );
      const times = rows.map((r) => new Date(r.expired_at).getTime());
      return times.length ? new Date(Math.min(...times)) : null;
    },

    /**
     * Notes that a seat of the activity was freed at `at`, if someone waits without an offer (else there is no offer
     * to wait for); an earlier mark not yet offered is kept.
     */
    async markSeatFreed(activityId: string, freedAt: Date, tx: DbOrTx = db) {
      await markSeatFreedStatement.execute({ activityId, freedAt: freedAt.toISOString() }, tx);
    },

    /** The freed seat was offered (or turned out not to be free): the mark goes. */
    async clearSeatFreed(activityId: string, tx: DbOrTx = db) {
      await tx.update(activities).set({ seatFreedAt: null }).where(eq(activities.id, activityId));
    },

    /**
     * The first `limit` people waiting without an offer, in order. Someone an organiser blocked (issue 23) is passed
     * over: they keep their place, unaware, and are never offered a seat there.
     */
    async nextWaiting(activityId: string, limit: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({ userId: activityMembers.userId })
        .from(activityMembers)
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.state, 'WAITLISTED'),
            sql`${activityMembers.offerExpiresAt} is null`,
            sql`not exists (select 1 from ${activityMembers} seat_admin
              where seat_admin.activity_id = ${activityId} and seat_admin.state = 'PARTICIPATING'
                and seat_admin.is_admin and ${hasBlockedSql(sql`seat_admin.user_id`, activityMembers.userId)})`,
          ),
        )
        .orderBy(...waitlistOrder)
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    /** The waitlist in order: each person's key and offer. */
    async entries(activityId: string, tx: DbOrTx = db) {
      return tx
        .select({
          userId: activityMembers.userId,
          key: activityMembers.waitlistKey,
          offerExpiresAt: activityMembers.offerExpiresAt,
        })
        .from(activityMembers)
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'WAITLISTED')))
        .orderBy(...waitlistOrder);
    },

    /** The waitlist in order, with each person's public summary. */
    async list(activityId: string, tx: DbOrTx = db) {
      return tx
        .select({
          ...userSummaryColumns,
          createdAt: activityMembers.createdAt,
          offerExpiresAt: activityMembers.offerExpiresAt,
        })
        .from(activityMembers)
        .innerJoin(users, eq(users.id, activityMembers.userId))
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'WAITLISTED')))
        .orderBy(...waitlistOrder);
    },

    /** The caller's place (1 = next) and offer, or null off the waitlist. */
    async position(activityId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await queryRows<{ place: WaitlistPlaceJson | null }>(
        tx,
        sql`select ${waitlistPlaceJsonSql('m')} as place from activity_members m
            where m.activity_id = ${activityId} and m.user_id = ${userId}`,
      );
      return waitlistPlaceOf(row?.place ?? null);
    },

    async recordOverride(
      values: { activityId: string; actorId: string; userId: string; kind: WaitlistOverride; from: number; to: number },
      now: Date,
      tx: DbOrTx = db,
    ) {
      await tx.insert(activityWaitlistOverrides).values({
        activityId: values.activityId,
        actorId: values.actorId,
        userId: values.userId,
        kind: values.kind,
        fromPosition: values.from,
        toPosition: values.to,
        createdAt: now,
      });
    },

    /** The log of overrides of a waitlist, newest first, with who did it and to whom. */
    async overrides(activityId: string, tx: DbOrTx = db) {
      const actor = alias(users, 'actor');
      const target = alias(users, 'target');
      return tx
        .select({
          kind: activityWaitlistOverrides.kind,
          fromPosition: activityWaitlistOverrides.fromPosition,
          toPosition: activityWaitlistOverrides.toPosition,
          createdAt: activityWaitlistOverrides.createdAt,
          actor: personColumns(actor),
          user: personColumns(target),
        })
        .from(activityWaitlistOverrides)
        .leftJoin(actor, eq(actor.id, activityWaitlistOverrides.actorId))
        .leftJoin(target, eq(target.id, activityWaitlistOverrides.userId))
        .where(eq(activityWaitlistOverrides.activityId, activityId))
        .orderBy(desc(activityWaitlistOverrides.createdAt), desc(activityWaitlistOverrides.id))
        .limit(200);
    },

    /**
     * Live, upcoming activities whose waitlist needs the job: an offer ran out, or someone waits without an offer
     * while a seat is free (seats left after those taking part and the open offers; without seats, until the
     * deadline). At most `limit`, soonest first.
     */
    async due(now: Date, limit: number, tx: DbOrTx = db) {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select a.id from activities a
            where a.id in (select w.activity_id from activity_members w where w.state = 'WAITLISTED')
              and a.deleted_at is null and a.starts_at > ${at(now)}
              and (
                exists (select 1 from activity_members e where e.activity_id = a.id and e.state = 'WAITLISTED'
                          and e.offer_expires_at <= ${at(now)})
                or (exists (select 1 from activity_members q where q.activity_id = a.id and q.state = 'WAITLISTED'
                              and q.offer_expires_at is null)
                    and case when a.seats is null
                          then a.join_deadline_hours is null
                            or ${at(now)} < a.starts_at - make_interval(hours => a.join_deadline_hours)
                          else a.seats > (select count(*) from activity_members c where c.activity_id = a.id
                            and (c.state = 'PARTICIPATING'
                              or (c.state = 'WAITLISTED' and c.offer_expires_at > ${at(now)})))
                        end))
            order by a.starts_at limit ${limit}`,
      );
      return rows.map((r) => r.id);
    },
  };
}

export type SeatsRepository = ReturnType<typeof createSeatsRepository>;
