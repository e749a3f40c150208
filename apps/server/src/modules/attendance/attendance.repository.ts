import type { AttendanceRules, AttendanceStatus } from '@cordata/contract';
import { RELIABILITY_WINDOW } from '@cordata/contract';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedRows, queryRows, uuidArray } from '../../db/client.ts';
import { activities, activityAttendance, activityMembers, activityRecordings, groups, users } from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

/** A person's counts by status, and over their last RELIABILITY_WINDOW counted marks (excused ones left out). */
export interface RecordRow {
  userId: string;
  attended: number;
  noShows: number;
  lateCancels: number;
  excused: number;
  recentAttended: number;
  recentCounted: number;
}

/** The attendance rows of activities (docs/attendance.md) and the groups' attendance rules. */
export function createAttendanceRepository(db: Db) {
  // Every exit asks it (issue 17): built once, prepared per connection, run on the exit's transaction.
  const lateCancelStatement = (() => {
    const at = sql`${sql.placeholder('at')}::timestamptz`;
    return preparedRows<{ user_id: string }>(
      db,
      'attendance_late_cancel',
      sql`
      insert into activity_attendance (activity_id, user_id, status, marked_by, marked_at)
      select a.id, ${sql.placeholder('userId')}::uuid, 'LATE_CANCEL', null, ${at}
      from activities a left join groups g on g.id = a.group_id and g.deleted_at is null
      where a.id = ${sql.placeholder('activityId')}::uuid
        and ${at} >= a.starts_at - make_interval(hours => coalesce(g.late_cancel_hours, ${sql.placeholder('defaultHours')}::int))
        and ${at} < a.ends_at
      on conflict (activity_id, user_id) do nothing
      returning user_id`,
    );
  })();
  return {
    db,

    /** The tick list: everyone taking part, and everyone with a row (a late cancel who left), by name. */
    sheet(activityId: string, tx: DbOrTx = db) {
      return tx
        .select({
          ...userSummaryColumns,
          status: activityAttendance.status,
          markedAt: activityAttendance.markedAt,
          state: activityMembers.state,
          // A recording is kept only when it matched the activity (docs/recordings.md).
          recorded: sql<boolean>`exists (select 1 from ${activityRecordings} r
            where r.activity_id = ${activityId} and r.user_id = ${users.id})`,
        })
        .from(users)
        .leftJoin(
          activityMembers,
          and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, users.id)),
        )
        .leftJoin(
          activityAttendance,
          and(eq(activityAttendance.activityId, activityId), eq(activityAttendance.userId, users.id)),
        )
        .where(
          and(
            isNull(users.deletedAt),
            or(eq(activityMembers.state, 'PARTICIPATING'), isNotNull(activityAttendance.userId)),
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    },

    async mark(
      values: { activityId: string; userId: string; status: AttendanceStatus; markedBy: string | null; at: Date },
      tx: DbOrTx = db,
    ) {
      const row = {
        activityId: values.activityId,
        userId: values.userId,
        status: values.status,
        markedBy: values.markedBy,
        markedAt: values.at,
      };
      await tx
        .insert(activityAttendance)
        .values(row)
        .onConflictDoUpdate({
          target: [activityAttendance.activityId, activityAttendance.userId],
          set: { status: row.status, markedBy: row.markedBy, markedAt: row.markedAt },
        });
    },

    /**
     * Marks attended, by `markedBy`, everyone taking part without a mark whose recording matched the activity; who
     * was marked.
     */
    async markRecorded(activityId: string, markedBy: string, at: Date, tx: DbOrTx = db) {
      const rows = await queryRows<{ userId: string }>(
        tx,
        sql`insert into activity_attendance (activity_id, user_id, status, marked_by, marked_at)
            select m.activity_id, m.user_id, 'ATTENDED', ${markedBy}::uuid, ${at.toISOString()}::timestamptz
            from ${activityMembers} m
            join ${activityRecordings} r on r.activity_id = m.activity_id and r.user_id = m.user_id
            where m.activity_id = ${activityId} and m.state = 'PARTICIPATING'
            on conflict (activity_id, user_id) do nothing
            returning user_id as "userId"`,
      );
      return rows.map((r) => r.userId);
    },

    /**
     * Records a late cancel of a person leaving now, when now is within the late-cancel window of the activity's
     * group (LATE_CANCEL_DEFAULT_HOURS outside a group) before its start, up to its end. A mark already set stays.
     * Whether one was recorded.
     */
    async lateCancel(activityId: string, userId: string, now: Date, defaultHours: number, tx: DbOrTx = db) {
      const rows = await lateCancelStatement.execute({ activityId, userId, at: now.toISOString(), defaultHours }, tx);
      return rows.length > 0;
    },

    /** The records of people (one row each, zeros for people without marks), in one statement. */
    async records(userIds: string[], tx: DbOrTx = db): Promise<RecordRow[]> {
      if (!userIds.length) return [];
      const rows = await queryRows<Record<keyof RecordRow, string | number>>(
        tx,
        sql`
        select u.id as "userId", t.attended, t."noShows", t."lateCancels", t.excused,
               r.attended as "recentAttended", r.counted as "recentCounted"
        from unnest(${uuidArray(userIds)}) as u(id)
        cross join lateral (
          select count(*) filter (where status = 'ATTENDED')::int as attended,
                 count(*) filter (where status = 'NO_SHOW')::int as "noShows",
                 count(*) filter (where status = 'LATE_CANCEL')::int as "lateCancels",
                 count(*) filter (where status = 'EXCUSED')::int as excused
          from activity_attendance where user_id = u.id
        ) t
        cross join lateral (
          select count(*) filter (where x.status = 'ATTENDED')::int as attended, count(*)::int as counted
          from (
            select att.status from activity_attendance att join activities a on a.id = att.activity_id
            where att.user_id = u.id and att.status <> 'EXCUSED'
            order by a.starts_at desc limit ${RELIABILITY_WINDOW}
          ) x
        ) r`,
      );
      return rows.map((r) => ({
        userId: String(r.userId),
        attended: Number(r.attended),
        noShows: Number(r.noShows),
        lateCancels: Number(r.lateCancels),
        excused: Number(r.excused),
        recentAttended: Number(r.recentAttended),
        recentCounted: Number(r.recentCounted),
      }));
    },

    /** Whether anyone may join the activity (OPEN) or people ask (CLOSED). */
    async access(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ access: activities.access })
        .from(activities)
        .where(eq(activities.id, activityId));
      return row?.access ?? null;
    },

    async rules(groupId: string, tx: DbOrTx = db): Promise<AttendanceRules | null> {
      const [row] = await tx
        .select({ lateCancelHours: groups.lateCancelHours, autoApproveReliability: groups.autoApproveReliability })
        .from(groups)
        .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
      return row ?? null;
    },

    async setRules(groupId: string, rules: AttendanceRules, tx: DbOrTx = db) {
      await tx.update(groups).set(rules).where(eq(groups.id, groupId));
    },
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
