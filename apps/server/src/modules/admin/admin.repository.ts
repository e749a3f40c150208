import { type AnyColumn, and, asc, count, desc, eq, gt, isNull, like, lt, max, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { type DbOrTx, qualified, queryRows } from '../../db/client.ts';
import { type Page, paging } from '../../db/paging.ts';
import {
  activities,
  activityMembers,
  auditLog,
  groupMembers,
  groups,
  messages,
  reports,
  userActiveDays,
  users,
} from '../../db/schema.ts';
import { type MembershipKind, memberTables } from '../membership/membership.repository.ts';
import { personColumns } from '../users/user-summary.ts';

export type TargetType = (typeof reports.$inferSelect)['targetType'];
type Role = (typeof users.$inferSelect)['role'];
/** What an operator removes and restores: an activity or a group. */
export type ContentKind = MembershipKind;

const creator = alias(users, 'creator');
const reporter = alias(users, 'reporter');
const sender = alias(users, 'sender');

/** How many reports (of any status) name a row. */
const reportCount = (targetType: TargetType, id: AnyColumn) =>
  sql<number>`(select count(*) from ${reports} where ${reports.targetType} = ${targetType} and ${reports.targetId} = ${qualified(id)})`.mapWith(
    Number,
  );
const participating = (members: typeof activityMembers | typeof groupMembers, objectId: AnyColumn, id: AnyColumn) =>
  sql<number>`(select count(*) from ${members} where ${objectId} = ${qualified(id)} and ${members.state} = 'PARTICIPATING')`.mapWith(
    Number,
  );
/** `%text%` for LIKE, its wildcards escaped; undefined without text. */
const containing = (text: string | undefined) =>
  text ? `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
/** The name holds the text, whatever the case; no condition without text. */
const nameContains = (name: AnyColumn, text: string | undefined) => {
  const pattern = containing(text);
  return pattern ? like(sql`lower(${name})`, pattern) : undefined;
};
/** A directory's page: the newest first. */
const newestFirst = <Q extends PgSelect>(query: Q, table: { createdAt: AnyColumn; id: AnyColumn }, page: Page) => {
  const { limit, offset } = paging(page);
  return query.orderBy(desc(table.createdAt), desc(table.id)).limit(limit).offset(offset);
};

const userColumns = {
  ...personColumns(users),
  email: users.email,
  role: users.role,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  createdAt: users.createdAt,
  city: users.city,
  country: users.country,
  language: users.language,
  emailConfirmedAt: users.emailConfirmedAt,
  completed: users.completed,
  reportCount: reportCount('USER', users.id),
};
const activityColumns = {
  activityId: activities.id,
  name: activities.name,
  description: activities.description,
  sportId: activities.sportId,
  startsAt: activities.startsAt,
  visibility: activities.visibility,
  deletedAt: activities.deletedAt,
  createdAt: activities.createdAt,
  creator: personColumns(creator),
  participantCount: participating(activityMembers, activityMembers.activityId, activities.id),
  reportCount: reportCount('ACTIVITY', activities.id),
};
const groupColumns = {
  groupId: groups.id,
  name: groups.name,
  description: groups.description,
  type: groups.type,
  deletedAt: groups.deletedAt,
  createdAt: groups.createdAt,
  creator: personColumns(creator),
  memberCount: participating(groupMembers, groupMembers.groupId, groups.id),
  reportCount: reportCount('GROUP', groups.id),
};
const reportColumns = {
  reportId: reports.id,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  details: reports.details,
  status: reports.status,
  resolution: reports.resolution,
  createdAt: reports.createdAt,
  reporter: personColumns(reporter),
};
const messageColumns = {
  messageId: messages.id,
  chatId: messages.chatId,
  text: messages.text,
  createdAt: messages.createdAt,
  removedAt: messages.removedAt,
  sender: personColumns(sender),
};

/** The figures of one day, as the contract names them (the one query here that is raw SQL: it walks a calendar). */
export interface FiguresDayRow {
  date: string;
  signUps: number;
  activeUsers: number;
  activitiesCreated: number;
  messagesSent: number;
}

/**
 * What the admin area reads and writes of people, content and reports: typed Drizzle over the tables of other
 * domains, for operators (who see everything: no visibility rule applies here). The transaction comes last.
 */
/** The bootstrap promoted this account before (its audit entry says so). */
const promotedBefore = sql<boolean>`exists (select 1 from ${auditLog}
  where ${auditLog.targetId} = ${qualified(users.id)}::text and ${auditLog.action} = 'USER_SET_ROLE'
    and ${auditLog.details} ->> 'by' = 'bootstrap')`;

export function createAdminRepository(db: DbOrTx) {
  const usersQuery = (tx: DbOrTx) => tx.select(userColumns).from(users);
  const activitiesQuery = (tx: DbOrTx) =>
    tx.select(activityColumns).from(activities).leftJoin(creator, eq(creator.id, activities.createdBy));
  const groupsQuery = (tx: DbOrTx) =>
    tx.select(groupColumns).from(groups).leftJoin(creator, eq(creator.id, groups.createdBy));
  const reportsQuery = (tx: DbOrTx) =>
    tx.select(reportColumns).from(reports).leftJoin(reporter, eq(reporter.id, reports.reporterId));
  const textMessages = (where: SQL | undefined, tx: DbOrTx = db) =>
    tx
      .select(messageColumns)
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.senderId))
      .where(and(eq(messages.kind, 'TEXT'), where));
  async function message(messageId: string, tx: DbOrTx = db) {
    const [row] = await textMessages(eq(messages.id, messageId), tx);
    return row ?? null;
  }

  return {
    /** The live account with this (lower-case) e-mail, as the first-admin bootstrap reads it. */
    async bootstrapCandidate(email: string, tx: DbOrTx = db) {
      const [user] = await tx
        .select({ id: users.id, role: users.role, confirmedAt: users.emailConfirmedAt, bootstrapped: promotedBefore })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)));
      return user ?? null;
    },

    /** The bootstrap makes the account an admin, with its audit entry (in the caller's transaction). */
    async promoteByBootstrap(userId: string, from: string, tx: DbOrTx = db) {
      await tx.update(users).set({ role: 'ADMIN', updatedAt: sql`now()` }).where(eq(users.id, userId));
      await tx.insert(auditLog).values({
        actorId: null,
        action: 'USER_SET_ROLE',
        targetType: 'USER',
        targetId: userId,
        reason: 'First admin',
        details: { from, to: 'ADMIN', by: 'bootstrap' },
      });
    },

    async user(userId: string, tx: DbOrTx = db) {
      const [row] = await usersQuery(tx).where(eq(users.id, userId));
      return row ?? null;
    },
    searchUsers(filter: { query?: string; role?: Role; suspended?: boolean }, page: Page) {
      const pattern = containing(filter.query);
      const suspended = gt(users.suspendedUntil, sql`now()`);
      const query = usersQuery(db).where(
        and(
          isNull(users.deletedAt),
          pattern ? or(like(users.searchName, pattern), like(sql`lower(${users.email})`, pattern)) : undefined,
          filter.role ? eq(users.role, filter.role) : undefined,
          filter.suspended === undefined
            ? undefined
            : filter.suspended
              ? suspended
              : sql`not coalesce(${suspended}, false)`,
        ),
      );
      return newestFirst(query.$dynamic(), users, page);
    },
    /** What a person created, joined and wrote. */
    async userCounts(userId: string) {
      const [activitiesCreated, activitiesJoined, groupsJoined, sent] = await Promise.all([
        db.$count(activities, and(eq(activities.createdBy, userId), isNull(activities.deletedAt))),
        db.$count(activityMembers, and(eq(activityMembers.userId, userId), eq(activityMembers.state, 'PARTICIPATING'))),
        db.$count(groupMembers, and(eq(groupMembers.userId, userId), eq(groupMembers.state, 'PARTICIPATING'))),
        db.$count(messages, and(eq(messages.senderId, userId), eq(messages.kind, 'TEXT'))),
      ]);
      return { activitiesCreated, activitiesJoined, groups: groupsJoined, messages: sent };
    },
    async setSuspension(userId: string, until: Date | null, reason: string | null, tx: DbOrTx = db) {
      await tx
        .update(users)
        .set({ suspendedUntil: until, suspensionReason: reason, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
    async setRole(userId: string, role: Role, tx: DbOrTx = db) {
      await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },

    async activity(activityId: string, tx: DbOrTx = db) {
      const [row] = await activitiesQuery(tx).where(eq(activities.id, activityId));
      return row ?? null;
    },
    searchActivities: (query: string | undefined, page: Page) =>
      newestFirst(activitiesQuery(db).where(nameContains(activities.name, query)).$dynamic(), activities, page),
    async group(groupId: string, tx: DbOrTx = db) {
      const [row] = await groupsQuery(tx).where(eq(groups.id, groupId));
      return row ?? null;
    },
    searchGroups: (query: string | undefined, page: Page) =>
      newestFirst(groupsQuery(db).where(nameContains(groups.name, query)).$dynamic(), groups, page),
    /** Whether an activity or group exists and when it was removed, its row held for the transaction. */
    async lockContent(kind: ContentKind, id: string, tx: DbOrTx = db) {
      const table = memberTables[kind].objects;
      const [row] = await tx.select({ deletedAt: table.deletedAt }).from(table).where(eq(table.id, id)).for('update');
      return row ?? null;
    },
    /** Soft-deletes (at a time) or restores (null) an activity or group. */
    async setDeleted(kind: ContentKind, id: string, at: Date | null, tx: DbOrTx = db) {
      const table = memberTables[kind].objects;
      await tx.update(table).set({ deletedAt: at, updatedAt: sql`now()` }).where(eq(table.id, id));
    },
    /** The live admins of an activity or group, the creator first, then by arrival. */
    adminsOf(kind: ContentKind, id: string) {
      const { members, objectId, objects } = memberTables[kind];
      return db
        .select(personColumns(users))
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .innerJoin(objects, eq(objects.id, objectId))
        .where(
          and(eq(objectId, id), eq(members.isAdmin, true), eq(members.state, 'PARTICIPATING'), isNull(users.deletedAt)),
        )
        .orderBy(desc(sql`${users.id} = ${objects.createdBy}`), asc(members.joinedAt), asc(users.id));
    },
    /** Whose a reported target is: the person a suspension or deletion applies to (null when there is none). */
    async ownerOf(targetType: TargetType, targetId: string, tx: DbOrTx = db): Promise<string | null> {
      if (targetType === 'USER') return targetId;
      if (targetType === 'MESSAGE') return (await message(targetId, tx))?.sender?.userId ?? null;
      const { objects } = memberTables[targetType === 'ACTIVITY' ? 'activity' : 'group'];
      const [row] = await tx.select({ owner: objects.createdBy }).from(objects).where(eq(objects.id, targetId));
      return row?.owner ?? null;
    },

    message,
    /** The text messages just before and after one, in chat order (ids are UUID v7). */
    async messagesAround(chatId: string, messageId: string, count: number) {
      const [before, after] = await Promise.all([
        textMessages(and(eq(messages.chatId, chatId), lt(messages.id, messageId)))
          .orderBy(desc(messages.id))
          .limit(count),
        textMessages(and(eq(messages.chatId, chatId), gt(messages.id, messageId)))
          .orderBy(asc(messages.id))
          .limit(count),
      ]);
      return { before: before.reverse(), after };
    },
    async removeMessage(messageId: string, at: Date, tx: DbOrTx = db) {
      await tx
        .update(messages)
        .set({ removedAt: at })
        .where(and(eq(messages.id, messageId), isNull(messages.removedAt)));
    },

    /** Reported targets, the most open reports first (then the latest), a page at a time. */
    reportedTargets(open: boolean, page: Page) {
      const openCount = sql<number>`count(*) filter (where ${reports.status} = 'OPEN')`.mapWith(Number);
      const lastReportedAt = max(reports.createdAt);
      const { limit, offset } = paging(page);
      return db
        .select({
          targetType: reports.targetType,
          targetId: reports.targetId,
          openCount,
          reportCount: count(),
          lastReportedAt,
        })
        .from(reports)
        .groupBy(reports.targetType, reports.targetId)
        .having(open ? sql`${openCount} > 0` : sql`${openCount} = 0`)
        .orderBy(desc(openCount), desc(lastReportedAt), asc(reports.targetId))
        .limit(limit)
        .offset(offset);
    },
    /** The reports on a target, the open ones first, then the newest. */
    reportsOn(targetType: TargetType, targetId: string, tx: DbOrTx = db) {
      return reportsQuery(tx)
        .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId)))
        .orderBy(desc(sql`${reports.status} = 'OPEN'`), desc(reports.createdAt))
        .limit(100);
    },
    /** The reports a person made, newest first. */
    reportsBy(userId: string) {
      return reportsQuery(db).where(eq(reports.reporterId, userId)).orderBy(desc(reports.createdAt)).limit(100);
    },
    openReports(target?: { targetType: TargetType; targetId: string }, tx: DbOrTx = db) {
      return tx.$count(
        reports,
        and(
          eq(reports.status, 'OPEN'),
          target && and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId)),
        ),
      );
    },
    /** Closes every open report on a target; the number closed. */
    async closeReports(
      target: { targetType: TargetType; targetId: string },
      close: { status: 'RESOLVED' | 'DISMISSED'; resolution: string; by: string; at: Date },
      tx: DbOrTx = db,
    ) {
      const closed = await tx
        .update(reports)
        .set({ status: close.status, resolution: close.resolution, resolvedBy: close.by, resolvedAt: close.at })
        .where(
          and(
            eq(reports.targetType, target.targetType),
            eq(reports.targetId, target.targetId),
            eq(reports.status, 'OPEN'),
          ),
        )
        .returning({ id: reports.id });
      return closed.length;
    },

    /** Per day from `from` to `to` (YYYY-MM-DD): sign-ups, active people, activities created, text messages sent. */
    figures(from: string, to: string) {
      const onDay = (column: AnyColumn) => sql`${column} >= d.day::date and ${column} < d.day::date + 1`;
      return queryRows<FiguresDayRow>(
        db,
        sql`
        with days as (select to_char(d, 'YYYY-MM-DD') as day from generate_series(${from}::date, ${to}::date, '1 day') d)
        select d.day as "date",
          (select count(*)::int from ${users} where ${onDay(users.createdAt)}) as "signUps",
          (select count(*)::int from ${userActiveDays} where ${userActiveDays.day} = d.day) as "activeUsers",
          (select count(*)::int from ${activities} where ${onDay(activities.createdAt)}) as "activitiesCreated",
          (select count(*)::int from ${messages} where ${messages.kind} = 'TEXT' and ${onDay(messages.createdAt)}) as "messagesSent"
        from days d order by d.day`,
      );
    },
    async recordActiveDay(userId: string, day: string) {
      await db.insert(userActiveDays).values({ userId, day }).onConflictDoNothing();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<AdminRepository['user']>>>;
export type ActivityRow = NonNullable<Awaited<ReturnType<AdminRepository['activity']>>>;
export type GroupRow = NonNullable<Awaited<ReturnType<AdminRepository['group']>>>;
export type MessageRow = NonNullable<Awaited<ReturnType<AdminRepository['message']>>>;
export type ReportRow = Awaited<ReturnType<AdminRepository['reportsOn']>>[number];
