import { and, asc, count, desc, eq, gte, ilike, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, uuidArray } from '../../db/client.ts';
import { activities, groupMembers, groups, users } from '../../db/schema.ts';
import { activityVisibleSql, organiserNotBlockedSql } from '../access/access.ts';
import { contactsAmong } from '../users/contacts.repository.ts';

export type GroupRow = typeof groups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;

const mine = alias(groupMembers, 'mine');
const membersCount = sql<number>`(select count(*)::int from ${groupMembers} gm
  where gm.group_id = ${groups.id} and gm.state = 'PARTICIPATING')`;
const EARTH_RADIUS_METRES = 6_371_000;
const earthPoint = sql`ll_to_earth(${groups.latitude}, ${groups.longitude})`;
const earthOf = (latitude: number, longitude: number) => sql`ll_to_earth(${latitude}::float8, ${longitude}::float8)`;
const paging = (page: { page: number; limit: number }) => ({ limit: page.limit, offset: (page.page - 1) * page.limit });

const activityConditions = (groupId: string, userId: string, q: { from?: Date; to?: Date }) =>
  and(
    eq(activities.groupId, groupId),
    isNull(activities.deletedAt),
    q.from ? gte(activities.startsAt, q.from) : undefined,
    q.to ? lt(activities.startsAt, q.to) : undefined,
    activityVisibleSql(userId),
    organiserNotBlockedSql(userId),
  );

export interface ExploreQuery {
  text?: string;
  near?: { latitude: number; longitude: number; radiusMetres: number };
  sportIds?: string[];
  page: { page: number; limit: number };
}

export function createGroupsRepository(db: Db) {
  /** A group with its member count and the caller's membership (joined as `mine`). */
  const summaryColumns = {
    group: groups,
    membersCount,
    myState: mine.state,
    myIsAdmin: mine.isAdmin,
    myIsLeader: mine.isLeader,
    mySharesEmail: mine.sharesEmail,
    myConsentVersion: mine.consentVersion,
    myConsentedAt: mine.consentedAt,
    myRejectionReason: mine.rejectionReason,
    myRemovedAt: mine.removedAt,
  };
  const summaries = (userId: string, tx: DbOrTx = db) =>
    tx
      .select(summaryColumns)
      .from(groups)
      .leftJoin(mine, and(eq(mine.groupId, groups.id), eq(mine.userId, userId)))
      .$dynamic();

  return {
    /** A live (not deleted) group with the caller's membership (`lock` holds it for a change). */
    async find(groupId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await summaries(userId, tx).where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
      return row ?? null;
    },

    async lock(groupId: string, tx: DbOrTx = db, mode: 'update' | 'share' = 'update') {
      await tx.execute(
        sql`select id from ${groups} where id = ${groupId} for ${sql.raw(mode === 'share' ? 'share' : 'update')}`,
      );
    },

    async insert(values: typeof groups.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(groups).values(values).returning();
      return row!;
    },

    update: (groupId: string, values: Partial<typeof groups.$inferInsert>, tx: DbOrTx = db) =>
      tx.update(groups).set(values).where(eq(groups.id, groupId)),

    /** Groups found by text, place and sports; nearest first with a place (GiST index), else the biggest. */
    explore(userId: string, q: ExploreQuery) {
      const distance = q.near
        ? sql<number>`earth_distance(${earthPoint}, ${earthOf(q.near.latitude, q.near.longitude)}) * ${EARTH_RADIUS_METRES} / earth()`
        : sql<null>`null`;
      const conditions = and(
        isNull(groups.deletedAt),
        q.text ? ilike(groups.searchName, `%${q.text.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        q.sportIds?.length ? sql`${groups.sportIds} && ${sql.param(q.sportIds)}::text[]` : undefined,
        q.near
          ? and(
              sql`${groups.latitude} is not null`,
              sql`earth_box(${earthOf(q.near.latitude, q.near.longitude)}, ${(q.near.radiusMetres * 6_378_168) / EARTH_RADIUS_METRES}) @> ${earthPoint}`,
              sql`earth_distance(${earthPoint}, ${earthOf(q.near.latitude, q.near.longitude)}) <= ${(q.near.radiusMetres * 6_378_168) / EARTH_RADIUS_METRES}`,
            )
          : undefined,
      );
      return db
        .select({ ...summaryColumns, distance })
        .from(groups)
        .leftJoin(mine, and(eq(mine.groupId, groups.id), eq(mine.userId, userId)))
        .where(conditions)
        .orderBy(
          ...(q.near
            ? [sql`${earthPoint} <-> ${earthOf(q.near.latitude, q.near.longitude)}`]
            : [desc(membersCount), desc(groups.id)]),
        )
        .limit(paging(q.page).limit)
        .offset(paging(q.page).offset);
    },

    contactIds: (userId: string, among: string[], tx: DbOrTx = db) => contactsAmong(userId, among, tx),

    /**
     * Ids of the group's activities starting in [from, to) that the caller may see (members of the group
     * see them all), in start order.
     */
    async activityIds(
      groupId: string,
      userId: string,
      q: { from?: Date; to?: Date },
      page?: { page: number; limit: number },
    ) {
      const query = db
        .select({ id: activities.id })
        .from(activities)
        .where(activityConditions(groupId, userId, q))
        .orderBy(asc(activities.startsAt), asc(activities.id))
        .$dynamic();
      const rows = await (page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query);
      return rows.map((r) => r.id);
    },

    async countActivities(groupId: string, userId: string, q: { from?: Date; to?: Date }) {
      const [row] = await db
        .select({ n: count() })
        .from(activities)
        .where(activityConditions(groupId, userId, q));
      return row?.n ?? 0;
    },

    /** Live accounts among the given ids. */
    async liveUserIds(ids: string[], tx: DbOrTx = db) {
      if (!ids.length) return new Set<string>();
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`${users.id} = any(${uuidArray(ids)})`, isNull(users.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
