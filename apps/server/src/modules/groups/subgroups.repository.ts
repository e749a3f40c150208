import type { IntensityKind } from '@cordata/contract/enums';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, uuidArray } from '../../db/client.ts';
import {
  activities,
  activityAttendance,
  groupMembers,
  groups,
  sports,
  subgroupMembers,
  subgroups,
  users,
} from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type SubgroupRow = typeof subgroups.$inferSelect;

/** Sub-groups and ride leaders (issue 40): the SQL of the club layer. */
export function createSubgroupsRepository(db: Db) {
  /** How many take part in the group and are in the sub-group, and whether the viewer is one of them. */
  const listColumns = (viewerId: string) => ({
    subgroup: subgroups,
    membersCount: sql<number>`(select count(*)::int from ${subgroupMembers} sg_m
      join ${groupMembers} sg_gm on sg_gm.group_id = ${subgroups.groupId} and sg_gm.user_id = sg_m.user_id
        and sg_gm.state = 'PARTICIPATING'
      where sg_m.subgroup_id = ${subgroups.id})`,
    isMine: sql<boolean>`exists (select 1 from ${subgroupMembers} sg_me
      where sg_me.subgroup_id = ${subgroups.id} and sg_me.user_id = ${viewerId})`,
  });

  return {
    db,

    /** The group's sub-groups, by name. */
    list(groupId: string, viewerId: string, tx: DbOrTx = db) {
      return tx
        .select(listColumns(viewerId))
        .from(subgroups)
        .where(eq(subgroups.groupId, groupId))
        .orderBy(asc(subgroups.name), asc(subgroups.id));
    },

    async one(subgroupId: string, viewerId: string, tx: DbOrTx = db) {
      const [row] = await tx.select(listColumns(viewerId)).from(subgroups).where(eq(subgroups.id, subgroupId));
      return row ?? null;
    },

    /** A sub-group of a live group, or null. */
    async find(subgroupId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ subgroup: subgroups })
        .from(subgroups)
        .innerJoin(groups, eq(groups.id, subgroups.groupId))
        .where(and(eq(subgroups.id, subgroupId), isNull(groups.deletedAt)));
      return row?.subgroup ?? null;
    },

    /** The intensity kinds a live sport takes; null when there is no such sport. */
    async sportKinds(sportId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ kinds: sports.intensityKinds })
        .from(sports)
        .where(and(eq(sports.id, sportId), isNull(sports.retiredAt)));
      return row ? (row.kinds as IntensityKind[]) : null;
    },

    async insert(
      values: { groupId: string; name: string; sportId: string; intensityKind: IntensityKind; intensityValue: number },
      tx: DbOrTx = db,
    ) {
      const [row] = await tx.insert(subgroups).values(values).returning();
      return row!;
    },

    async update(
      subgroupId: string,
      values: { name: string; sportId: string; intensityKind: IntensityKind; intensityValue: number },
      tx: DbOrTx = db,
    ) {
      await tx.update(subgroups).set(values).where(eq(subgroups.id, subgroupId));
    },

    async remove(subgroupId: string, tx: DbOrTx = db) {
      await tx.delete(subgroups).where(eq(subgroups.id, subgroupId));
    },

    /** Who is in the sub-group and takes part in its group, with whether each is a ride leader. */
    members(subgroup: SubgroupRow, tx: DbOrTx = db) {
      return tx
        .select({ ...userSummaryColumns, isLeader: groupMembers.isLeader })
        .from(subgroupMembers)
        .innerJoin(users, and(eq(users.id, subgroupMembers.userId), isNull(users.deletedAt)))
        .innerJoin(
          groupMembers,
          and(
            eq(groupMembers.groupId, subgroup.groupId),
            eq(groupMembers.userId, subgroupMembers.userId),
            eq(groupMembers.state, 'PARTICIPATING'),
          ),
        )
        .where(eq(subgroupMembers.subgroupId, subgroup.id))
        .orderBy(asc(users.firstName), asc(users.id));
    },

    async put(subgroupId: string, userId: string, tx: DbOrTx = db) {
      await tx.insert(subgroupMembers).values({ subgroupId, userId }).onConflictDoNothing();
    },

    async drop(subgroupId: string, userId: string, tx: DbOrTx = db) {
      await tx
        .delete(subgroupMembers)
        .where(and(eq(subgroupMembers.subgroupId, subgroupId), eq(subgroupMembers.userId, userId)));
    },

    /** Of `ids`, those that are sub-groups of the group. */
    async ofGroup(groupId: string, ids: readonly string[], tx: DbOrTx = db) {
      if (!ids.length) return [];
      const rows = await tx
        .select({ id: subgroups.id })
        .from(subgroups)
        .where(and(eq(subgroups.groupId, groupId), sql`${subgroups.id} = any(${uuidArray(ids)})`));
      return rows.map((r) => r.id);
    },

    /** The person is in exactly `ids` of the group's sub-groups. */
    async setMine(groupId: string, userId: string, ids: readonly string[], tx: DbOrTx = db) {
      await tx.execute(sql`delete from ${subgroupMembers} where ${subgroupMembers.userId} = ${userId}
        and ${subgroupMembers.subgroupId} in (select id from ${subgroups} where group_id = ${groupId})`);
      if (ids.length) {
        await tx
          .insert(subgroupMembers)
          .values(ids.map((subgroupId) => ({ subgroupId, userId })))
          .onConflictDoNothing();
      }
    },

    /**
     * The roster (issue 40): everyone taking part in the group, admins first, with their sub-groups, role, the e-mail
     * they opted to share, and of the group's activities that started since `since` how many they were marked at and
     * how many of those they attended.
     */
    roster(groupId: string, since: Date, tx: DbOrTx = db) {
      return tx
        .select({
          ...userSummaryColumns,
          email: sql<string | null>`case when ${groupMembers.sharesEmail} then ${users.email} end`,
          isAdmin: groupMembers.isAdmin,
          isLeader: groupMembers.isLeader,
          joinedAt: groupMembers.joinedAt,
          subgroups: sql<string>`coalesce((select string_agg(r_sg.name, '; ' order by r_sg.name) from ${subgroupMembers} r_sm
            join ${subgroups} r_sg on r_sg.id = r_sm.subgroup_id
            where r_sm.user_id = ${users.id} and r_sg.group_id = ${groupId}), '')`,
          marked: sql<number>`(select count(*)::int from ${activityAttendance} r_at
            join ${activities} r_a on r_a.id = r_at.activity_id
            where r_at.user_id = ${users.id} and r_a.group_id = ${groupId} and r_a.starts_at >= ${since})`,
          attended: sql<number>`(select count(*)::int from ${activityAttendance} r_at
            join ${activities} r_a on r_a.id = r_at.activity_id
            where r_at.user_id = ${users.id} and r_a.group_id = ${groupId} and r_a.starts_at >= ${since}
              and r_at.status = 'ATTENDED')`,
        })
        .from(groupMembers)
        .innerJoin(users, and(eq(users.id, groupMembers.userId), isNull(users.deletedAt)))
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.state, 'PARTICIPATING')))
        .orderBy(
          desc(groupMembers.isAdmin),
          desc(groupMembers.isLeader),
          asc(users.lastName),
          asc(users.firstName),
          asc(users.id),
        );
    },

    /**
     * Sets a member's role (ride leader) or roster choice (shares their e-mail); whether there was such a member of
     * the group.
     */
    async setMember(
      groupId: string,
      userId: string,
      values: Partial<Pick<typeof groupMembers.$inferSelect, 'isLeader' | 'sharesEmail'>>,
      tx: DbOrTx = db,
    ) {
      const rows = await tx
        .update(groupMembers)
        .set(values)
        .where(
          and(
            eq(groupMembers.groupId, groupId),
            eq(groupMembers.userId, userId),
            eq(groupMembers.state, 'PARTICIPATING'),
          ),
        )
        .returning({ userId: groupMembers.userId });
      return rows.length > 0;
    },

    /** The person takes part in the group. */
    async takesPart(groupId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(
          and(
            eq(groupMembers.groupId, groupId),
            eq(groupMembers.userId, userId),
            eq(groupMembers.state, 'PARTICIPATING'),
          ),
        );
      return !!row;
    },
  };
}

export type SubgroupsRepository = ReturnType<typeof createSubgroupsRepository>;
