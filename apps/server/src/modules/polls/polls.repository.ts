import type { PollAnswer } from '@cordata/contract/enums';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import {
  activities,
  groupMembers,
  groups,
  pollAnswers,
  pollInvitees,
  pollSlots,
  polls,
  subgroupMembers,
  subgroups,
  users,
} from '../../db/schema.ts';
import { activityVisibleSql, pollAskedSql } from '../access/access.ts';
import { contactsAmong } from '../users/contacts.repository.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type PollRow = typeof polls.$inferSelect;
export type PollSlotRow = typeof pollSlots.$inferSelect;

/** Date polls (issue 40, docs/polls.md): their SQL. Who a poll asks is access.ts pollRules.asked (pollAskedSql). */
export function createPollsRepository(db: Db) {
  /**
   * A poll with its creator, its group's and sub-group's names, and whether the viewer sees the activity made from
   * it (only then is it named: activityVisibleSql).
   */
  const withNames = (tx: DbOrTx, viewerId: string) =>
    tx
      .select({
        poll: polls,
        groupName: groups.name,
        subgroupName: subgroups.name,
        creator: userSummaryColumns,
        activityVisible: sql<boolean>`exists (select 1 from ${activities}
          where ${activities.id} = ${polls.activityId} and ${activityVisibleSql(viewerId)})`,
      })
      .from(polls)
      .innerJoin(users, eq(users.id, polls.creatorId))
      .leftJoin(groups, eq(groups.id, polls.groupId))
      .leftJoin(subgroups, eq(subgroups.id, polls.subgroupId))
      .$dynamic();

  /**
   * The people a poll asks but its creator, as a `select user_id` (pollRules.asked, from the poll's side), for a poll
   * given by its columns: one poll's values, or a row of an outer query (`askedCounts`).
   */
  const askedIdsOf = (p: { id: SQL; groupId: SQL; subgroupId: SQL; creatorId: SQL }) =>
    sql`select user_id from ${pollInvitees} where poll_id = ${p.id} and ${p.groupId} is null
        and user_id <> ${p.creatorId}
      union all
      select asked_gm.user_id from ${groupMembers} asked_gm
      where asked_gm.group_id = ${p.groupId} and asked_gm.state = 'PARTICIPATING' and asked_gm.user_id <> ${p.creatorId}
        and (${p.subgroupId} is null or asked_gm.is_admin or exists (select 1 from ${subgroupMembers} asked_sm
          where asked_sm.subgroup_id = ${p.subgroupId} and asked_sm.user_id = asked_gm.user_id))`;
  const askedIdsSql = (poll: PollRow) =>
    askedIdsOf({
      id: sql`${poll.id}::uuid`,
      groupId: sql`${poll.groupId}::uuid`,
      subgroupId: sql`${poll.subgroupId}::uuid`,
      creatorId: sql`${poll.creatorId}::uuid`,
    });

  return {
    db,

    async insert(
      values: typeof polls.$inferInsert,
      slots: { date: string; startTime: string; endTime: string }[],
      inviteeIds: string[],
      tx: DbOrTx,
    ) {
      const [poll] = await tx.insert(polls).values(values).returning();
      await tx.insert(pollSlots).values(slots.map((slot, position) => ({ ...slot, pollId: poll!.id, position })));
      if (inviteeIds.length) {
        await tx.insert(pollInvitees).values(inviteeIds.map((userId) => ({ pollId: poll!.id, userId })));
      }
      return poll!;
    },

    /** A poll that asks the viewer (or that they made), with its names; `lock` holds the poll for a change. */
    async findAsked(pollId: string, viewerId: string, tx: DbOrTx = db, lock = false) {
      const query = withNames(tx, viewerId).where(and(eq(polls.id, pollId), pollAskedSql(viewerId)));
      const [row] = lock ? await query.for('update', { of: polls }) : await query;
      return row ?? null;
    },

    /** The polls asking the viewer: open ones, and those closed since `closedSince`; latest deadline first. */
    listAsked(viewerId: string, closedSince: Date, groupId: string | undefined, tx: DbOrTx = db) {
      return withNames(tx, viewerId)
        .where(
          and(
            pollAskedSql(viewerId),
            or(isNull(polls.closedAt), gt(polls.closedAt, closedSince)),
            groupId ? eq(polls.groupId, groupId) : undefined,
          ),
        )
        .orderBy(desc(polls.deadline), desc(polls.id))
        .limit(50);
    },

    slots(pollIds: string[], tx: DbOrTx = db) {
      if (!pollIds.length) return Promise.resolve([]);
      return tx
        .select()
        .from(pollSlots)
        .where(inArray(pollSlots.pollId, pollIds))
        .orderBy(asc(pollSlots.pollId), asc(pollSlots.position));
    },

    /** Every answer to these polls, with who gave it (a poll asks at most a group's members). */
    answers(pollIds: string[], tx: DbOrTx = db) {
      if (!pollIds.length) return Promise.resolve([]);
      return tx
        .select({
          pollId: pollAnswers.pollId,
          slotId: pollAnswers.slotId,
          answer: pollAnswers.answer,
          ...userSummaryColumns,
        })
        .from(pollAnswers)
        .innerJoin(users, eq(users.id, pollAnswers.userId))
        .where(and(inArray(pollAnswers.pollId, pollIds), isNull(users.deletedAt)))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    },

    /** How many people each poll asks, its creator but not counted: one statement for all of them. */
    async askedCounts(pollIds: string[], tx: DbOrTx = db) {
      if (!pollIds.length) return new Map<string, number>();
      const asked = askedIdsOf({
        id: sql`p.id`,
        groupId: sql`p.group_id`,
        subgroupId: sql`p.subgroup_id`,
        creatorId: sql`p.creator_id`,
      });
      const rows = await queryRows<{ id: string; count: number }>(
        tx,
        sql`select p.id, (select count(*) from (${asked}) a)::int as count
          from ${polls} p where p.id = any(${uuidArray(pollIds)})`,
      );
      return new Map(rows.map((r) => [r.id, Number(r.count)]));
    },

    /** The people a poll asks but its creator; `unansweredOnly`: those who have not answered any date yet. */
    async askedIds(poll: PollRow, unansweredOnly: boolean, tx: DbOrTx = db) {
      const unanswered = unansweredOnly
        ? sql`where not exists (select 1 from ${pollAnswers} asked_pa where asked_pa.poll_id = ${poll.id}
            and asked_pa.user_id = a.user_id)`
        : sql``;
      const rows = await queryRows<{ user_id: string }>(
        tx,
        sql`select a.user_id from (${askedIdsSql(poll)}) a(user_id) ${unanswered}`,
      );
      return rows.map((r) => r.user_id);
    },

    async saveAnswers(
      pollId: string,
      userId: string,
      answers: { slotId: string; answer: PollAnswer }[],
      at: Date,
      tx: DbOrTx,
    ) {
      await tx
        .insert(pollAnswers)
        .values(answers.map((a) => ({ ...a, pollId, userId, answeredAt: at })))
        .onConflictDoUpdate({
          target: [pollAnswers.slotId, pollAnswers.userId],
          set: { answer: sql`excluded.answer`, answeredAt: sql`excluded.created_at` },
        });
    },

    async close(pollId: string, at: Date, tx: DbOrTx) {
      await tx
        .update(polls)
        .set({ closedAt: at })
        .where(and(eq(polls.id, pollId), isNull(polls.closedAt)));
    },

    /** Records the activity made from the poll; false when one was recorded already (two taps at once). */
    async setActivity(pollId: string, activityId: string, at: Date, tx: DbOrTx = db) {
      const rows = await tx
        .update(polls)
        .set({ activityId, closedAt: sql`coalesce(${polls.closedAt}, ${at})` })
        .where(and(eq(polls.id, pollId), isNull(polls.activityId)))
        .returning({ id: polls.id });
      return rows.length > 0;
    },

    /**
     * Claims the open polls whose deadline falls within `within` of `now` and that were made more than a day before
     * it, for their day-before reminder: once each, whichever instance asks first.
     */
    claimReminders(now: Date, within: Date, tx: DbOrTx = db) {
      return tx
        .update(polls)
        .set({ remindedAt: now })
        .where(
          and(
            isNull(polls.closedAt),
            isNull(polls.remindedAt),
            gt(polls.deadline, now),
            lte(polls.deadline, within),
            sql`${polls.createdAt} < ${polls.deadline} - interval '1 day'`,
          ),
        )
        .returning();
    },

    /** Closes the open polls whose deadline has passed, at their deadline: once each, whichever instance asks first. */
    claimPastDeadline(now: Date, tx: DbOrTx = db) {
      return tx
        .update(polls)
        .set({ closedAt: sql`${polls.deadline}` })
        .where(and(isNull(polls.closedAt), lte(polls.deadline, now)))
        .returning();
    },

    /** Which of `userIds` are the user's contacts. */
    contactsAmong: (userId: string, userIds: string[], tx: DbOrTx = db) => contactsAmong(userId, userIds, tx),
  };
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;
