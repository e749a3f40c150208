import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, preparedRows, queryRows, uuidArray, uuidList } from '../../db/client.ts';
import { activities, activityMembers, groupMembers, groups, type MemberState, users } from '../../db/schema.ts';
import { blockedPairSql, hasBlockedSql } from '../access/access.ts';
import type { ChangeRow } from '../chat/chat.repository.ts';
import { joinChatSql, leaveChatSql } from '../chat/chat-membership.repository.ts';
import {
  NO_NOTICE,
  type NoticeValues,
  noticeParameters,
  type RecordedRow,
  recordNoticeSql,
} from '../notifications/notifications.repository.ts';
import { contactsWithMembership } from '../users/contacts.repository.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

/** Activities and groups share the membership shape; every query here works on either. */
export const memberTables = {
  activity: { members: activityMembers, objectId: activityMembers.activityId, objects: activities },
  group: { members: groupMembers, objectId: groupMembers.groupId, objects: groups },
} as const;
export type MembershipKind = keyof typeof memberTables;

export type MemberRow = typeof activityMembers.$inferSelect | typeof groupMembers.$inferSelect;
export interface Member {
  userId: string;
  state: MemberState;
  isAdmin: boolean;
  rejectionReason: string | null;
  removedAt: Date | null;
}

const objectColumn = (kind: MembershipKind) => sql.raw(kind === 'activity' ? 'activity_id' : 'group_id');
/** The chat of an object, as the chat module names it. */
const chatOf = { activity: 'ACTIVITY', group: 'GROUP' } as const satisfies Record<MembershipKind, string>;

interface PutValues {
  objectId: string;
  userIds: string[];
  state: MemberState;
  isAdmin?: boolean;
  invitedBy?: string | null;
  joinedAt?: Date | null;
  /** Sets (a date) or clears (null) the removal mark; left out, it is kept. */
  removedAt?: Date | null;
  rejectionReason?: string | null;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
/** The placeholders of putSql. */
const putParameters = (values: PutValues) => ({
  objectId: values.objectId,
  userIds: uuidList(values.userIds),
  state: values.state,
  isAdmin: values.isAdmin ?? false,
  rejectionReason: values.rejectionReason ?? null,
  invitedBy: values.invitedBy ?? null,
  createdAt: new Date().toISOString(),
  joinedAt: iso(values.joinedAt),
  removedAt: iso(values.removedAt),
  keepRemoved: values.removedAt === undefined,
});

/** A seat's statement's row: what the chat changed (all nulls when nothing did), and the notice's rows. */
type SeatRow = (ChangeRow | { [K in keyof ChangeRow]: null }) & { notices: RecordedRow[] };
/** The prefix of the notice's placeholders in a seat's statement. */
const NOTICE = 'notice_';

const paging = (page: { page: number; limit: number }) => ({ limit: page.limit, offset: (page.page - 1) * page.limit });

/** The membership rows of activities and groups. Every function takes the transaction last, defaulting to the database. */
export function createMembershipRepository(db: Db) {
  const whereMember = (kind: MembershipKind, objectId: string, userId: string) => {
    const k = memberTables[kind];
    return and(eq(k.objectId, objectId), eq(k.members.userId, userId));
  };

  // The reads and the lock of a person's own join or exit, built once (issue 17): one SQL text per name.
  const lockPersonStatement = preparedRows(
    db,
    'membership_lock_person',
    sql`select pg_advisory_xact_lock(hashtextextended(${sql.placeholder('key')}::text, 0))`,
  );
  const memberStatement = (kind: MembershipKind) => {
    const k = memberTables[kind];
    return preparedOn(
      db,
      `membership_member_${kind}`,
      db
        .select({
          userId: k.members.userId,
          state: k.members.state,
          isAdmin: k.members.isAdmin,
          rejectionReason: k.members.rejectionReason,
          removedAt: k.members.removedAt,
        })
        .from(k.members)
        .where(and(eq(k.objectId, sql.placeholder('objectId')), eq(k.members.userId, sql.placeholder('userId')))),
    );
  };
  const memberStatements = { activity: memberStatement('activity'), group: memberStatement('group') };
  // Whom a join, a request or a freed seat tells (issue 44: every join tells the admins).
  const adminIdsStatement = (kind: MembershipKind) => {
    const k = memberTables[kind];
    return preparedOn(
      db,
      `membership_admin_ids_${kind}`,
      db
        .select({ userId: k.members.userId })
        .from(k.members)
        .where(
          and(
            eq(k.objectId, sql.placeholder('objectId')),
            eq(k.members.state, 'PARTICIPATING'),
            eq(k.members.isAdmin, true),
          ),
        )
        .orderBy(asc(k.members.userId)),
    );
  };
  const adminIdsStatements = { activity: adminIdsStatement('activity'), group: adminIdsStatement('group') };
  // Asked on every join (issue 17).
  const blockedStatement = (kind: MembershipKind) => {
    const k = memberTables[kind];
    return preparedOn(
      db,
      `membership_blocked_by_admin_${kind}`,
      db
        .select({ one: sql`1` })
        .from(k.members)
        .where(
          and(
            eq(k.objectId, sql.placeholder('objectId')),
            eq(k.members.state, 'PARTICIPATING'),
            eq(k.members.isAdmin, true),
            hasBlockedSql(k.members.userId, sql.placeholder('userId')),
          ),
        )
        .limit(1),
    );
  };
  const blockedStatements = { activity: blockedStatement('activity'), group: blockedStatement('group') };
  // Every exit (issue 17).
  const removeStatement = (kind: MembershipKind) => {
    const k = memberTables[kind];
    return preparedOn(
      db,
      `membership_remove_${kind}`,
      db
        .delete(k.members)
        .where(and(eq(k.objectId, sql.placeholder('objectId')), eq(k.members.userId, sql.placeholder('userId')))),
    );
  };
  const removeStatements = { activity: removeStatement('activity'), group: removeStatement('group') };
  // Every join, request, invitation and new activity or group (issue 17): one SQL text per kind, however many
  // people (one uuid[] parameter) and whichever fields are given (nulls, and `keepRemoved` for the removal mark).
  const putSql = (kind: MembershipKind) => {
    const k = memberTables[kind];
    const column = objectColumn(kind);
    const value = sql.placeholder;
    return sql`
      insert into ${k.members} (${column}, user_id, state, is_admin, rejection_reason, invited_by, created_at, joined_at, removed_at)
      select ${value('objectId')}::uuid, u.id, ${value('state')}::text, ${value('isAdmin')}::boolean,
             ${value('rejectionReason')}::text, ${value('invitedBy')}::uuid, ${value('createdAt')}::timestamptz,
             ${value('joinedAt')}::timestamptz, ${value('removedAt')}::timestamptz
      from unnest(${value('userIds')}::uuid[]) as u(id)
      on conflict (${column}, user_id) do update set
        state = excluded.state, is_admin = excluded.is_admin, rejection_reason = excluded.rejection_reason,
        invited_by = excluded.invited_by, created_at = excluded.created_at, joined_at = excluded.joined_at,
        removed_at = case when ${value('keepRemoved')}::boolean then ${k.members}.removed_at else excluded.removed_at end`;
  };
  const putStatement = (kind: MembershipKind) => preparedRows(db, `membership_put_${kind}`, putSql(kind));
  const putStatements = { activity: putStatement('activity'), group: putStatement('group') };
  // A participant's way in and out (issue 43): their row and the chat's member, its JOINED or LEFT event appended,
  // change in one statement; the way in also records its notice (the organisers told), when there is one. The
  // placeholder `ref` names the object for the chat; `userId` is the person; the notice's are named `notice_…`.
  const seatStatement = (kind: MembershipKind, freshHistory: boolean) =>
    preparedRows<SeatRow>(
      db,
      `membership_seat_${kind}${freshHistory ? '_fresh' : ''}`,
      sql`with seated as (${putSql(kind)}), ${recordNoticeSql(NOTICE)},
      ${joinChatSql(chatOf[kind], freshHistory, sql`(select coalesce(json_agg(noticed), '[]') from noticed) as notices`)}`,
    );
  const seatStatements = {
    activity: { kept: seatStatement('activity', false), fresh: seatStatement('activity', true) },
    group: { kept: seatStatement('group', false), fresh: seatStatement('group', true) },
  };
  const leaveStatement = (kind: MembershipKind) =>
    preparedRows<ChangeRow>(
      db,
      `membership_leave_${kind}`,
      sql`
      with gone as (
        delete from ${memberTables[kind].members}
        where ${objectColumn(kind)} = ${sql.placeholder('ref')}::uuid and user_id = ${sql.placeholder('userId')}::uuid
      ),
      ${leaveChatSql(chatOf[kind])}`,
    );
  const leaveStatements = { activity: leaveStatement('activity'), group: leaveStatement('group') };

  return {
    db,
    /** Holds the activity or group row for the transaction, so that its membership changes queue up. */
    async lock(kind: MembershipKind, objectId: string, tx: DbOrTx = db) {
      const k = memberTables[kind];
      await tx.select({ id: k.objects.id }).from(k.objects).where(eq(k.objects.id, objectId)).for('update');
    },

    /**
     * Holds one person's membership of one object for the transaction (an advisory lock on a hash of the
     * three: a collision only makes two unrelated changes queue).
     */
    async lockPerson(kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) {
      await lockPersonStatement.execute({ key: `${kind}:${objectId}:${userId}` }, tx);
    },

    async member(kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db): Promise<Member | null> {
      const [row] = await memberStatements[kind].on(tx).execute({ objectId, userId });
      return row ?? null;
    },

    /**
     * Creates or replaces memberships (a rejected person may ask again, an invitation may follow a
     * rejection); a removal mark stays unless `removedAt` says otherwise. One prepared statement over one
     * uuid[] parameter, however many people.
     */
    async put(kind: MembershipKind, values: PutValues, tx: DbOrTx = db) {
      if (!values.userIds.length) return;
      await putStatements[kind].execute(putParameters(values), tx);
    },

    /**
     * Seats a person (taking part from `joinedAt`, the removal mark cleared) and puts them (back) in the object's
     * chat, hiding its history before now when `freshHistory`, recording `notice` if given: what the chat changed
     * (see ChangeRow; null: they were in it) and the notifications stored.
     */
    async seat(
      kind: MembershipKind,
      { objectId, userId, joinedAt }: { objectId: string; userId: string; joinedAt: Date },
      freshHistory: boolean,
      notice: NoticeValues | null,
      tx: DbOrTx = db,
    ) {
      const put = putParameters({ objectId, userIds: [userId], state: 'PARTICIPATING', joinedAt, removedAt: null });
      const statement = seatStatements[kind][freshHistory ? 'fresh' : 'kept'];
      const [{ notices, ...change }] = (await statement.execute(
        { ...put, ref: objectId, userId, at: put.createdAt, ...noticeParameters(notice ?? NO_NOTICE, NOTICE) },
        tx,
      )) as [SeatRow];
      return { change: change.changedChatId === null ? null : (change as ChangeRow), notices };
    },

    async update(
      kind: MembershipKind,
      objectId: string,
      userId: string,
      set: Partial<
        Pick<
          MemberRow,
          'state' | 'isAdmin' | 'rejectionReason' | 'joinedAt' | 'removedAt' | 'consentVersion' | 'consentedAt'
        >
      >,
      tx: DbOrTx = db,
    ) {
      const k = memberTables[kind];
      await tx
        .update(k.members)
        .set(set)
        .where(whereMember(kind, objectId, userId));
    },

    async remove(kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) {
      await removeStatements[kind].on(tx).execute({ objectId, userId });
    },

    /** Removes a participant's row and takes them out of the object's chat: what the chat changed (see ChangeRow). */
    async removeFromChat(kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) {
      const [changed] = await leaveStatements[kind].execute(
        { ref: objectId, userId, at: new Date().toISOString() },
        tx,
      );
      return changed ?? null;
    },

    /** The admins taking part, in id order. */
    async adminIds(kind: MembershipKind, objectId: string, tx: DbOrTx = db) {
      const rows = await adminIdsStatements[kind].on(tx).execute({ objectId });
      return rows.map((r) => r.userId);
    },
    async memberIds(
      kind: MembershipKind,
      objectId: string,
      filter: { state: MemberState; admins?: boolean; lock?: boolean },
      tx: DbOrTx = db,
    ) {
      const k = memberTables[kind];
      const query = tx
        .select({ userId: k.members.userId })
        .from(k.members)
        .where(
          and(
            eq(k.objectId, objectId),
            eq(k.members.state, filter.state),
            filter.admins === undefined ? undefined : eq(k.members.isAdmin, filter.admins),
          ),
        )
        .orderBy(asc(k.members.userId));
      // In one order, so that two transactions locking them never deadlock.
      const rows = filter.lock ? await query.for('update') : await query;
      return rows.map((r) => r.userId);
    },

    async count(kind: MembershipKind, objectId: string, state: MemberState, tx: DbOrTx = db) {
      const k = memberTables[kind];
      const [row] = await tx
        .select({ n: count() })
        .from(k.members)
        .where(and(eq(k.objectId, objectId), eq(k.members.state, state)));
      return row?.n ?? 0;
    },

    /** How many admins take part in the object. */
    async adminsCount(kind: MembershipKind, objectId: string, tx: DbOrTx = db) {
      const k = memberTables[kind];
      const [row] = await tx
        .select({ n: count() })
        .from(k.members)
        .where(and(eq(k.objectId, objectId), eq(k.members.state, 'PARTICIPATING'), eq(k.members.isAdmin, true)));
      return row?.n ?? 0;
    },

    /** The people among `userIds` in a blocked pair with `userId` (blockRules.blockedPair), whoever blocked whom. */
    async blockedWith(userId: string, userIds: string[], tx: DbOrTx = db) {
      if (!userIds.length) return new Set<string>();
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select o.id from unnest(${uuidList(userIds)}::uuid[]) as o(id) where ${blockedPairSql(userId, sql`o.id`)}`,
      );
      return new Set(rows.map((r) => r.id));
    },

    /** Whether an admin of the object has blocked the person (their requests then reach nobody). */
    async blockedByAnAdmin(kind: MembershipKind, objectId: string, userId: string, tx: DbOrTx = db) {
      const rows = await blockedStatements[kind].on(tx).execute({ objectId, userId });
      return rows.length > 0;
    },

    /**
     * Participants (admins first, then by arrival) or pending requests (oldest first), with their public summary;
     * without the people `viewer` blocked.
     */
    list(
      kind: MembershipKind,
      objectId: string,
      state: 'PARTICIPATING' | 'REQUESTED',
      page: { page: number; limit: number },
      viewer?: string,
    ) {
      const k = memberTables[kind];
      const { limit, offset } = paging(page);
      return db
        .select({
          ...userSummaryColumns,
          isAdmin: k.members.isAdmin,
          joinedAt: k.members.joinedAt,
          createdAt: k.members.createdAt,
          consentVersion: k.members.consentVersion,
          consentedAt: k.members.consentedAt,
        })
        .from(k.members)
        .innerJoin(users, eq(users.id, k.members.userId))
        .where(
          and(
            eq(k.objectId, objectId),
            eq(k.members.state, state),
            isNull(users.deletedAt),
            viewer ? sql`not ${hasBlockedSql(viewer, k.members.userId)}` : undefined,
          ),
        )
        .orderBy(
          ...(state === 'PARTICIPATING'
            ? [desc(k.members.isAdmin), asc(sql`coalesce(${k.members.joinedAt}, ${k.members.createdAt})`)]
            : [asc(k.members.createdAt)]),
          asc(k.members.userId),
        )
        .limit(limit)
        .offset(offset);
    },

    /** For each of `userIds`, in the order given: their membership state (null without one). */
    async states(kind: MembershipKind, objectId: string, userIds: string[], tx: DbOrTx = db) {
      if (!userIds.length) return [];
      const k = memberTables[kind];
      const column = objectColumn(kind);
      return queryRows<{ userId: string; state: MemberState | null; removedAt: Date | null }>(
        tx,
        sql`select c.id as "userId", m.state, m.removed_at as "removedAt"
            from unnest(${uuidArray(userIds)}) with ordinality as c(id, n)
            left join ${k.members} m on m.${column} = ${objectId} and m.user_id = c.id
            order by c.n`,
      );
    },

    /**
     * A page of the caller's contacts, each with their membership state here and whether `allowed` (the
     * policy's own invitation gate, true without one) lets them in.
     */
    contacts(
      kind: MembershipKind,
      objectId: string,
      userId: string,
      query: string | undefined,
      page: { page: number; limit: number },
      allowed: SQL<boolean> = sql<boolean>`true`,
    ) {
      const k = memberTables[kind];
      return contactsWithMembership(
        userId,
        {
          state: sql<MemberState | null>`(select m.state from ${k.members} m
            where m.${objectColumn(kind)} = ${objectId} and m.user_id = ${users.id})`,
          removedAt: sql<Date | null>`(select m.removed_at from ${k.members} m
            where m.${objectColumn(kind)} = ${objectId} and m.user_id = ${users.id})`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
          allowed,
        },
        query,
        page,
        db,
      );
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
